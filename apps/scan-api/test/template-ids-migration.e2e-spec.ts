import type { DataSource } from 'typeorm';
import { Db, LedgerPartiesRepository, MIGRATIONS } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { storeContentHashes, useTestDatabase } from '@canton-scan/testing';
import {
  answersOf,
  loadThreeMigrations,
  scanCalls,
  THREE_MIGRATIONS_SIMULATION,
  type Call,
} from './partitioned-history.fixture';

const TEMPLATE_IDS = (() => {
  const M = MIGRATIONS.find((m) => m.name === 'TemplateIds1795523800000');
  if (!M) throw new Error('migration TemplateIds1795523800000 is not registered');
  return new M();
})();

/** The events' template columns, ix_events_template_entity, and whether the dictionary exists. */
const templateSchema = async (dataSource: DataSource) => {
  const columns = await dataSource.query<{ column_name: string; data_type: string; is_nullable: string }[]>(
    `SELECT column_name, data_type, is_nullable FROM information_schema.columns
      WHERE table_name = 'events' AND column_name IN ('template_id', 'package_name', 'template_ref') ORDER BY 1`,
  );
  const [{ index, dictionary }] = await dataSource.query<{ index: string; dictionary: boolean }[]>(
    `SELECT pg_get_indexdef('ix_events_template_entity'::regclass) AS index, to_regclass('templates') IS NOT NULL AS dictionary`,
  );
  return { columns, index, dictionary };
};

/** Reads that print events' template ids and package names, or filter events on their templates. */
async function templateCalls(dataSource: DataSource): Promise<Call[]> {
  const [{ package_id }] = await dataSource.query<{ package_id: string }[]>(
    `SELECT package_id FROM contracts WHERE entity_name = 'Amulet' ORDER BY row_id LIMIT 1`,
  );
  const snapshots: { migration_id: string; t: string }[] = await dataSource.query(
    `SELECT migration_id, to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM acs_snapshots GROUP BY migration_id ORDER BY migration_id`,
  );
  return [
    ...[
      'Splice.Amulet:Amulet',
      'Splice.Round:OpenMiningRound',
      'splice-amulet:Splice.Amulet:Amulet',
      `${package_id}:Splice.Amulet:Amulet`,
      'splice-wallet:Splice.Amulet:Amulet',
      'Splice.Nothing:Nothing',
    ].map((template) => ({
      name: `explorer updates of ${template}`,
      method: 'GET' as const,
      path: `/api/scan/v0/explorer/updates?limit=100&template=${encodeURIComponent(template)}`,
    })),
    { name: 'explorer updates', method: 'GET', path: '/api/scan/v0/explorer/updates?limit=100' },
    ...snapshots.map((s) => ({
      name: `acs by template ${s.migration_id}`,
      method: 'POST' as const,
      path: '/api/scan/v0/state/acs',
      body: {
        migration_id: Number(s.migration_id),
        record_time: s.t,
        record_time_match: 'exact',
        page_size: 1000,
        templates: ['splice-amulet:Splice.Amulet:Amulet', 'splice-amulet:Splice.Round:OpenMiningRound'],
      },
    })),
    { name: 'events', method: 'POST', path: '/api/scan/v0/events', body: { page_size: 200 } },
    { name: 'transaction log', method: 'POST', path: '/api/scan/v0/transactions', body: { page_size: 1000 } },
  ];
}

/** The ledger node's package reads, which read the events' package ids. */
async function packageReads(dataSource: DataSource): Promise<Record<string, unknown>> {
  const parties = new LedgerPartiesRepository(Db.of(dataSource));
  const packageIds = await parties.listPackageIds();
  return {
    packageIds,
    known: await Promise.all(packageIds.map((id) => parties.hasPackage(id))),
    unknown: await parties.hasPackage('00'.repeat(32)),
  };
}

