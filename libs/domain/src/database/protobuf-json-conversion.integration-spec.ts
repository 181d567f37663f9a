import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { createScratchDatabase, openSpareEmbeddedDatabase, useTestDatabase } from '@canton-scan/testing';
import { toCompact } from '../daml-value/compact';
import type { DamlValue } from '../daml-value/daml-value.types';
import { assertDamlValue } from '../daml-value/daml-value.validation';
import { fromLegacyDialect } from '../daml-value/legacy-dialect';
import { canonicalJson, sha256Hex } from '../history/canonical-json';
import { LedgerWriter } from '../history/ledger-writer';
import { ensureHistoryPartitions } from '../history/history-partitions';
import { UpdateHistoryRepository } from '../scan/updates/update-history.repository';
import { UpdateHistoryService } from '../scan/updates/update-history.service';
import { createDataSource } from './data-source';
import { Db } from './db';
import { MIGRATIONS } from './migrations';
import { partyNamesOf } from '../parties/party-sql';
import { synchronizerNameOf } from '../synchronizers/synchronizer-sql';
import {
  convertContracts,
  convertEvents,
  ProtobufJsonPayloads1795450000000,
} from './migrations/1795450000000-protobuf-json-payloads';
import { rehashUpdates } from './migrations/protobuf-json-rehash';

/*
 * A store written by the previous release (commit 6579eed; test/fixtures/previous-release-store,
 * rebuilt by its make-fixture.mjs): its rows are loaded into a database migrated as that release
 * left it, then this release's migrations run. The converted store must hold what this release's
 * writer stores when fed the same history, with the payloads converted.
 */

const FIXTURE = join(__dirname, '../../test/fixtures/previous-release-store');
const PREVIOUS_LAST_MIGRATION = 'ExplorerChoiceContractIndexes1795410000000';

