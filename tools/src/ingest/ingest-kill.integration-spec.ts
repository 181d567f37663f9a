import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTsScript, storeContentHashes, useTestDatabase, type TsProcess } from '@canton-scan/testing';

/**
 * `ingest` killed with SIGKILL mid-run and run again over the same simulated file ends with the
 * store of an uninterrupted run: the same rows, table by table (derived tables and ACS snapshot
 * times included), no duplicate and nothing missing.
 */
describe('ingest killed mid-run (SIGKILL)', () => {
  const db = useTestDatabase();
  let dir: string;
  let file: string;

  const countUpdates = async (): Promise<number> =>
    (await db.dataSource.query(`SELECT count(*)::int AS n FROM updates`))[0].n;
  const ingest = (): TsProcess =>
    spawnTsScript('tools/src/ingest/ingest.cli.ts', ['--file', file, '--batch-size', '40'], {
      DATABASE_URL: db.url,
      DB_MIGRATE_ON_START: 'false',
      SNAPSHOT_INTERVAL_HOURS: '2',
    });
  const completes = async (run: TsProcess): Promise<string> => {
    const code = await run.exited;
    expect({ code, output: code === 0 ? '' : run.output() }).toEqual({ code: 0, output: '' });
    return run.output();
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'css-ingest-kill-'));
    file = join(dir, 'history.jsonl');
    const simulate = spawnTsScript(
      'tools/src/simulate/simulate.cli.ts',
      [
        '--out',
        file,
        '--seed',
        '23',
        '--rounds',
        '120',
        '--tick-seconds',
        '1800',
        '--migration-round',
        '90',
        '--quiet',
      ],
      {},
    );
    await completes(simulate);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('run again, ends with the store of an uninterrupted run', async () => {
    await completes(ingest());
    const uninterrupted = await storeContentHashes(db.dataSource);
    const total = uninterrupted.updates.rows;
    expect(total).toBeGreaterThan(1000);
    expect(uninterrupted.acs_snapshots.rows).toBeGreaterThan(20);
    await db.truncate();

    const first = ingest();
    try {
      // Killed once a third of the history is stored, in the middle of its batches.
      for (;;) {
        if (first.child.exitCode !== null)
          throw new Error(`ingest ended before it was killed:\n${first.output()}`);
        if ((await countUpdates()) >= total / 3) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
    const atKill = await countUpdates();
    expect(atKill).toBeGreaterThanOrEqual(total / 3);
    expect(atKill).toBeLessThan(total);

    const output = await completes(ingest());
    expect(output).toContain(`${total - atKill} updates appended, ${atKill} already stored`);
    expect(await storeContentHashes(db.dataSource)).toEqual(uninterrupted);
  }, 300_000);
});
