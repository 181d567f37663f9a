import type { QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import {
  AcsRepository,
  Db,
  HoldingsRepository,
  LedgerActiveContractsRepository,
  LedgerUpdatesRepository,
  RewardAccountingRepository,
  UpdateHistoryRepository,
  type Params,
  type Statement,
  type StreamedBytes,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { useTestDatabase } from '@canton-scan/testing';
import {
  loadThreeMigrations,
  THREE_MIGRATIONS_SIMULATION,
  type ThreeMigrationStore,
} from './partitioned-history.fixture';

/** A Db that keeps every statement it runs, so the tests can EXPLAIN exactly what a repository sent. */
class RecordingDb extends Db {
  readonly statements: { text: string; params: Params }[] = [];

  constructor(dataSource: DataSource) {
    super(dataSource);
  }

  override async query<T extends QueryResultRow = QueryResultRow>(
    statement: Statement | string,
    params: Params = [],
  ): Promise<T[]> {
    this.statements.push({ text: typeof statement === 'string' ? statement : statement.text, params });
    return super.query<T>(statement, params);
  }

  override async textStream(statement: Statement | string, params: Params = []): Promise<StreamedBytes> {
    this.statements.push({ text: typeof statement === 'string' ? statement : statement.text, params });
    return super.textStream(statement, params);
  }
}

const TABLES = ['updates', 'events', 'contracts', 'amulet_holdings'] as const;
type Table = (typeof TABLES)[number];
const MIGRATIONS = [0, 1, 2];

/**
 * The partitions a plan reads: those named on a plan line that ran (EXPLAIN ANALYZE marks
 * subplans pruned at run time "never executed"; those pruned when planning are not in the plan).
 */
function partitionsRead(plan: string): string[] {
  const read = new Set<string>();
  for (const line of plan.split('\n')) {
    if (line.includes('never executed')) continue;
    for (const m of line.matchAll(/\b(updates|events|contracts|amulet_holdings)_m(\d+)\b/g)) read.add(m[0]);
  }
  return [...read].sort();
}

/** The partitions a plan reads under one alias of the statement (`updates u` scans show as `on updates_m0 u_1`). */
function partitionsReadAs(plan: string, alias: string): string[] {
  const read = new Set<string>();
  for (const line of plan.split('\n')) {
    if (line.includes('never executed')) continue;
    for (const m of line.matchAll(
      / on ((?:updates|events|contracts|amulet_holdings)_m\d+) (\w+?)(?:_\d+)?(?= |$)/g,
    ))
      if (m[2] === alias) read.add(m[1]);
  }
  return [...read].sort();
}

const all = (table: Table) => MIGRATIONS.map((m) => `${table}_m${m}`);

describe('partitioned history: every hot query reads only the partitions it must (EXPLAIN, 3 migrations)', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];
  let store: ThreeMigrationStore;

  beforeEach(async () => {
    store = await loadThreeMigrations(db.dataSource, simulated);
  });

  /** Runs `read` on a recording Db, then EXPLAIN ANALYZEs each statement it sent (index scans preferred, as at scale). */
  async function plansOf(read: (db: RecordingDb) => Promise<unknown>): Promise<string[]> {
    const recording = new RecordingDb(db.dataSource);
    await read(recording);
    expect(recording.statements.length).toBeGreaterThan(0);
    return Db.of(db.dataSource).transaction(async (tx) => {
      // The test store is tiny: without this the planner reads small partitions sequentially.
      await tx.query('SET LOCAL enable_seqscan = off');
      const plans: string[] = [];
      for (const s of recording.statements) {
        const rows = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${s.text}`,
          s.params,
        );
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return plans;
    });
  }

  const partitioned = (plan: string) => partitionsRead(plan);

  it('has a partition per migration for every partitioned table', async () => {
    const rows: { name: string }[] = await db.dataSource.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relkind = 'r' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(TABLES.flatMap(all).sort());
  });

  it('update by id: no migration id to prune on, so one index probe per updates partition; its events from its own partition', async () => {
    const [u]: { update_id: string }[] = await db.dataSource.query(
      `SELECT update_id FROM updates WHERE migration_id = 1 AND NOT is_import ORDER BY row_id LIMIT 1`,
    );
    const [plan] = await plansOf((d) => new UpdateHistoryRepository(d).findRowsById(u.update_id, false));
    expect(partitioned(plan)).toEqual([...all('updates'), 'contracts_m1', 'events_m1'].sort());
    // Each updates partition is probed through its ux_updates_update_id index, none is scanned.
    for (const partition of all('updates'))
      expect(plan).toMatch(
        new RegExp(`Index (Only )?Scan using ${partition}_update_id_migration_id_idx on ${partition}\\b`),
      );
  });

  it('update list paging: the migrations from the cursor on (the page may run into the next one), events of the page only', async () => {
    const [after]: { t: string }[] = await db.dataSource.query(
      `SELECT to_char(min(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
         FROM updates WHERE migration_id = 1 AND NOT is_import`,
    );
    const plans = await plansOf((d) =>
      new UpdateHistoryRepository(d).findListPageRows({ migrationId: 1, recordTime: after.t }, 5, false),
    );
    expect(partitioned(plans[0])).toEqual(['contracts_m1', 'events_m1', 'updates_m1', 'updates_m2']);
  });

  it('import updates page: one migration', async () => {
    const plans = await plansOf((d) => new UpdateHistoryRepository(d).findImportPageRows(1, '', 5));
    // Lossless: no compact payloads, so no contract lookups.
    expect(partitioned(plans[0])).toEqual(['events_m1', 'updates_m1']);
  });

  it('ACS page and its page-token check: one migration', async () => {
    const [t]: { t: string }[] = await db.dataSource.query(
      `SELECT max(record_time) AS t FROM updates WHERE migration_id = 1`,
    );
    const selection = { migrationId: 1, snapshotTime: new Date(t.t).toISOString() };
    const acs = await plansOf(async (d) => {
      const repository = new AcsRepository(d);
      const page = JSON.parse((await (await repository.page(selection, undefined, 10)).all()).toString()) as {
        created_events: unknown[];
        next_page_token: number;
      };
      expect(page.created_events).toHaveLength(10);
      await repository.isRowOf(selection, String(page.next_page_token));
    });
    expect(partitioned(acs[0])).toEqual(['contracts_m1', 'updates_m1']);
    expect(partitioned(acs[1])).toEqual(['contracts_m1']);
  });

  it('holdings summary: one migration', async () => {
    const [lookup, plan] = await plansOf((d) =>
      new HoldingsRepository(d).summaries(2, '2099-01-01T00:00:00Z', [store.owner, 'nobody::1220']),
    );
    // The owners' dictionary ids first (no history read), then the sums.
    expect(partitioned(lookup)).toEqual([]);
    expect(partitioned(plan)).toEqual(['amulet_holdings_m2']);
    // Each owner's range of the holdings index (index-only on a store of any size: the snapshot
    // filter and the sums read its INCLUDE columns; this tiny one may take a bitmap of the range).
    expect(plan).toMatch(
      /(Index (Only )?Scan using|Bitmap Index Scan on) amulet_holdings_m2_migration_id_owner_id_contract_row_id\w*_idx[^\n]*\s+Index Cond: \(\(migration_id = '2'::bigint\) AND \(owner_id = o\.owner_id\)\)/,
    );
  });

  it('activity totals: rounds, not history (no partitioned table read)', async () => {
    const plans = await plansOf((d) => new RewardAccountingRepository(d).roundState('3'));
    for (const plan of plans) expect(partitioned(plan)).toEqual([]);
  });

  it('ledger flats: offsets span migrations, so each updates partition is probed through its offset index; events of one migration', async () => {
    const [w]: { from: string }[] = await db.dataSource.query(
      `SELECT min(ledger_offset)::text AS from FROM updates WHERE migration_id = 1 AND NOT is_import`,
    );
    const plans = await plansOf((d) =>
      new LedgerUpdatesRepository(d).readPage({
        afterExclusive: Number(w.from),
        upToInclusive: Number(w.from) + 5,
        descending: false,
        limit: 5,
        visibility: { transactions: { parties: 'any', column: 'stakeholders' } },
        withBlobs: true,
        withExerciseValues: true,
      }),
    );
    expect(plans).toHaveLength(2);
    for (const partition of all('updates'))
      expect(plans[0]).toMatch(
        new RegExp(`Index Scan using ${partition}_ledger_offset_migration_id_idx on ${partition}\\b`),
      );
    expect(partitioned(plans[1])).toEqual(['contracts_m1', 'events_m1']);
    // Each created event's contract (its compact payload and blob) by (contract id, migration).
    expect(plans[1]).toMatch(
      /Index Scan using contracts_m1_contract_id_migration_id\w*_idx on contracts_m1\b/,
    );
  });

  it('ledger active contracts: keyset over every migration by offset; the creating update and event from their own partition', async () => {
    const [end]: { end: string }[] = await db.dataSource.query(
      `SELECT max(ledger_offset)::text AS end FROM updates`,
    );
    const plans = await plansOf((d) =>
      new LedgerActiveContractsRepository(d).readPage({
        activeAt: Number(end.end),
        createdUpTo: Number(end.end),
        limit: 5,
        parties: 'any',
        withBlobs: true,
      }),
    );
    // The first page is in migration 0: its contracts' creating updates (u) and events (e) are read
    // from migration 0's partitions only. What cannot prune: the keyset over creation offsets (c),
    // a contract's rows of every migration (o) and its reassignments (r), all by index.
    expect(partitionsReadAs(plans[0], 'u')).toEqual(['updates_m0']);
    expect(partitionsReadAs(plans[0], 'e')).toEqual(['events_m0']);
    expect(partitionsReadAs(plans[0], 'c')).toEqual(all('contracts'));
    expect(partitionsReadAs(plans[0], 'o')).toEqual(all('contracts'));
    expect(partitionsReadAs(plans[0], 'r')).toEqual(all('updates'));
    expect(plans[0]).not.toMatch(/Seq Scan on (updates|contracts)_m/);
    // A contract's rows of every migration: index-only, the offsets from the contract id index.
    for (const partition of all('contracts'))
      expect(plans[0]).toMatch(
        new RegExp(
          `Index Only Scan using ${partition}_contract_id_migration_id\\w*_idx on ${partition} o_\\d+\\b`,
        ),
      );
  });
});
