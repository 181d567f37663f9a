import type { DataSource } from 'typeorm';
import { LedgerWriter } from '@canton-scan/domain';
import { mirrorOffsetBase, ScanMirror, type MirrorOptions } from '@canton-scan/mirror';
import { simulateHistory } from '@canton-scan/simulator';
import { startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import {
  answersOf,
  FAST_POLICY,
  heldFacts,
  openSourceStore,
  verdictAnswersOf,
  type Sample,
  type SourceStore,
} from './mirror.fixture';

/**
 * The answers with the node's own offsets left out: a mirror copying migrations in parallel gives
 * migration 1 offsets of its own range (`mirrorOffsetBase`), not the source's.
 */
const withoutOffsets = (answers: unknown): unknown =>
  JSON.parse(JSON.stringify(answers).replace(/\\"offset\\":\\"[0-9a-f]*\\"/g, '\\"offset\\":\\"…\\"'));

/** Each migration's regular updates in offset order, with their offsets. */
const offsetsOf = (ds: DataSource) =>
  ds.query<{ migration_id: number; update_id: string; ledger_offset: string }[]>(
    `SELECT u.migration_id::int, u.update_id, u.ledger_offset::text AS ledger_offset FROM updates u
      WHERE NOT u.is_import ORDER BY u.migration_id, u.ledger_offset`,
  );

/** What the writer derived: rounds, their totals, holdings, snapshots. */
const derivedOf = async (ds: DataSource) => ({
  rounds: await ds.query(
    `SELECT round::int, migration_id::int, opened_record_time, closed_record_time FROM mining_rounds ORDER BY round`,
  ),
  totals: await ds.query(
    `SELECT round::int, activity_records_count::int, total_app_reward_minting_allowance::text
       FROM reward_accounting_totals ORDER BY round`,
  ),
  holdings: await ds.query(
    `SELECT c.contract_id, h.migration_id::int, h.amount::text, h.archived_record_time
       FROM amulet_holdings h JOIN contracts c ON c.row_id = h.contract_row_id ORDER BY 1, 2`,
  ),
  snapshots: await ds.query(`SELECT migration_id::int, record_time FROM acs_snapshots ORDER BY 1, 2`),
});

describe('the scan mirror copying migrations in parallel', () => {
  const worker = useTestDatabase();
  let source: SourceStore;
  let target: { dataSource: DataSource; app: RunningTestApp };
  let sample: Sample;

  beforeAll(async () => {
    source = await openSourceStore();
    target = { dataSource: worker.dataSource, app: await startTestApp(createScanApp, worker.dataSource) };
    // The migration at round 20 of 30: a later migration long enough to be copied beside the first.
    const history = [
      ...simulateHistory({ seed: 5, rounds: 30, migrationRound: 20, reassignEveryRounds: 10 }),
    ];
    await new LedgerWriter(source.dataSource, { snapshotIntervalHours: 3 }).append(history);
    const ids: { update_id: string }[] = await source.dataSource.query(
      `SELECT update_id FROM updates ORDER BY row_id`,
    );
    const rounds: { round: number }[] = await source.dataSource.query(
      `SELECT round::int FROM mining_rounds ORDER BY round`,
    );
    sample = {
      ids: ids.filter((_, i) => i % 41 === 0).map((r) => r.update_id),
      verdictIds: [],
      rounds: rounds.map((r) => r.round),
    };
  }, 120_000);
  afterAll(async () => {
    await target?.app.close();
    await source?.close();
  });

  const mirror = (extra: Partial<MirrorOptions> = {}) =>
    new ScanMirror(target.dataSource, {
      peers: [`${source.app.origin}/api/scan`],
      snapshotIntervalHours: 3,
      policy: FAST_POLICY,
      parallelMigrations: true,
      ...extra,
    });

  it('copies both migrations at once, each in its own offsets, resumes, and ends with the source history and derived state', async () => {
    // A first run stopped after a few batches, as a killed run would be.
    const stop = new AbortController();
    let batches = 0;
    await mirror({ pageSize: 50, onProgress: () => ++batches >= 4 && stop.abort() }).run({
      signal: stop.signal,
    });
    expect(batches).toBeGreaterThanOrEqual(4);
    const resumed = await mirror({ pageSize: 50 }).run({ once: true });
    expect(resumed.appended).toBeGreaterThan(0);
    const count = async (ds: DataSource) =>
      (await ds.query(`SELECT count(*)::int AS n FROM updates`))[0].n as number;
    expect(await count(target.dataSource)).toBe(await count(source.dataSource));

    // The two migrations were written at the same time: the later one's regular updates began
    // before the earlier one's ended.
    const [{ interleaved }] = await target.dataSource.query(
      `SELECT (SELECT min(row_id) FROM updates WHERE migration_id = 1 AND NOT is_import)
            < (SELECT max(row_id) FROM updates WHERE migration_id = 0) AS interleaved`,
    );
    expect(interleaved).toBe(true);

    // Migration 0 has the source's offsets; migration 1 its own range, in the source's order.
    const mine = await offsetsOf(target.dataSource);
    const theirs = await offsetsOf(source.dataSource);
    const ofMigration = (rows: typeof mine, m: number) => rows.filter((r) => r.migration_id === m);
    expect(ofMigration(mine, 0)).toEqual(ofMigration(theirs, 0));
    expect(ofMigration(mine, 1).map((r) => r.update_id)).toEqual(
      ofMigration(theirs, 1).map((r) => r.update_id),
    );
    const later = ofMigration(mine, 1).map((r) => BigInt(r.ledger_offset));
    expect(later.length).toBeGreaterThan(50);
    expect(later[0]).toBe(mirrorOffsetBase(1) + 1n);
    expect(later[later.length - 1]).toBe(mirrorOffsetBase(1) + BigInt(later.length));

    // The same history and derived state as the source, offsets aside.
    expect(await heldFacts(target.dataSource)).toEqual([
      { migration_id: 0, verdicts_held: true, hosting_held: false },
      { migration_id: 1, verdicts_held: true, hosting_held: false },
    ]);
    const derived = await derivedOf(target.dataSource);
    expect(derived.totals.length).toBeGreaterThan(10);
    expect(derived).toEqual(await derivedOf(source.dataSource));
    expect(withoutOffsets(await answersOf(target.app.origin, sample.ids))).toEqual(
      withoutOffsets(await answersOf(source.app.origin, sample.ids)),
    );
    expect(withoutOffsets(await verdictAnswersOf(target.app.origin, sample))).toEqual(
      withoutOffsets(await verdictAnswersOf(source.app.origin, sample)),
    );

    // Nothing more to copy, in parallel or one migration after the other.
    expect((await mirror().run({ once: true })).appended).toBe(0);
    expect((await mirror({ parallelMigrations: false }).run({ once: true })).appended).toBe(0);
  }, 180_000);
});
