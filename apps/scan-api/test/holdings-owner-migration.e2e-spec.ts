import type { DataSource } from 'typeorm';
import { Db, MIGRATIONS, TokenRegistryRepository } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { storeContentHashes, useTestDatabase } from '@canton-scan/testing';
import {
  answersOf,
  loadThreeMigrations,
  scanCalls,
  THREE_MIGRATIONS_SIMULATION,
  type Call,
} from './partitioned-history.fixture';

const HoldingsOwnerIds = MIGRATIONS.find((M) => M.name === 'HoldingsOwnerIds1795523900000')!;

/** A well-formed party id no update names. */
const STRANGER = 'stranger::1220aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
/** A party only a holding names (a store written before the dictionary could hold one). */
const NEWCOMER = 'newcomer::1220bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

/** Migration 1's newest snapshot, as the holdings endpoints take it. */
const snapshotOf = async (dataSource: DataSource) => {
  const [s]: { t: string }[] = await dataSource.query(
    `SELECT to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM acs_snapshots WHERE migration_id = 1`,
  );
  return { migration_id: 1, record_time: s.t, record_time_match: 'exact' };
};

/**
 * The holdings calls, owners in an order that is neither their names' nor their ids' (the
 * answers keep the request's order), with a duplicate and a party never seen; state pages of
 * 5 contracts across several owners, each page from the previous one's token.
 */
function holdingsCalls(snapshot: object, owners: string[], rowIds: { other: string; own: string[] }): Call[] {
  const mixed = [owners[2], STRANGER, owners[0], owners[3], owners[2], owners[1]];
  const summary = (version: 'v0' | 'v1', name: string, ids: string[]): Call => ({
    name,
    method: 'POST',
    path: `/api/scan/${version}/holdings/summary`,
    body: { ...snapshot, owner_party_ids: ids },
  });
  const state = (version: 'v0' | 'v1', name: string, ids: string[], after?: string): Call => ({
    name,
    method: 'POST',
    path: `/api/scan/${version}/holdings/state`,
    body: {
      ...snapshot,
      owner_party_ids: ids,
      page_size: 5,
      ...(after === undefined ? {} : { after: Number(after) }),
    },
  });
  return [
    summary('v1', 'summary of several owners', mixed),
    summary('v1', 'summary of a stranger', [STRANGER]),
    summary('v0', 'summary with fees of several owners', mixed),
    summary('v0', 'summary with fees of a stranger', [STRANGER]),
    state('v0', 'state v0 first page', mixed),
    ...rowIds.own.map((after, i) => state('v1', `state v1 after ${i}`, mixed, after)),
    state('v1', 'state v1 of a stranger', [STRANGER]),
    state('v1', 'state v1 after a holding of another owner (refused)', [owners[0]], rowIds.other),
    { name: 'network summary', method: 'GET', path: '/api/scan/v0/explorer/network-summary' },
  ];
}

/** The type of the owner column and the definition of the holdings index (the parent's). */
const holdingsSchema = async (dataSource: DataSource) => ({
  columns: await dataSource.query(
    `SELECT column_name, udt_name, is_nullable FROM information_schema.columns
      WHERE table_name = 'amulet_holdings' AND column_name IN ('owner', 'owner_id')`,
  ),
  index: (
    await dataSource.query<{ def: string }[]>(
      `SELECT pg_get_indexdef('ix_amulet_holdings_owner_row'::regclass) AS def`,
    )
  )[0].def,
});

/** Each holding's owner as a name, whichever the column holds. */
const ownersByRow = async (dataSource: DataSource, ids: boolean): Promise<unknown[]> =>
  dataSource.query(
    ids
      ? `SELECT h.contract_row_id::text AS row_id, p.party AS owner FROM amulet_holdings h
           LEFT JOIN parties p ON p.id = h.owner_id ORDER BY h.migration_id, h.contract_row_id`
      : `SELECT h.contract_row_id::text AS row_id, h.owner FROM amulet_holdings h
          ORDER BY h.migration_id, h.contract_row_id`,
  );