/** The fixture's rows as JSON text, per table (one row per line in the file). */
function fixtureTables(): Map<string, string[]> {
  const lines = gunzipSync(readFileSync(join(FIXTURE, 'store.json.gz')))
    .toString('utf8')
    .split('\n');
  const tables = new Map<string, string[]>();
  let rows: string[] | undefined;
  for (const line of lines) {
    const start = /^"(\w+)":\[$/.exec(line);
    if (start) tables.set(start[1], (rows = []));
    else if (line.startsWith(']')) rows = undefined;
    else if (rows) rows.push(line.replace(/,$/, ''));
  }
  return tables;
}

/** The previous release's history (legacy dialect), one update per line. */
function fixtureHistory(): Record<string, unknown>[] {
  return gunzipSync(readFileSync(join(FIXTURE, 'history.jsonl.gz')))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** `update` with every payload converted from the legacy dialect (what this release ingests). */
function convertedUpdate(update: unknown): unknown {
  if (Array.isArray(update)) return update.map(convertedUpdate);
  if (typeof update !== 'object' || update === null) return update;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    out[key] =
      (key === 'create_arguments' || key === 'choice_argument' || key === 'exercise_result') && value !== null
        ? fromLegacyDialect(value, key)
        : convertedUpdate(value);
  }
  return out;
}

/** Loads the fixture's rows (after `rewrite`, which may change them in place). */
async function loadFixture(
  dataSource: DataSource,
  rewrite?: (tables: Map<string, string[]>) => void,
): Promise<void> {
  const tables = fixtureTables();
  rewrite?.(tables);
  const migrationIds = (tables.get('updates') ?? []).map((row) =>
    String((JSON.parse(row) as { migration_id: number }).migration_id),
  );
  await ensureHistoryPartitions(dataSource, migrationIds);
  for (const [table, rows] of tables) {
    if (rows.length === 0) continue;
    await dataSource.query(
      `INSERT INTO "${table}" OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::"${table}", $1::json)`,
      [`[${rows.join(',')}]`],
    );
  }
  for (const table of ['updates', 'contracts'])
    await dataSource.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'row_id'), (SELECT max(row_id) FROM "${table}"))`,
    );
}

const TABLE_KEYS: Record<string, string> = {
  updates: 'row_id',
  events: 'update_row_id, node_id',
  contracts: 'row_id',
  amulet_holdings: 'contract_row_id',
  validator_licenses: 'contract_row_id',
  vote_results: 'update_row_id, node_id',
  // Columns of both of its forms (keyed by contract id, then by update id and provider).
  app_activity_records: 'round, provider, activity_weight, migration_id',
  mining_rounds: 'round',
  acs_snapshots: 'migration_id, record_time',
  reward_accounting_totals: 'round',
  history_migrations: 'migration_id',
};

/**
 * Every row of `table` as JSON objects (json columns' text parsed), in primary-key order. Party
 * dictionary ids (migrations PartyIds, HoldingsOwnerIds) are read as the names they stand for, and
 * an event's template dictionary id (migration TemplateIds) as the template id and package name it
 * stands for: a store's ids depend on the order it met its parties and templates in. A
 * synchronizer dictionary id (migration SynchronizerIds, `synchronizer`) is read as the
 * `synchronizer_id` it stands for, as the previous release stored it.
 */
async function rowsOf(dataSource: DataSource, table: string): Promise<Record<string, unknown>[]> {
  const idColumns = (
    await dataSource.query<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = $1 AND column_name IN ('stakeholders', 'other_party_ids') AND udt_name = '_int4'`,
      [table],
    )
  ).map((c) => c.column_name);
  const names = idColumns.map(
    (c) => `, CASE WHEN t.${c} IS NOT NULL THEN ${partyNamesOf(`t.${c}`)} END AS ${c}`,
  );
  // A holding's owner, a name before HoldingsOwnerIds, is its dictionary id `owner_id` since.
  const ownerId = (
    await dataSource.query<unknown[]>(
      `SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'owner_id'`,
      [table],
    )
  ).length;
  if (ownerId) names.push(`, (SELECT d.party FROM parties d WHERE d.id = t.owner_id) AS owner`);
  const [{ n: synchronizerIds }] = await dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_name = $1 AND column_name = 'synchronizer' AND udt_name = 'int2'`,
    [table],
  );
  if (synchronizerIds > 0) names.push(`, ${synchronizerNameOf('t.synchronizer')} AS synchronizer_name`);
  const rows: ({ row: string } & Record<string, unknown>)[] = await dataSource.query(
    `SELECT row_to_json(t)::text AS row${names.join('')} FROM "${table}" t ORDER BY ${TABLE_KEYS[table]}`,
  );
  const [{ dictionary }] = await dataSource.query<{ dictionary: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'template_ref') AS dictionary`,
    [table],
  );
  const templates = new Map(
    dictionary
      ? (
          await dataSource.query<{ id: number; template_id: string; package_name: string }[]>(
            `SELECT id, package_id || ':' || module_name || ':' || entity_name AS template_id, package_name FROM templates`,
          )
        ).map((t) => [t.id, t])
      : [],
  );
  return rows.map((r) => {
    const row = JSON.parse(r.row) as Record<string, unknown>;
    for (const c of idColumns) row[c] = r[c];
    if (ownerId) {
      delete row.owner_id;
      row.owner = r.owner;
    }
    if (synchronizerIds > 0) {
      delete row.synchronizer;
      row.synchronizer_id = r.synchronizer_name;
    }
    if ('template_ref' in row) {
      const { template_ref, ...rest } = row;
      const template = templates.get(template_ref as number)!;
      return { ...rest, template_id: template.template_id, package_name: template.package_name };
    }
    return row;
  });
}

interface PayloadRow {
  r: string;
  n: number;
  ca: string | null;
  chc: string | null;
  er: string | null;
}

