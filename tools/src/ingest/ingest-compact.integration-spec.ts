import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTsScript, useTestDatabase } from '@canton-scan/testing';

/**
 * `ingest --encoding compact_json` loads a bulk-download object (zstd JSON Lines of v2 items) —
 * here the MainNet network's first 25 updates (`<repo>/../shared`) — as compact-only history;
 * the default lossless encoding refuses the same object, naming the update and the payload.
 */
const ANSWER = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30/scan.v2.updates.json');

describe('ingest --encoding compact_json', () => {
  const db = useTestDatabase();
  let dir: string;
  let object: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'css-ingest-compact-'));
    const items = (JSON.parse(readFileSync(ANSWER, 'utf8')) as { transactions: unknown[] }).transactions;
    const lines = join(dir, 'updates_0.jsonl');
    writeFileSync(lines, items.map((i) => JSON.stringify(i)).join('\n') + '\n');
    object = join(dir, 'updates_0.zstd');
    execFileSync('zstd', ['-q', '-f', lines, '-o', object]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ingest = (...args: string[]) =>
    spawnTsScript('tools/src/ingest/ingest.cli.ts', ['--file', object, ...args], {
      DATABASE_URL: db.url,
      DB_MIGRATE_ON_START: 'false',
    });

  it('loads a zstd JSON Lines object as compact-only history; the lossless default refuses it', async () => {
    const lossless = ingest();
    expect(await lossless.exited).toBe(1);
    expect(lossless.output()).toMatch(/update 1220c7d2\w+: offset must be a string/);
    expect((await db.dataSource.query('SELECT count(*)::int AS n FROM updates'))[0].n).toBe(0);

    const compact = ingest('--encoding', 'compact_json');
    const code = await compact.exited;
    expect({ code, output: code === 0 ? '' : compact.output() }).toEqual({ code: 0, output: '' });
    expect(compact.output()).toContain('25 updates appended');
    expect(
      await db.dataSource.query('SELECT count(*)::int AS n, bool_and(compact_only) AS all FROM updates'),
    ).toEqual([{ n: 25, all: true }]);

    const bad = ingest('--encoding', 'lossy');
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('--encoding must be protobuf_json or compact_json, got "lossy"');
  });
});
