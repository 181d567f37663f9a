import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectBackend } from '@canton-scan/testing';

const ROOT = join(__dirname, '../../..');

/**
 * bench:storage's quick mode, as `npm run bench -- --quick` runs it but smaller: the script loads
 * a few hundred updates into a scratch database of this run's backend and prints the table of
 * every store table with its indexes, bytes per update, and the history file's raw and zstd
 * sizes; its figures file holds the same totals. Run from a scratch folder, so the figures of a
 * real run (tmp/bench/storage.json) are left alone.
 */
describe('bench:storage, quick', () => {
  it('loads a small history and prints every table, its indexes and the JSON Lines sizes', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'css-bench-storage-'));
    try {
      const backend = await detectBackend();
      const child = spawn(
        process.execPath,
        [
          '-r',
          join(ROOT, 'libs/testing/register/ts-node-hook.cjs'),
          join(ROOT, 'tools/src/bench/storage.bench.ts'),
          '--updates',
          '300',
          '--backend',
          backend,
        ],
        { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect({ code, output }).toEqual({ code: 0, output: expect.any(String) });

      const lines = output.split('\n');
      const row = (name: string) => lines.find((l) => new RegExp(`^\\s*${name}\\s`).test(l));
      expect(output).toContain(
        `store of 300 updates on ${backend === 'postgres' ? 'real PostgreSQL' : 'embedded PGlite'}`,
      );
      // The history tables, their indexes (a partitioned table's summed over its partitions).
      for (const name of [
        'updates',
        'events',
        'contracts',
        'synchronizer_verdicts',
        'pk_updates',
        'pk_events',
        'ux_updates_update_id',
      ])
        expect(row(name)).toBeDefined();
      const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
      // updates: 300 rows, one per update; every column filled.
      expect(cells(row('updates')).slice(1, 3)).toEqual(['300', '1.00']);
      expect(cells(row('updates'))).toHaveLength(10);
      // An index line: its KiB and bytes per update.
      expect(cells(row('pk_updates'))).toHaveLength(3);
      const total = cells(row('total'));
      expect(Number(total[total.length - 1].replace(/,/g, ''))).toBeGreaterThan(0);
      expect(output).toMatch(/history as lossless JSON Lines : [\d.,]+ MiB, [\d.,]+ B\/update/);
      expect(output).toMatch(/zstd \(level 3, \d+ frames?\)\s+: [\d.,]+ MiB, [\d.,]+ B\/update/);

      const figures = JSON.parse(readFileSync(join(cwd, 'tmp/bench/storage.json'), 'utf8')) as {
        figures: { label: string; value: number }[];
      };
      const value = (label: RegExp) => figures.figures.find((f) => label.test(f.label))?.value ?? 0;
      expect(value(/^store bytes per update/)).toBeGreaterThan(value(/^updates bytes per update/));
      expect(value(/^lossless JSON Lines per update/)).toBeGreaterThan(value(/^lossless JSON Lines, zstd/));
      expect(value(/^lossless JSON Lines, zstd/)).toBeGreaterThan(0);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 180_000);
});
