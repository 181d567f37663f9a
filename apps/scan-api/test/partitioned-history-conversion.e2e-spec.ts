import type { DataSource } from 'typeorm';
import { createDataSource, MIGRATIONS, partyNamesOf, synchronizerNameOf } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  createScratchDatabase,
  openSpareEmbeddedDatabase,
  storeContentHashes,
  useTestDatabase,
  type TestBackend,
} from '@canton-scan/testing';
import {
  answersOf,
  loadThreeMigrations,
  scanCalls,
  THREE_MIGRATIONS_SIMULATION,
} from './partitioned-history.fixture';

const DB_CONFIG = { poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 };
/** Where the partitioning migration sits among every migration (later ones run after it on conversion). */
const PARTITIONING_AT = MIGRATIONS.findIndex((m) => m.name === 'PartitionedHistory1795370000000');

/** Party columns that held names before migration PartyIds (quoted, as `copyStore` names columns). */
const PARTY_NAME_COLUMNS = new Set(['events."stakeholders"', 'contracts."stakeholders"']);

/** Columns of the previous schema the current one no longer stores, and how `from` derives them. */
const DERIVED_COLUMNS = new Map([
  // ContractTemplateId: a contract's template id is its parts joined.
  ['contracts.template_id', `(s.package_id || ':' || s.module_name || ':' || s.entity_name)`],
  // TemplateIds: an event's template id and package name are its templates dictionary row's.
  [
    'events.template_id',
    `(SELECT d.package_id || ':' || d.module_name || ':' || d.entity_name FROM templates d WHERE d.id = s.template_ref)`,
  ],
  ['events.package_name', `(SELECT d.package_name FROM templates d WHERE d.id = s.template_ref)`],
  // HoldingsOwnerIds: a holding's owner is stored as its dictionary id.
  ['amulet_holdings.owner', `(SELECT d.party FROM parties d WHERE d.id = s.owner_id)`],
  // SynchronizerIds: the synchronizer is a dictionary id, its name the text the column held.
  ['updates.synchronizer_id', synchronizerNameOf('s.synchronizer')],
  ['contracts.synchronizer_id', synchronizerNameOf('s.synchronizer')],
]);

/** Copies every table of `to` (a store at the previous schema) from `from`, row ids and sequences included. */
async function copyStore(from: DataSource, to: DataSource): Promise<void> {
  const columnsOf = (ds: DataSource): Promise<{ table_name: string; column_name: string }[]> =>
    ds.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
    );
  // Columns of both schemas (a table reshaped since, app_activity_records, is empty in `from`).
  const present = new Set((await columnsOf(from)).map((c) => `${c.table_name}.${c.column_name}`));
  const columns = (await columnsOf(to)).filter(
    (c) =>
      present.has(`${c.table_name}.${c.column_name}`) ||
      DERIVED_COLUMNS.has(`${c.table_name}.${c.column_name}`),
  );
  const tables = new Map<string, string[]>();
  for (const c of columns)
    tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), `"${c.column_name}"`]);
  for (const [table, names] of tables) {
    // The party columns of the previous schema held names (`from` holds dictionary ids: PartyIds).
    const selected = names.map((name) => {
      const derived = DERIVED_COLUMNS.get(`${table}.${name.slice(1, -1)}`);
      if (derived !== undefined) return `${derived} AS ${name}`;
      return PARTY_NAME_COLUMNS.has(`${table}.${name}`)
        ? `${partyNamesOf(`s.${name}`)} AS ${name}`
        : `s.${name}`;
    });
    const [{ rows }]: { rows: unknown[] }[] = await from.query(
      `SELECT coalesce(json_agg(t), '[]'::json) AS rows FROM (SELECT ${selected.join(', ')} FROM "${table}" s) t`,
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