async function payloadsOf(dataSource: DataSource): Promise<PayloadRow[]> {
  return dataSource.query(
    `SELECT update_row_id::text AS r, node_id AS n, create_arguments::text AS ca, choice_argument::text AS chc,
            exercise_result::text AS er FROM events ORDER BY update_row_id, node_id`,
  );
}

function without(row: Record<string, unknown>, ...columns: string[]): Record<string, unknown> {
  const out = { ...row };
  for (const column of columns) delete out[column];
  return out;
}

/**
 * A database of its own for the converted store, beside the worker's (which gets the fresh one):
 * a scratch database on the real server; on the embedded one, the run's spare server (a jest
 * worker cannot start PGlite), emptied.
 */
async function openEmptyDatabase(
  backend: 'postgres' | 'embedded',
): Promise<{ url: string; drop(): Promise<void> }> {
  if (backend === 'postgres') return createScratchDatabase(`css_convert_${process.pid}`, 'postgres');
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
    // The spare is left as the next file expects it: migrated, empty.
    async drop() {
      try {
        await empty();
        await spare.dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await spare.close();
      }
    },
  };
}

const sorted = (xs: unknown) => (xs === null ? null : [...(xs as string[])].sort());

describe('converting a store of the previous release (ProtobufJsonPayloads1795450000000)', () => {
  const fresh = useTestDatabase();
  let scratch: { url: string; drop(): Promise<void> };
  let store: DataSource;
  let applied: string[];
  const before: Record<string, Record<string, unknown>[]> = {};
  let beforePayloads: PayloadRow[];

  beforeAll(async () => {
    scratch = await openEmptyDatabase(fresh.backend);
    store = createDataSource(scratch.url, { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
    const last = MIGRATIONS.findIndex((m) => m.name === PREVIOUS_LAST_MIGRATION);
    const previous = new DataSource({ ...store.options, migrations: MIGRATIONS.slice(0, last + 1) });
    await previous.initialize();
    try {
      await previous.runMigrations({ transaction: 'each' });
      await loadFixture(previous);
      for (const table of Object.keys(TABLE_KEYS)) before[table] = await rowsOf(previous, table);
      beforePayloads = await payloadsOf(previous);
    } finally {
      await previous.destroy();
    }
    // Many batches over the small store: the keyset paging is what is under test too.
    const batchRows = ProtobufJsonPayloads1795450000000.batchRows;
    ProtobufJsonPayloads1795450000000.batchRows = 97;
    try {
      await store.initialize();
      applied = (await store.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      ProtobufJsonPayloads1795450000000.batchRows = batchRows;
    }
  }, 180_000);

  afterAll(async () => {
    if (store?.isInitialized) await store.destroy();
    await scratch?.drop();
  });

  it('runs this release’s migrations on the previous release’s store', () => {
    expect(before.events.length).toBeGreaterThan(1000);
    expect(applied).toContain('ProtobufJsonPayloads1795450000000');
    expect(applied).not.toContain(PREVIOUS_LAST_MIGRATION);
  });

  it('converts every lossless payload to the proto3 JSON of the legacy value', async () => {
    const after = await payloadsOf(store);
    expect(after.map((p) => [p.r, p.n])).toEqual(beforePayloads.map((p) => [p.r, p.n]));
    let converted = 0;
    after.forEach((row, i) => {
      for (const column of ['ca', 'chc', 'er'] as const) {
        const old = beforePayloads[i][column];
        if (old === null) {
          expect(row[column]).toBeNull();
          continue;
        }
        const value: unknown = JSON.parse(row[column]!);
        assertDamlValue(value, `events(${row.r}, ${row.n}).${column}`);
        // The same JSON text the printer writes: members in field-number order.
        expect(row[column]).toBe(JSON.stringify(fromLegacyDialect(JSON.parse(old))));
        converted++;
      }
    });
    expect(converted).toBeGreaterThan(1000);
  });

  it('re-renders every compact payload from the converted arguments', async () => {
    const rows: { pc: string; ca: string }[] = await store.query(
      `SELECT c.payload_compact::text AS pc, e.create_arguments::text AS ca FROM contracts c
         JOIN events e ON e.migration_id = c.migration_id AND e.update_row_id = c.created_update_row_id AND e.node_id = c.created_node_id
        ORDER BY c.row_id`,
    );
    expect(rows).toHaveLength(before.contracts.length);
    for (const row of rows)
      expect(row.pc).toBe(JSON.stringify(toCompact(JSON.parse(row.ca) as DamlValue, 'scan')));
  });

  it('renders the real network’s compact forms for every value kind', async () => {
    const [row]: { pc: Record<string, unknown> }[] = await store.query(
      `SELECT payload_compact AS pc FROM contracts WHERE module_name = 'Test.AllKinds' AND entity_name = 'AllKinds'`,
    );
    expect(row.pc).toMatchObject({
      unit: {},
      yes: true,
      no: false,
      count: '-9223372036854775808',
      amounts: ['10988.5749814750', '0E-10', '-1.43E-8', '0.0002608789', '570.0', '0.05'],
      times: [
        '2025-12-10T16:30:33.930Z',
        '2025-12-10T16:30:34.404896Z',
        '2025-12-10T16:30:33Z',
        '1969-07-20T20:17:40.000001Z',
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59.999999Z',
      ],
      dates: ['2025-12-10', '1900-02-28', '0001-01-01'],
      nothing: [],
      empty: {},
      positional: ['', expect.stringMatching(/^00c0ffee/)],
      none: null,
      some: 'x',
      someNone: [],
      someSome: [['7']],
      noMap: {},
      map: { '': 'empty key', k: '1970-01-01' },
      noGenMap: [],
      genMap: [
        [expect.stringMatching(/^DSO::/), null],
        [{ a: '1' }, [{}]],
      ],
      choice: { tag: 'Later', value: '2026-01-05T10:00:00.120Z' },
      colour: 'Red',
    });
  });

  it('sorts signatories and observers and changes nothing else in events and contracts', async () => {
    const events = await rowsOf(store, 'events');
    const contracts = await rowsOf(store, 'contracts');
    let reordered = 0;
    for (const [table, rows] of [
      ['events', events],
      ['contracts', contracts],
    ] as const) {
      expect(rows).toHaveLength(before[table].length);
      rows.forEach((row, i) => {
        const old = before[table][i];
        for (const column of ['signatories', 'observers']) {
          expect(row[column]).toEqual(sorted(old[column]));
          if (JSON.stringify(row[column]) !== JSON.stringify(old[column])) reordered++;
        }
        const changed = [
          'signatories',
          'observers',
          'create_arguments',
          'choice_argument',
          'exercise_result',
          'payload_compact',
          // Added by PartyIds (the previous release's rows have no such column).
          'other_party_ids',
        ];
        // A contract's template id is no longer stored (ContractTemplateId1795523610000): its parts hold it.
        const dropped = table === 'contracts' ? ['template_id'] : [];
        if (table === 'contracts') {
          expect(row).not.toHaveProperty('template_id');
          expect([row.package_id, row.module_name, row.entity_name].join(':')).toBe(old.template_id);
        }
        expect(without(row, ...changed)).toEqual(without(old, ...changed, ...dropped));
      });
    }
    expect(reordered).toBeGreaterThan(0);
  });

  it('rehashes every update (it changes nothing else in them) and leaves the derived tables as they were', async () => {
    const updates = await rowsOf(store, 'updates');
    // `compact_only` is the later migration CompactOnlyUpdates' column (false for every update here).
    expect(updates.every((u) => u.compact_only === false)).toBe(true);
    expect(updates.map((u) => without(u, 'content_hash', 'compact_only'))).toEqual(
      before.updates.map((u) => without(u, 'content_hash')),
    );
    // The hash changes where the update in the new form differs from the one appended (most do;
    // unassignments carry no payload, a few transactions only payloads both forms write alike).
    const history = new Map(fixtureHistory().map((u) => [u.update_id, u]));
    let rehashed = 0;
    updates.forEach((u, i) => {
      const appended = history.get(u.update_id);
      const differs = JSON.stringify(convertedUpdate(appended)) !== JSON.stringify(appended);
      expect({ update: u.update_id, rehashed: u.content_hash !== before.updates[i].content_hash }).toEqual({
        update: u.update_id,
        rehashed: differs,
      });
      if (differs) rehashed++;
    });
    expect(rehashed).toBeGreaterThan(300);
    // SynchronizerVerdicts1795480000000 drops the activity of AppActivityRecord contracts and the
    // totals computed from it, and records that the store holds no verdicts.
    const byVerdicts = ['app_activity_records', 'reward_accounting_totals', 'history_migrations'];
    for (const table of Object.keys(TABLE_KEYS).filter(
      (t) => !['updates', 'events', 'contracts', 'mining_rounds', ...byVerdicts].includes(t),
    ))
      expect({ table, rows: await rowsOf(store, table) }).toEqual({ table, rows: before[table] });
    // RewardInputs1795500000000 trades the rounds' pool/threshold/cap for the reward inputs of
    // their OpenMiningRound, which a store written before did not record (so none).
    const inputColumns = [
      'amulet_to_issue_per_year',
      'app_reward_percentage',
      'featured_app_reward_cap',
      'development_fund_percentage',
      'tick_duration_micros',
      'amulet_price',
      'traffic_price',
      'app_reward_coupon_threshold',
    ];
    expect(await rowsOf(store, 'mining_rounds')).toEqual(
      before.mining_rounds.map((m) => {
        const kept = Object.fromEntries(
          Object.entries(m).filter(
            ([k]) => !['app_reward_pool', 'app_reward_threshold', 'app_reward_cap_per_weight'].includes(k),
          ),
        );
        return { ...kept, ...Object.fromEntries(inputColumns.map((c) => [c, null])) };
      }),
    );
    expect(before.app_activity_records.length).toBeGreaterThan(0);
    expect(await rowsOf(store, 'app_activity_records')).toEqual([]);
    expect(await rowsOf(store, 'reward_accounting_totals')).toEqual([]);
    expect(await rowsOf(store, 'history_migrations')).toEqual(
      before.history_migrations.map((m) => ({ ...m, verdicts_held: false, hosting_held: false })),
    );
  });

  it('finds nothing left to convert when run again', async () => {
    const runner = store.createQueryRunner();
    // The conversion reads the updates as they were then: synchronizer ids as text (taken down
    // and up again around it; the migration test of SynchronizerIds shows that changes nothing).
    const SynchronizerIds = MIGRATIONS.find((m) => m.name === 'SynchronizerIds1795524000000')!;
    try {
      await new SynchronizerIds().down(runner);
      try {
        expect((await rehashUpdates(runner, 50)).rehashed).toBe(0);
      } finally {
        await new SynchronizerIds().up(runner);
      }
      expect(await convertEvents(runner, 50)).toBe(0);
      expect(await convertContracts(runner, 50)).toBe(0);
    } finally {
      await runner.release();
    }
  });

  it('holds and serves what this release stores when fed the same history', async () => {
    const history = fixtureHistory().map(convertedUpdate);
    // The previous release's history has no verdicts: the same as a writer told so stores it.
    const writer = new LedgerWriter(fresh.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'absent',
    });
    for (let i = 0; i < history.length; i += 100) await writer.append(history.slice(i, i + 100));

    // Row for row, content hashes included (that of the update fed in the new form, so that feeding
    // it again is a no-op), but the wall-clock time totals were computed at.
    for (const table of Object.keys(TABLE_KEYS)) {
      const ignored = table === 'reward_accounting_totals' ? ['computed_at'] : [];
      const converted = (await rowsOf(store, table)).map((r) => without(r, ...ignored));
      const written = (await rowsOf(fresh.dataSource, table)).map((r) => without(r, ...ignored));
      expect({ table, rows: converted }).toEqual({ table, rows: written });
    }

    const convertedScan = new UpdateHistoryService(new UpdateHistoryRepository(Db.of(store)));
    const freshScan = new UpdateHistoryService(new UpdateHistoryRepository(Db.of(fresh.dataSource)));
    for (const update of history as { update_id: string }[]) {
      for (const lossless of [true, false]) {
        const [a, b] = await Promise.all([
          convertedScan.getUpdate(update.update_id, { lossless }),
          freshScan.getUpdate(update.update_id, { lossless }),
        ]);
        expect(a.value()).toEqual(b.value());
      }
    }
    // The same history fed again in the new form is recognised as stored, on either store.
    expect(await writer.append(history.slice(0, 100))).toMatchObject({ appended: 0, skipped: 100 });
    expect(await new LedgerWriter(store, { snapshotIntervalHours: 3 }).append(history)).toMatchObject({
      appended: 0,
      skipped: history.length,
    });
    for (const encoding of ['protobuf_json', 'compact_json'] as const) {
      const request = { page_size: 1000, daml_value_encoding: encoding };
      const [a, b] = await Promise.all([convertedScan.listUpdates(request), freshScan.listUpdates(request)]);
      expect(a.value()).toEqual(b.value());
    }
  }, 120_000);

  it('refuses to revert a store holding converted payloads', async () => {
    // The migrations after it revert first (they hold nothing that cannot be undone).
    for (;;) {
      const [last]: { name: string }[] = await store.query(
        `SELECT name FROM schema_migrations ORDER BY timestamp DESC LIMIT 1`,
      );
      if (last.name === 'ProtobufJsonPayloads1795450000000') break;
      await store.undoLastMigration({ transaction: 'each' });
    }
    await expect(store.undoLastMigration({ transaction: 'each' })).rejects.toThrow(
      /cannot revert ProtobufJsonPayloads/,
    );
    const [{ n }]: { n: string }[] = await store.query(
      `SELECT count(*)::text AS n FROM schema_migrations WHERE name = 'ProtobufJsonPayloads1795450000000'`,
    );
    expect(n).toBe('1');
  });
});

/** The previous release's content hash of an update as appended (its writer's: sha256 of the canonical JSON). */
const hashOf = (item: unknown): string => sha256Hex(canonicalJson(item));

type Item = Record<string, unknown> & { update_id: string };

/**
 * Rewrites the fixture's rows into what the previous release's scan mirror stores for the same
 * history (it appends the items a peer serves: no `command_id`, an import update's record time
 * with six fraction digits), and returns the items as appended, by update id.
 */
function asMirrored(tables: Map<string, string[]>): Map<string, Item> {
  const history = new Map(fixtureHistory().map((u) => [u.update_id as string, u as Item]));
  const appended = new Map<string, Item>();
  tables.set(
    'updates',
    tables.get('updates')!.map((text) => {
      const row = JSON.parse(text) as { update_id: string; kind: string; is_import: boolean } & Item;
      const item = history.get(row.update_id)!;
      if (row.kind !== 'transaction') {
        appended.set(row.update_id, item);
        return text;
      }
      const { command_id: _commandId, ...served } = item;
      if (row.is_import) served.record_time = '0001-01-01T00:00:00.000000Z';
      appended.set(row.update_id, served as Item);
      return JSON.stringify({ ...row, command_id: '', content_hash: hashOf(served) });
    }),
  );
  return appended;
}

/**
 * Rewrites the fixture's rows into what the previous release stores for the same history with
 * created event blobs supplied for a third of the contracts (a history file that carries them,
 * the ledger-fed mirror), and returns the items as appended, by update id.
 */
function withSuppliedBlobs(tables: Map<string, string[]>): Map<string, Item> {
  const blobs = new Map<string, string>();
  tables.set(
    'contracts',
    tables.get('contracts')!.map((text) => {
      const row = JSON.parse(text) as { row_id: number; migration_id: number; contract_id: string };
      if (row.row_id % 3 !== 0) return text;
      const blob = Buffer.from(`blob of ${row.contract_id}`).toString('base64');
      blobs.set(`${row.migration_id}/${row.contract_id}`, blob);
      return JSON.stringify({ ...row, created_event_blob: blob });
    }),
  );
  const appended = new Map<string, Item>();
  for (const u of fixtureHistory() as Item[]) {
    const migration = (u.migration_id ?? (u.event as { migration_id: number }).migration_id) as number;
    const withBlob = (e: Record<string, unknown>) => {
      const blob = blobs.get(`${migration}/${String(e.contract_id)}`);
      return e.event_type === 'created_event' && blob !== undefined ? { ...e, created_event_blob: blob } : e;
    };
    const item: Item =
      'events_by_id' in u
        ? {
            ...u,
            events_by_id: Object.fromEntries(
              Object.entries(u.events_by_id as Record<string, Record<string, unknown>>).map(([id, e]) => [
                id,
                withBlob(e),
              ]),
            ),
          }
        : {
            ...u,
            event: (() => {
              const event = u.event as Record<string, unknown>;
              const created = event.created_event as Record<string, unknown> | undefined;
              return created === undefined ? event : { ...event, created_event: withBlob(created) };
            })(),
          };
    appended.set(u.update_id, item);
  }
  tables.set(
    'updates',
    tables.get('updates')!.map((text) => {
      const row = JSON.parse(text) as Item;
      return JSON.stringify({ ...row, content_hash: hashOf(appended.get(row.update_id)) });
    }),
  );
  return appended;
}

describe.each<[string, (tables: Map<string, string[]>) => Map<string, Item>]>([
  ['the scan mirror', asMirrored],
  ['a history supplying created event blobs (or the ledger-fed mirror)', withSuppliedBlobs],
])('converting what the previous release stored from %s', (_source, rewrite) => {
  const worker = useTestDatabase();
  let scratch: { url: string; drop(): Promise<void> };
  let store: DataSource;
  let appended: Map<string, Item>;
  let hashesBefore: Map<string, string>;

  beforeAll(async () => {
    scratch = await openEmptyDatabase(worker.backend);
    store = createDataSource(scratch.url, { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
    const last = MIGRATIONS.findIndex((m) => m.name === PREVIOUS_LAST_MIGRATION);
    const previous = new DataSource({ ...store.options, migrations: MIGRATIONS.slice(0, last + 1) });
    await previous.initialize();
    try {
      await previous.runMigrations({ transaction: 'each' });
      await loadFixture(previous, (tables) => (appended = rewrite(tables)));
      hashesBefore = new Map(
        (await rowsOf(previous, 'updates')).map((u) => [u.update_id as string, u.content_hash as string]),
      );
    } finally {
      await previous.destroy();
    }
    await store.initialize();
    await store.runMigrations({ transaction: 'each' });
  }, 180_000);

  afterAll(async () => {
    if (store?.isInitialized) await store.destroy();
    await scratch?.drop();
  });

  it('rehashes every update as appended, with its payloads in proto3 JSON', async () => {
    const updates = await rowsOf(store, 'updates');
    expect(updates).toHaveLength(appended.size);
    let changed = 0;
    for (const u of updates) {
      const id = u.update_id as string;
      // The fixture's hash is the one the previous release's writer computed for that form.
      expect({ id, before: hashesBefore.get(id) }).toEqual({ id, before: hashOf(appended.get(id)) });
      expect({ id, after: u.content_hash }).toEqual({ id, after: hashOf(convertedUpdate(appended.get(id))) });
      if (u.content_hash !== hashesBefore.get(id)) changed++;
    }
    expect(changed).toBeGreaterThan(300);
  });
});