describe('holdings owner ids: migration HoldingsOwnerIds converts a store holding history, rows and answers unchanged', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];

  it('takes a store of three migrations down to owner names and up to ids again', async () => {
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const snapshot = await snapshotOf(db.dataSource);
    const owners = (
      await db.dataSource.query<{ owner: string }[]>(
        `SELECT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id
          WHERE h.migration_id = 1 GROUP BY p.party ORDER BY count(*) DESC, p.party LIMIT 4`,
      )
    ).map((r) => r.owner);
    expect(owners).toHaveLength(4);
    // The tokens: the row ids the pages of `mixed` end on, and a holding none of owners[0]'s.
    const pageEnds = async (): Promise<{ other: string; own: string[] }> => {
      const rows = await db.dataSource.query<{ row_id: string; party: string }[]>(
        `SELECT h.contract_row_id::text AS row_id, p.party FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id
          WHERE h.migration_id = 1 AND h.created_record_time < $1::timestamptz
            AND (h.archived_record_time IS NULL OR h.archived_record_time >= $1::timestamptz)
          ORDER BY h.contract_row_id`,
        [snapshot.record_time],
      );
      const own = rows.filter((r) => owners.includes(r.party)).map((r) => r.row_id);
      return {
        own: own.filter((_, i) => (i + 1) % 5 === 0),
        other: rows.find((r) => r.party !== owners[0])!.row_id,
      };
    };
    const tokens = await pageEnds();
    expect(tokens.own.length).toBeGreaterThan(1);
    const calls = [...(await scanCalls(db.dataSource, owner)), ...holdingsCalls(snapshot, owners, tokens)];
    const registry = new TokenRegistryRepository(Db.of(db.dataSource));
    const expected = await answersOf(db.dataSource, calls);
    const supply = await registry.lookupTotalSupply();
    const content = await storeContentHashes(db.dataSource);
    const byRow = await ownersByRow(db.dataSource, true);
    const schema = await holdingsSchema(db.dataSource);

    // The answers hold something: sums, in the request's order, zero for the stranger; full pages.
    for (const { name } of holdingsCalls(snapshot, owners, tokens))
      expect({ name, status: (expected[name] as { status: number }).status }).toEqual({
        name,
        status: name.endsWith('(refused)') ? 400 : 200,
      });
    const body = (name: string) => JSON.parse((expected[name] as { body: string }).body);
    const summaries = body('summary of several owners').summaries as {
      party_id: string;
      total_coin_holdings: string;
    }[];
    expect(summaries.map((s) => s.party_id)).toEqual([owners[2], STRANGER, owners[0], owners[3], owners[1]]);
    expect(summaries.filter((s) => s.total_coin_holdings === '0.0000000000').map((s) => s.party_id)).toEqual([
      STRANGER,
    ]);
    expect(body('summary with fees of several owners').summaries).toHaveLength(5);
    expect(body('state v0 first page').created_events).toHaveLength(5);
    expect(body('state v1 after 0').created_events).toHaveLength(5);
    expect(body('state v1 of a stranger').created_events).toEqual([]);
    expect(Number(supply?.total)).toBeGreaterThan(0);
    expect(schema.columns).toEqual([{ column_name: 'owner_id', udt_name: 'int4', is_nullable: 'NO' }]);
    expect(schema.index).toContain('(migration_id, owner_id, contract_row_id)');

    const runner = db.dataSource.createQueryRunner();
    const migration = new HoldingsOwnerIds();
    let undone = false;
    const down = async () => {
      await migration.down(runner);
      undone = true;
    };
    const up = async () => {
      await migration.up(runner);
      undone = false;
    };
    try {
      await down();
      // Names again, the same names; the same answers from the previous schema.
      const before = await holdingsSchema(db.dataSource);
      expect(before.columns).toEqual([{ column_name: 'owner', udt_name: 'text', is_nullable: 'NO' }]);
      expect(before.index).toContain('(migration_id, owner, contract_row_id)');
      expect(await ownersByRow(db.dataSource, false)).toEqual(byRow);
      expect(await storeContentHashes(db.dataSource)).toEqual(content);
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      if (undone) await up();
    }
    try {
      expect(await holdingsSchema(db.dataSource)).toEqual(schema);
      expect(await ownersByRow(db.dataSource, true)).toEqual(byRow);
      expect(await storeContentHashes(db.dataSource)).toEqual(content);
      expect(await answersOf(db.dataSource, calls)).toEqual(expected);
      expect(await registry.lookupTotalSupply()).toEqual(supply);
      // Built on every partition (a partition the writer attaches later gets it from the parent).
      const [{ n }] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'ix_amulet_holdings_owner_row'::regclass`,
      );
      expect(n).toBe(3);

      // An owner the dictionary lacks is added by `up`, and `down` gives its name back.
      const [held]: { row_id: string; amount: string }[] = await db.dataSource.query(
        `SELECT contract_row_id::text AS row_id, amount::text AS amount FROM amulet_holdings
          WHERE migration_id = 1 AND created_record_time < $1::timestamptz
            AND (archived_record_time IS NULL OR archived_record_time >= $1::timestamptz)
          ORDER BY contract_row_id LIMIT 1`,
        [snapshot.record_time],
      );
      await down();
      await db.dataSource.query(`UPDATE amulet_holdings SET owner = $1 WHERE contract_row_id = $2`, [
        NEWCOMER,
        held.row_id,
      ]);
      await up();
      const [{ known }] = await db.dataSource.query<{ known: number }[]>(
        `SELECT count(*)::int AS known FROM parties WHERE party = $1`,
        [NEWCOMER],
      );
      expect(known).toBe(1);
      const newcomer = await answersOf(db.dataSource, [
        {
          name: 'summary of the newcomer',
          method: 'POST',
          path: '/api/scan/v1/holdings/summary',
          body: { ...snapshot, owner_party_ids: [NEWCOMER] },
        },
      ]);
      const [sum] = JSON.parse((newcomer['summary of the newcomer'] as { body: string }).body).summaries;
      expect(Number(sum.total_coin_holdings)).toBe(Number(held.amount));
      await down();
      const [{ name }] = await db.dataSource.query<{ name: string }[]>(
        `SELECT owner AS name FROM amulet_holdings WHERE contract_row_id = $1`,
        [held.row_id],
      );
      expect(name).toBe(NEWCOMER);
    } finally {
      if (undone) await up();
      await runner.release();
    }
    // Loads a store and answers every call twice: minutes on the embedded database.
  }, 600_000);
});