describe('template ids: the migration converts a store holding history, rows and answers unchanged', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];

  it('takes a store of three migrations down to the events template columns as text and up again', async () => {
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const calls = [...(await scanCalls(db.dataSource, owner)), ...(await templateCalls(db.dataSource))];
    const expected = await answersOf(db.dataSource, calls);
    const packages = await packageReads(db.dataSource);
    // The reads find something (an empty answer would pass unchanged either way), and a filter
    // on a template no event is of finds nothing.
    const bodyOf = (name: string) => {
      const { status, body } = expected[name] as { status: number; body: string };
      expect({ name, status }).toEqual({ name, status: 200 });
      return JSON.parse(body) as Record<string, unknown[]>;
    };
    for (const name of [
      'explorer updates of Splice.Amulet:Amulet',
      'explorer updates of Splice.Round:OpenMiningRound',
      'explorer updates of splice-amulet:Splice.Amulet:Amulet',
      'explorer updates',
      'acs by template 1',
    ])
      expect({ name, found: (bodyOf(name).updates ?? bodyOf(name).created_events).length > 0 }).toEqual({
        name,
        found: true,
      });
    const [{ package_id }] = await db.dataSource.query<{ package_id: string }[]>(
      `SELECT package_id FROM contracts WHERE entity_name = 'Amulet' ORDER BY row_id LIMIT 1`,
    );
    expect(bodyOf(`explorer updates of ${package_id}:Splice.Amulet:Amulet`).updates.length).toBeGreaterThan(
      0,
    );
    expect(bodyOf('explorer updates of splice-wallet:Splice.Amulet:Amulet').updates).toEqual([]);
    expect(bodyOf('explorer updates of Splice.Nothing:Nothing').updates).toEqual([]);
    expect(bodyOf('events').events.length).toBeGreaterThan(0);
    expect(bodyOf('transaction log').transactions.length).toBeGreaterThan(0);
    expect((packages.packageIds as string[]).length).toBeGreaterThan(1);
    expect(packages.known).toEqual((packages.packageIds as string[]).map(() => true));
    expect(packages.unknown).toBe(false);

    const content = await storeContentHashes(db.dataSource);
    const schema = await templateSchema(db.dataSource);
    expect(schema).toEqual({
      columns: [{ column_name: 'template_ref', data_type: 'integer', is_nullable: 'NO' }],
      index: expect.stringContaining('(template_ref, update_row_id)'),
      dictionary: true,
    });
    const [{ templates, used }] = await db.dataSource.query<{ templates: number; used: number }[]>(
      `SELECT (SELECT count(*)::int FROM templates) AS templates, (SELECT count(DISTINCT template_ref)::int FROM events) AS used`,
    );
    expect(templates).toBe(used);

    const runner = db.dataSource.createQueryRunner();
    let down = false;
    try {
      await TEMPLATE_IDS.down(runner);
      down = true;
      // The text columns again, holding the same template ids and package names (the content
      // hashes read template_ref as the two), no dictionary. (The reads of this code need the
      // dictionary: the answers are compared once up again.)
      expect(await templateSchema(db.dataSource)).toEqual({
        columns: [
          { column_name: 'package_name', data_type: 'text', is_nullable: 'NO' },
          { column_name: 'template_id', data_type: 'text', is_nullable: 'NO' },
        ],
        index: expect.stringContaining(
          "(hashtext(substr(template_id, (strpos(template_id, ':'::text) + 1))), update_row_id)",
        ),
        dictionary: false,
      });
      expect(await storeContentHashes(db.dataSource)).toEqual(content);

      // An event whose template id is not of three parts is refused, the store left as it was.
      await db.dataSource.query(
        `UPDATE events SET template_id = template_id || ':Extra' WHERE (update_row_id, node_id) = (SELECT update_row_id, node_id FROM events ORDER BY 1, 2 LIMIT 1)`,
      );
      await expect(TEMPLATE_IDS.up(runner)).rejects.toThrow(/is not a package id, module and entity/);
      expect((await templateSchema(db.dataSource)).dictionary).toBe(false);
      await db.dataSource.query(
        `UPDATE events SET template_id = left(template_id, -length(':Extra')) WHERE template_id LIKE '%:Extra'`,
      );
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      if (down) await TEMPLATE_IDS.up(runner);
      await runner.release();
    }
    expect(await templateSchema(db.dataSource)).toEqual(schema);
    expect(await storeContentHashes(db.dataSource)).toEqual(content);
    expect(await answersOf(db.dataSource, calls)).toEqual(expected);
    expect(await packageReads(db.dataSource)).toEqual(packages);
    // One dictionary row per template id and package name the events hold.
    expect(
      await db.dataSource.query(
        `SELECT (SELECT count(*)::int FROM templates) AS templates, (SELECT count(DISTINCT template_ref)::int FROM events) AS used`,
      ),
    ).toEqual([{ templates, used: templates }]);

    // Built on every partition (a partition the writer attaches later gets it from the parent).
    const [{ n }] = await db.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'ix_events_template_entity'::regclass`,
    );
    expect(n).toBe(3);
  }, 300_000);
});
