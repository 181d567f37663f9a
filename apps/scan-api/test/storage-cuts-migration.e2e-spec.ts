import type { DataSource } from 'typeorm';
import { MIGRATIONS } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { storeContentHashes, useTestDatabase } from '@canton-scan/testing';
import {
  answersOf,
  loadThreeMigrations,
  scanCalls,
  THREE_MIGRATIONS_SIMULATION,
} from './partitioned-history.fixture';

/** The migrations of the storage cuts (docs/scaling.md "Storage per update"), in order. */
const CUTS = MIGRATIONS.filter((m) =>
  ['ContractIdIndex1795523300000', 'HoldingsOwnerIndex1795523400000'].includes(m.name),
).map((M) => new M());

/** A later migration that changes a column the cuts index (holdings' owner): down before them, up after them. */
const LATER = MIGRATIONS.filter((m) => m.name === 'HoldingsOwnerIds1795523900000').map((M) => new M());

/** The indexes of the tables the cuts change, as the schema declares them (partitions' copies left out). */
const indexesOf = async (dataSource: DataSource): Promise<string[]> =>
  (
    await dataSource.query<{ name: string }[]>(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = ANY(ARRAY['contracts'::regclass, 'amulet_holdings'::regclass]) ORDER BY 1`,
    )
  ).map((r) => r.name);

/** Indexes of the schema before the cuts, and those the cuts leave (or make). */
const BEFORE = [
  'ix_amulet_holdings_owner',
  'ix_amulet_holdings_owner_row',
  'ix_contracts_contract_offsets',
  'ux_contracts_migration_contract',
];
const AFTER = ['ix_amulet_holdings_owner_row', 'ux_contracts_contract_migration'];

describe('storage cuts: their migrations convert a store holding history, rows and answers unchanged', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];

  it('takes a store of three migrations down to the schema before the cuts and up again', async () => {
    expect(CUTS.map((m) => m.name)).toEqual([
      'ContractIdIndex1795523300000',
      'HoldingsOwnerIndex1795523400000',
    ]);
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const calls = await scanCalls(db.dataSource, owner);
    const expected = await answersOf(db.dataSource, calls);
    const content = await storeContentHashes(db.dataSource);
    const current = await indexesOf(db.dataSource);

    expect(LATER.map((m) => m.name)).toEqual(['HoldingsOwnerIds1795523900000']);
    const runner = db.dataSource.createQueryRunner();
    let down = 0;
    try {
      for (const m of [...CUTS, ...LATER].reverse()) {
        await m.down(runner);
        down++;
      }
      // The store at the schema before the cuts.
      expect(await indexesOf(db.dataSource)).toEqual(expect.arrayContaining(BEFORE));
      expect(await storeContentHashes(db.dataSource)).toEqual(content);
      // The holdings reads take owner ids, which this schema (before HoldingsOwnerIds) holds as
      // names: they are compared once the store is up again.
      const holdings = new Set(calls.filter((c) => c.path.includes('/holdings/')).map((c) => c.name));
      expect(holdings.size).toBeGreaterThan(0);
      expect(
        await answersOf(
          db.dataSource,
          calls.filter((c) => !holdings.has(c.name)),
        ),
      ).toEqual(Object.fromEntries(Object.entries(expected).filter(([name]) => !holdings.has(name))));
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      for (const m of [...CUTS, ...LATER].slice(CUTS.length + LATER.length - down)) await m.up(runner);
      await runner.release();
    }
    const converted = await indexesOf(db.dataSource);
    expect(converted).toEqual(current);
    expect(converted).toEqual(expect.arrayContaining(AFTER));
    expect(converted.filter((name) => BEFORE.includes(name) && !AFTER.includes(name))).toEqual([]);
    expect(await storeContentHashes(db.dataSource)).toEqual(content);
    expect(await answersOf(db.dataSource, calls)).toEqual(expected);

    // Built on every partition (a partition the writer attaches later gets it from the parent).
    for (const index of AFTER) {
      const [{ n }] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = $1::regclass`,
        [index],
      );
      expect({ index, partitions: n }).toEqual({ index, partitions: 3 });
    }
    // A contract id stays unique per migration.
    await expect(
      db.dataSource.query(
        `INSERT INTO contracts OVERRIDING USER VALUE SELECT * FROM contracts WHERE migration_id = 1 ORDER BY row_id LIMIT 1`,
      ),
    ).rejects.toThrow(/ux_contracts_contract_migration|contracts_m1_contract_id_migration_id/);
  }, 300_000);
});
