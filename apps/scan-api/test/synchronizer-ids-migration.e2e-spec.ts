import type { DataSource } from 'typeorm';
import {
  AcsExportRepository,
  BackfillingRepository,
  Db,
  ForcedAcsSnapshots,
  LedgerSynchronizersRepository,
  MIGRATIONS,
  synchronizerNameOf,
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

const SynchronizerIds = MIGRATIONS.find((M) => M.name === 'SynchronizerIds1795524000000')!;

/** A well-formed synchronizer id no update names. */
const NOWHERE = 'nowhere::1220bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

/** Each migration's synchronizers (names) with updates that are not imports, from the tables. */
const synchronizersOf = async (dataSource: DataSource) =>
  dataSource.query<{ migration_id: number; synchronizer_id: string }[]>(
    `SELECT DISTINCT u.migration_id::int AS migration_id, ${synchronizerNameOf('u.synchronizer')} AS synchronizer_id
       FROM updates u WHERE NOT u.is_import ORDER BY 1, 2`,
  );

/**
 * The scan calls that filter on a synchronizer or print one: updates-before on each migration's
 * synchronizers and on one never seen, the transaction log, and the DSO's ACS export.
 */
function synchronizerCalls(
  synchronizers: { migration_id: number; synchronizer_id: string }[],
  dso: string,
): Call[] {
  const before = (migrationId: number, synchronizerId: string, count: number): Call => ({
    name: `updates-before ${migrationId} ${synchronizerId} ${count}`,
    method: 'POST',
    path: '/api/scan/v0/backfilling/updates-before',
    body: {
      migration_id: migrationId,
      synchronizer_id: synchronizerId,
      before: '2100-01-01T00:00:00Z',
      count,
    },
  });
  return [
    ...synchronizers.flatMap((s) => [
      before(s.migration_id, s.synchronizer_id, 1000),
      before(s.migration_id, s.synchronizer_id, 7),
    ]),
    before(0, NOWHERE, 1000),
    { name: 'transaction log', method: 'POST', path: '/api/scan/v0/transactions', body: { page_size: 1000 } },
    {
      name: 'transaction log newest first',
      method: 'POST',
      path: '/api/scan/v0/transactions',
      body: { page_size: 50, sort_order: 'desc' },
    },
    { name: 'acs export of the dso', method: 'GET', path: `/api/scan/v0/acs/${encodeURIComponent(dso)}` },
  ];
}

/** The domain reads that map a synchronizer to its id or print one, through their repositories. */
async function synchronizerReads(
  dataSource: DataSource,
  synchronizers: { migration_id: number; synchronizer_id: string }[],
): Promise<Record<string, unknown>> {
  const db = Db.of(dataSource);
  const backfilling = new BackfillingRepository(db);
  const acsExport = new AcsExportRepository(db);
  const reads: Record<string, unknown> = {
    'ledger synchronizers': await new LedgerSynchronizersRepository(db).listSynchronizerIds(),
    'acs export context': await acsExport.lookupContext(),
    'record time range of a stranger': await acsExport.recordTimeRange(0, NOWHERE),
    'forced snapshot': await new ForcedAcsSnapshots(db, true).force(),
    'unhosted parties': await new SynchronizerStateRepository(db).unhostedParties('0', 100_000),
  };
  for (const m of [0, 1, 2, 7]) reads[`ranges ${m}`] = await backfilling.synchronizerRanges(m);
  for (const s of synchronizers) {
    const range = await acsExport.recordTimeRange(s.migration_id, s.synchronizer_id);
    reads[`record time range ${s.migration_id} ${s.synchronizer_id}`] = range;
    reads[`offset at ${s.migration_id} ${s.synchronizer_id}`] = await acsExport.lookupOffsetAt(
      s.migration_id,
      s.synchronizer_id,
      range!.last,
    );
    reads[`offset of a stranger at ${s.migration_id}`] = await acsExport.lookupOffsetAt(
      s.migration_id,
      NOWHERE,
      range!.last,
    );
  }
  return reads;
}

/** The type of each synchronizer column of updates and contracts (parents only). */
const synchronizerColumns = async (dataSource: DataSource) =>
  dataSource.query(
    `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
      WHERE table_name IN ('updates', 'contracts') AND column_name IN ('synchronizer', 'synchronizer_id')
      ORDER BY 1, 2`,
  );

describe('synchronizer ids: migration SynchronizerIds converts a store holding history, rows and answers unchanged', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];

  it('takes a store of three migrations down to synchronizer names and up to ids again', async () => {
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const [{ dso }] = await db.dataSource.query<{ dso: string }[]>(
      `SELECT signatories[1] AS dso FROM contracts WHERE entity_name = 'DsoRules' LIMIT 1`,
    );
    const synchronizers = await synchronizersOf(db.dataSource);
    const calls = [...(await scanCalls(db.dataSource, owner)), ...synchronizerCalls(synchronizers, dso)];
    const expected = await answersOf(db.dataSource, calls);
    const reads = await synchronizerReads(db.dataSource, synchronizers);
    const content = await storeContentHashes(db.dataSource);
    const columns = await synchronizerColumns(db.dataSource);
    // The filters find something, and nothing for a synchronizer never seen.
    expect(synchronizers.length).toBeGreaterThanOrEqual(3);
    for (const s of synchronizers) {
      const { status, body } = expected[`updates-before ${s.migration_id} ${s.synchronizer_id} 1000`] as {
        status: number;
        body: string;
      };
      expect({ status, some: JSON.parse(body).transactions.length > 0 }).toEqual({ status: 200, some: true });
    }
    expect(expected[`updates-before 0 ${NOWHERE} 1000`]).toEqual({
      status: 200,
      body: JSON.stringify({ transactions: [] }),
    });
    expect((expected['acs export of the dso'] as { status: number }).status).toBe(200);
    expect(reads['ledger synchronizers']).toEqual(
      expect.arrayContaining([...new Set(synchronizers.map((s) => s.synchronizer_id))]),
    );
    expect(reads['record time range of a stranger']).toBeUndefined();
    // The mirror's hosting walk names each party's synchronizer (a name, not a dictionary id).
    const unhosted = (reads['unhosted parties'] as { parties: { synchronizerId: string }[] }).parties;
    expect(unhosted.length).toBeGreaterThan(0);
    const names = new Set(synchronizers.map((s) => s.synchronizer_id));
    expect(unhosted.filter((p) => !names.has(p.synchronizerId))).toEqual([]);
    expect((reads['ranges 1'] as unknown[]).length).toBeGreaterThan(0);
    expect(reads['ranges 7']).toEqual([]);
    expect(columns.map((c: { udt_name: string }) => c.udt_name)).toEqual(['int2', 'int2']);

    const runner = db.dataSource.createQueryRunner();
    try {
      await new SynchronizerIds().down(runner);
      // Names again, the same names (the content hashes read ids as their names), no dictionary.
      expect(await synchronizerColumns(db.dataSource)).toEqual([
        { table_name: 'contracts', column_name: 'synchronizer_id', udt_name: 'text', is_nullable: 'NO' },
        { table_name: 'updates', column_name: 'synchronizer_id', udt_name: 'text', is_nullable: 'NO' },
      ]);
      const { synchronizers: dictionary, ...withoutDictionary } = content;
      expect(dictionary.rows).toBe(new Set(synchronizers.map((s) => s.synchronizer_id)).size);
      expect(await storeContentHashes(db.dataSource)).toEqual(withoutDictionary);
      const [{ n }] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'synchronizers'`,
      );
      expect(n).toBe(0);
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      await new SynchronizerIds().up(runner);
      await runner.release();
    }
    expect(await synchronizerColumns(db.dataSource)).toEqual(columns);
    expect(await storeContentHashes(db.dataSource)).toEqual(content);
    expect(await answersOf(db.dataSource, calls)).toEqual(expected);
    expect(await synchronizerReads(db.dataSource, synchronizers)).toEqual(reads);

    // A synchronizer is in the dictionary once; a new one gets a fresh id (the sequence goes on).
    await expect(
      db.dataSource.query(`INSERT INTO synchronizers (synchronizer) VALUES ($1)`, [
        synchronizers[0].synchronizer_id,
      ]),
    ).rejects.toThrow(/ux_synchronizers_synchronizer/);
    const [{ id, max }] = await db.dataSource.query<{ id: number; max: number }[]>(
      `WITH added AS (INSERT INTO synchronizers (synchronizer) VALUES ($1) RETURNING id)
       SELECT (SELECT id FROM added) AS id, (SELECT max(id) FROM synchronizers) AS max`,
      [NOWHERE],
    );
    expect(id).toBeGreaterThan(max);
    // Loads a store and answers every call three times: minutes on the embedded database.
  }, 600_000);
});
