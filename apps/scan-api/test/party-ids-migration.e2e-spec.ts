import type { DataSource } from 'typeorm';
import {
  Db,
  LedgerActiveContractsRepository,
  LedgerPartiesRepository,
  LedgerUpdatesRepository,
  MIGRATIONS,
  partyNamesOf,
  SynchronizerStateRepository,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { storeContentHashes, useTestDatabase } from '@canton-scan/testing';
import {
  answersOf,
  loadThreeMigrations,
  scanCalls,
  THREE_MIGRATIONS_SIMULATION,
  type Call,
} from './partitioned-history.fixture';

const PartyIds = MIGRATIONS.find((M) => M.name === 'PartyIds1795523500000')!;
/** A later migration storing dictionary ids (holdings' owners): down before PartyIds, up after it. */
const HoldingsOwnerIds = MIGRATIONS.find((M) => M.name === 'HoldingsOwnerIds1795523900000')!;

/** A well-formed party id no update names. */
const STRANGER = 'stranger::1220aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

/** The scan calls that filter on a party: ACS, explorer list and search, each also for a party never seen. */
function partyCalls(owner: string, acs: Call): Call[] {
  const list = (party: string) =>
    `/api/scan/v0/explorer/updates?limit=100&party=${encodeURIComponent(party)}`;
  const search = (party: string) => `/api/scan/v0/explorer/search?q=${encodeURIComponent(party)}`;
  return [
    { ...acs, name: 'acs of the owner', body: { ...(acs.body as object), party_ids: [owner] } },
    { ...acs, name: 'acs of a stranger', body: { ...(acs.body as object), party_ids: [STRANGER] } },
    { name: 'explorer list of the owner', method: 'GET', path: list(owner) },
    { name: 'explorer list of a stranger', method: 'GET', path: list(STRANGER) },
    { name: 'explorer search of the owner', method: 'GET', path: search(owner) },
    { name: 'explorer search of a stranger', method: 'GET', path: search(STRANGER) },
  ];
}

/** The domain reads that filter on parties or print them, through their repositories. */
async function partyReads(
  dataSource: DataSource,
  owner: string,
  dso: string,
): Promise<Record<string, unknown>> {
  const db = Db.of(dataSource);
  const [{ end }]: { end: string }[] = await dataSource.query(
    `SELECT max(ledger_offset)::text AS end FROM updates`,
  );
  const updates = new LedgerUpdatesRepository(db);
  const flats = (column: 'witnesses' | 'stakeholders', parties: string[]) =>
    updates.readPage({
      afterExclusive: 0,
      limit: 100_000,
      descending: false,
      visibility: { transactions: { parties, column }, reassignments: { parties } },
      withBlobs: false,
      withExerciseValues: false,
    });
  const active = new LedgerActiveContractsRepository(db);
  const acs = (parties: string[], allStakeholders?: string[]) =>
    active.readPage({
      activeAt: Number(end),
      createdUpTo: Number(end),
      limit: 100_000,
      parties,
      allStakeholders,
      withBlobs: false,
    });
  const parties = new LedgerPartiesRepository(db);
  return {
    'flats by witness': await flats('witnesses', [owner, STRANGER]),
    'flats by stakeholder': await flats('stakeholders', [owner]),
    'flats of a stranger': await flats('witnesses', [STRANGER]),
    'active contracts of the owner': await acs([owner]),
    'active contracts of the owner and the dso': await acs([owner], [owner, dso]),
    'active contracts of the owner and a stranger': await acs([owner], [owner, STRANGER]),
    'known parties': await parties.listKnownParties({ afterExclusive: '', limit: 10_000 }),
    'known parties after the owner': await parties.listKnownParties({ afterExclusive: owner, limit: 3 }),
    'known parties among': await parties.listKnownParties({
      afterExclusive: '',
      limit: 10,
      among: [STRANGER, owner, dso, owner],
    }),
    'known among': await parties.knownAmong([owner, STRANGER]),
    'unhosted parties': await new SynchronizerStateRepository(db).unhostedParties('0', 100_000),
  };
}

/** Per event, the names of the acting parties that are not stakeholders (from `other_party_ids`). */
const otherParties = async (dataSource: DataSource) =>
  dataSource.query(
    `SELECT u.update_id, e.node_id, ${partyNamesOf('e.other_party_ids')} AS others
       FROM events e JOIN updates u ON u.row_id = e.update_row_id AND u.migration_id = e.migration_id
      WHERE e.other_party_ids IS NOT NULL ORDER BY 1, 2`,
  );

/** The type of each party column, and the definition of the party indexes (parents only). */
const partySchema = async (dataSource: DataSource) => ({
  columns: await dataSource.query(
    `SELECT table_name, column_name, udt_name FROM information_schema.columns
      WHERE table_name IN ('events', 'contracts') AND column_name IN ('stakeholders', 'other_party_ids')
      ORDER BY 1, 2`,
  ),
  indexes: (
    await dataSource.query<{ def: string }[]>(
      `SELECT pg_get_indexdef(c.oid) AS def FROM pg_class c
        WHERE c.relname IN ('ix_events_parties', 'ix_contracts_stakeholders') ORDER BY c.relname`,
    )
  ).map((r) => r.def),
});

describe('party ids: migration PartyIds converts a store holding history, rows and answers unchanged', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];

  it('takes a store of three migrations down to party names and up to ids again', async () => {
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const [{ dso }] = await db.dataSource.query<{ dso: string }[]>(
      `SELECT signatories[1] AS dso FROM contracts WHERE entity_name = 'DsoRules' LIMIT 1`,
    );
    const base = await scanCalls(db.dataSource, owner);
    const calls = [
      ...base,
      ...partyCalls(
        owner,
        base.find((c) => c.name === 'acs 1')!,
      ),
    ];
    const expected = await answersOf(db.dataSource, calls);
    const reads = await partyReads(db.dataSource, owner, dso);
    const content = await storeContentHashes(db.dataSource);
    const others = await otherParties(db.dataSource);
    const schema = await partySchema(db.dataSource);
    // The filters find something, and nothing for a party never seen.
    expect(
      JSON.parse((expected['explorer list of the owner'] as { body: string }).body).updates.length,
    ).toBeGreaterThan(0);
    expect(JSON.parse((expected['explorer list of a stranger'] as { body: string }).body).updates).toEqual(
      [],
    );
    expect(
      (reads['active contracts of the owner and the dso'] as { contracts: unknown[] }).contracts.length,
    ).toBeGreaterThan(0);
    expect(reads['active contracts of the owner and a stranger']).toEqual({ contracts: [] });
    expect([...(reads['known parties among'] as string[])].sort()).toEqual([dso, owner, owner].sort());
    expect(others.length).toBeGreaterThan(0);
    expect(schema.columns.map((c: { udt_name: string }) => c.udt_name)).toEqual(['_int4', '_int4', '_int4']);

    const runner = db.dataSource.createQueryRunner();
    const steps = [new HoldingsOwnerIds(), new PartyIds()];
    let undone = 0;
    try {
      for (const m of steps) {
        await m.down(runner);
        undone++;
      }
      // Names again, the same names (the content hashes read ids as their names), no dictionary.
      const down = await partySchema(db.dataSource);
      expect(down.columns.map((c: { udt_name: string }) => c.udt_name)).toEqual(['_text', '_text']);
      expect(down.indexes.join('\n')).toContain(`COALESCE(acting_parties, '{}'::text[])`);
      const { parties, ...withoutDictionary } = content;
      expect(parties.rows).toBeGreaterThan(0);
      expect(await storeContentHashes(db.dataSource)).toEqual(withoutDictionary);
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      for (const m of steps.slice(0, undone).reverse()) await m.up(runner);
      await runner.release();
    }
    expect(await partySchema(db.dataSource)).toEqual(schema);
    expect(await storeContentHashes(db.dataSource)).toEqual(content);
    expect(await otherParties(db.dataSource)).toEqual(others);
    expect(await answersOf(db.dataSource, calls)).toEqual(expected);
    expect(await partyReads(db.dataSource, owner, dso)).toEqual(reads);

    // Built on every partition (a partition the writer attaches later gets it from the parent).
    for (const index of ['ix_events_parties', 'ix_contracts_stakeholders']) {
      const [{ n }] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = $1::regclass`,
        [index],
      );
      expect({ index, partitions: n }).toEqual({ index, partitions: 3 });
    }
    // A party is in the dictionary once; a new one gets a fresh id (the sequence goes on).
    await expect(db.dataSource.query(`INSERT INTO parties (party) VALUES ($1)`, [owner])).rejects.toThrow(
      /ux_parties_party/,
    );
    const [{ id, max }] = await db.dataSource.query<{ id: number; max: number }[]>(
      `WITH added AS (INSERT INTO parties (party) VALUES ($1) RETURNING id)
       SELECT (SELECT id FROM added) AS id, (SELECT max(id) FROM parties) AS max`,
      [STRANGER],
    );
    expect(id).toBeGreaterThan(max);
    // Loads a store and answers every call three times: minutes on the embedded database.
  }, 600_000);
});
