import type { DataSource } from 'typeorm';
import {
  createDataSource,
  Db,
  LedgerActiveContractsRepository,
  LedgerUpdatesRepository,
  MIGRATIONS,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  createScratchDatabase,
  openSpareEmbeddedDatabase,
  startTestApp,
  storeContentHashes,
  useTestDatabase,
  type TestBackend,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { loadThreeMigrations, THREE_MIGRATIONS_SIMULATION } from './partitioned-history.fixture';

const DB_CONFIG = { poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 };
/** Where the partitioning migration sits among every migration (later ones run after it on conversion). */
const PARTITIONING_AT = MIGRATIONS.findIndex((m) => m.name === 'PartitionedHistory1795370000000');

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Scan calls over every partitioned table, on ids of the loaded store (the same in both stores). */
async function scanCalls(dataSource: DataSource, owner: string): Promise<Call[]> {
  const ids: { update_id: string; migration_id: string }[] = await dataSource.query(
    `SELECT DISTINCT ON (migration_id) update_id, migration_id FROM updates WHERE NOT is_import ORDER BY migration_id, row_id DESC`,
  );
  // Each migration's newest ACS snapshot (the writer records them every hour of record time).
  const snapshots: { migration_id: string; t: string }[] = await dataSource.query(
    `SELECT migration_id, to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM acs_snapshots GROUP BY migration_id ORDER BY migration_id`,
  );
  expect(ids).toHaveLength(3);
  expect(snapshots.map((s) => Number(s.migration_id))).toEqual([0, 1]);
  return [
    ...ids.flatMap((u) => [
      {
        name: `update ${u.migration_id}`,
        method: 'GET' as const,
        path: `/api/scan/v2/updates/${u.update_id}`,
      },
      {
        name: `update ${u.migration_id} lossless`,
        method: 'GET' as const,
        path: `/api/scan/v2/updates/${u.update_id}?lossless=true`,
      },
    ]),
    ...snapshots.flatMap((s) => {
      const snapshot = { migration_id: Number(s.migration_id), record_time: s.t, record_time_match: 'exact' };
      return [
        {
          name: `acs ${s.migration_id}`,
          method: 'POST' as const,
          path: '/api/scan/v0/state/acs',
          body: { ...snapshot, page_size: 1000 },
        },
        {
          name: `holdings ${s.migration_id}`,
          method: 'POST' as const,
          path: '/api/scan/v1/holdings/summary',
          body: { ...snapshot, owner_party_ids: [owner] },
        },
        {
          name: `migration info ${s.migration_id}`,
          method: 'POST' as const,
          path: '/api/scan/v0/backfilling/migration-info',
          body: { migration_id: Number(s.migration_id) },
        },
      ];
    }),
    {
      name: 'import updates',
      method: 'POST',
      path: '/api/scan/v0/backfilling/import-updates',
      body: { migration_id: 1, after_update_id: '', limit: 1000 },
    },
    {
      name: 'activity totals',
      method: 'GET',
      path: '/api/scan/v0/internal/reward-accounting-process/rounds/3/activity-totals',
    },
    { name: 'dso', method: 'GET', path: '/api/scan/v0/dso' },
    {
      name: 'open and issuing rounds',
      method: 'POST',
      path: '/api/scan/v0/open-and-issuing-mining-rounds',
      body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
    },
    { name: 'amulet rules', method: 'POST', path: '/api/scan/v0/amulet-rules', body: {} },
  ];
}

/** Every answer of `calls`, and every update of the history paged through the update list. */
async function answersOf(dataSource: DataSource, calls: Call[]): Promise<Record<string, unknown>> {
  const app = await startTestApp(createScanApp, dataSource);
  try {
    const send = async (path: string, method: 'GET' | 'POST', body?: unknown) => {
      const res = await fetch(app.origin + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    };
    const answers: Record<string, unknown> = {};
    for (const call of calls) answers[call.name] = await send(call.path, call.method, call.body);
    const pages: string[] = [];
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    for (;;) {
      const res = await send('/api/scan/v2/updates', 'POST', { after, page_size: 37 });
      expect({ status: res.status, body: res.status === 200 ? '' : res.body }).toEqual({
        status: 200,
        body: '',
      });
      type Item = { migration_id?: number; event?: { migration_id: number }; record_time: string };
      const page = (JSON.parse(res.body) as { transactions: Item[] }).transactions;
      if (page.length === 0) break;
      pages.push(res.body);
      const last = page[page.length - 1];
      // Transactions carry their migration; reassignments carry it in their event.
      after = {
        after_migration_id: last.migration_id ?? last.event!.migration_id,
        after_record_time: last.record_time,
      };
    }
    answers['update list'] = pages;
    return { ...answers, ...(await ledgerReads(dataSource)) };
  } finally {
    await app.close();
  }
}

/** The ledger node's reads (flats over every offset, active contracts at the end), through the repositories. */
async function ledgerReads(dataSource: DataSource): Promise<Record<string, unknown>> {
  const db = Db.of(dataSource);
  const [end]: { end: string }[] = await dataSource.query(
    `SELECT max(ledger_offset)::text AS end FROM updates`,
  );
  const flats = await new LedgerUpdatesRepository(db).readPage({
    afterExclusive: 0,
    limit: 100_000,
    descending: false,
    visibility: { transactions: { parties: 'any', column: 'witnesses' }, reassignments: { parties: 'any' } },
    withBlobs: true,
    withExerciseValues: true,
  });
  const active = await new LedgerActiveContractsRepository(db).readPage({
    activeAt: Number(end.end),
    createdUpTo: Number(end.end),
    limit: 100_000,
    parties: 'any',
    withBlobs: true,
  });
  return { 'ledger flats': flats, 'ledger active contracts': active };
}

/** Copies every table of `to` (a store at the previous schema) from `from`, row ids and sequences included. */
async function copyStore(from: DataSource, to: DataSource): Promise<void> {
  const columnsOf = (ds: DataSource): Promise<{ table_name: string; column_name: string }[]> =>
    ds.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
    );
  // Columns of both schemas (a table reshaped since, app_activity_records, is empty in `from`).
  const present = new Set((await columnsOf(from)).map((c) => `${c.table_name}.${c.column_name}`));
  const columns = (await columnsOf(to)).filter((c) => present.has(`${c.table_name}.${c.column_name}`));
  const tables = new Map<string, string[]>();
  for (const c of columns)
    tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), `"${c.column_name}"`]);
  for (const [table, names] of tables) {
    const [{ rows }]: { rows: unknown[] }[] = await from.query(
      `SELECT coalesce(json_agg(t), '[]'::json) AS rows FROM (SELECT ${names.join(', ')} FROM "${table}") t`,
    );
    await to.query(
      `INSERT INTO "${table}" (${names.join(', ')}) OVERRIDING SYSTEM VALUE
       SELECT ${names.join(', ')} FROM json_populate_recordset(NULL::"${table}", $1::json)`,
      [JSON.stringify(rows)],
    );
  }
  for (const table of ['updates', 'contracts']) {
    const [seq]: { value: string }[] = await from.query(
      `SELECT last_value::text AS value FROM ${table}_row_id_seq`,
    );
    await to.query(`SELECT setval(pg_get_serial_sequence('${table}', 'row_id'), $1)`, [seq.value]);
  }
}

/**
 * An empty database for the store at the previous schema: a scratch database of the real server,
 * or the run's spare embedded server (a second PGlite cannot start inside a test), emptied of
 * every table and left migrated to the current schema afterwards for its next user.
 */
async function emptyDatabase(backend: TestBackend): Promise<{ url: string; release(): Promise<void> }> {
  if (backend === 'postgres') {
    const scratch = await createScratchDatabase(`css_partition_conversion_${process.pid}`, 'postgres');
    return { url: scratch.url, release: () => scratch.drop() };
  }
  const spare = await openSpareEmbeddedDatabase();
  const empty = async () => {
    await spare.dataSource.query('DROP SCHEMA public CASCADE');
    await spare.dataSource.query('CREATE SCHEMA public');
  };
  try {
    await empty();
  } catch (error) {
    await spare.close();
    throw error;
  }
  return {
    url: spare.url,
    async release() {
      try {
        await empty();
        await spare.dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await spare.close();
      }
    },
  };
}

const partitionCount = async (dataSource: DataSource, table: string): Promise<number> => {
  const [row]: { n: number }[] = await dataSource.query(
    `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = $1::regclass`,
    [table],
  );
  return row.n;
};

describe('partitioned history: a store created before the partitioning migration converts and serves the same answers', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];
  let scratch: { url: string; release(): Promise<void> } | undefined;
  let old: DataSource | undefined;

  afterEach(async () => {
    if (old?.isInitialized) await old.destroy();
    await scratch?.release();
    scratch = old = undefined;
  });

  it('converts updates, events, contracts and holdings into partitions per migration, rows and answers unchanged', async () => {
    // The reference: the history written by the writer into the partitioned schema (without
    // verdicts, as every store of the earlier schema is: SynchronizerVerdicts1795480000000).
    const { owner } = await loadThreeMigrations(db.dataSource, simulated, 'absent');
    const calls = await scanCalls(db.dataSource, owner);
    const expected = await answersOf(db.dataSource, calls);
    const expectedContent = await storeContentHashes(db.dataSource);

    // The same history in a store at the schema before partitioning.
    scratch = await emptyDatabase(db.backend);
    old = createDataSource(scratch.url, DB_CONFIG);
    old.setOptions({ migrations: MIGRATIONS.slice(0, PARTITIONING_AT) });
    await old.initialize();
    await old.runMigrations({ transaction: 'each' });
    expect(await partitionCount(old, 'updates')).toBe(0);
    await copyStore(db.dataSource, old);
    await old.destroy();

    const converted = createDataSource(scratch.url, DB_CONFIG);
    await converted.initialize();
    try {
      const applied = await converted.runMigrations({ transaction: 'each' });
      expect(PARTITIONING_AT).toBeGreaterThan(0);
      expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.slice(PARTITIONING_AT).map((m) => m.name));
      for (const table of ['updates', 'events', 'contracts', 'amulet_holdings'])
        expect({ table, partitions: await partitionCount(converted, table) }).toEqual({
          table,
          partitions: 3,
        });
      expect(await storeContentHashes(converted)).toEqual(expectedContent);
      const answers = await answersOf(converted, calls);
      for (const call of Object.keys(expected))
        expect({ call, answer: answers[call] }).toEqual({ call, answer: expected[call] });
      // Every call was answered (the same answers would be equally empty otherwise).
      for (const call of calls)
        expect({ call: call.name, status: (expected[call.name] as { status: number }).status }).toEqual({
          call: call.name,
          status: 200,
        });

      // Identity sequences carry on past the moved rows.
      const [seq]: { next: string }[] = await converted.query(
        `SELECT nextval('updates_row_id_seq')::text AS next`,
      );
      const [max]: { max: string }[] = await converted.query(`SELECT max(row_id)::text AS max FROM updates`);
      expect(BigInt(seq.next)).toBeGreaterThan(BigInt(max.max));
    } finally {
      await converted.destroy();
    }
  });
});
