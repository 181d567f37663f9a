import type { DataSource } from 'typeorm';
import { ActiveContractsRepository, Db, MIGRATIONS, acsPageStatement } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { storeContentHashes, useTestDatabase } from '@canton-scan/testing';
import {
  answersOf,
  loadThreeMigrations,
  scanCalls,
  THREE_MIGRATIONS_SIMULATION,
  type Call,
} from './partitioned-history.fixture';

const migration = (name: string) => {
  const M = MIGRATIONS.find((m) => m.name === name);
  if (!M) throw new Error(`migration ${name} is not registered`);
  return new M();
};
const TEMPLATE_HASH_INDEXES = migration('TemplateHashIndexes1795523600000');
const CONTRACT_TEMPLATE_ID = migration('ContractTemplateId1795523610000');
// The events' template columns as text, which the hashed index of TemplateHashIndexes is over.
const TEMPLATE_IDS = migration('TemplateIds1795523800000');

/** The template indexes, each with its definition on the parent table. */
const templateIndexes = async (dataSource: DataSource): Promise<Record<string, string>> =>
  Object.fromEntries(
    (
      await dataSource.query<{ name: string; def: string }[]>(
        `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def FROM pg_class c
          WHERE c.relname IN ('ix_contracts_template', 'ix_contracts_active_template', 'ix_events_template_entity')
          ORDER BY 1`,
      )
    ).map((r) => [r.name, r.def]),
  );

/** The columns of `contracts`. */
const contractColumns = async (dataSource: DataSource): Promise<string[]> =>
  (
    await dataSource.query<{ c: string }[]>(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'contracts' ORDER BY 1`,
    )
  ).map((r) => r.c);

/** Reads that print contracts' template ids: the explorer's contract page and ACS template counts. */
async function templateIdCalls(dataSource: DataSource): Promise<Call[]> {
  const contracts: { contract_id: string }[] = await dataSource.query(
    `SELECT DISTINCT ON (entity_name) contract_id FROM contracts ORDER BY entity_name, row_id LIMIT 5`,
  );
  const snapshots: { migration_id: string; t: string }[] = await dataSource.query(
    `SELECT migration_id, to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM acs_snapshots GROUP BY migration_id ORDER BY migration_id`,
  );
  return [
    ...contracts.map((c) => ({
      name: `explorer contract ${c.contract_id}`,
      method: 'GET' as const,
      path: `/api/scan/v0/explorer/contracts/${encodeURIComponent(c.contract_id)}`,
    })),
    ...snapshots.map((s) => ({
      name: `acs template counts ${s.migration_id}`,
      method: 'GET' as const,
      path: `/api/scan/v0/explorer/acs-template-counts?migration_id=${s.migration_id}&record_time=${encodeURIComponent(s.t)}`,
    })),
  ];
}

/** Reads that filter on templates: the ACS by template, the explorer by MODULE:ENTITY, current-contract lists. */
async function templateCalls(dataSource: DataSource): Promise<Call[]> {
  const snapshots: { migration_id: string; t: string }[] = await dataSource.query(
    `SELECT migration_id, to_char(max(record_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM acs_snapshots GROUP BY migration_id ORDER BY migration_id`,
  );
  return [
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
    ...['Splice.Amulet:Amulet', 'Splice.Round:OpenMiningRound', 'splice-amulet:Splice.Amulet:Amulet'].map(
      (template) => ({
        name: `explorer updates of ${template}`,
        method: 'GET' as const,
        path: `/api/scan/v0/explorer/updates?limit=100&template=${encodeURIComponent(template)}`,
      }),
    ),
    { name: 'closed rounds', method: 'GET', path: '/api/scan/v0/closed-rounds' },
    { name: 'featured apps', method: 'GET', path: '/api/scan/v0/featured-apps' },
    { name: 'amulet price votes', method: 'GET', path: '/api/scan/v0/amulet-price/votes' },
    { name: 'vote requests', method: 'GET', path: '/api/scan/v0/admin/sv/voterequests' },
  ];
}

describe('template cuts: their migrations convert a store holding history, rows and answers unchanged', () => {
  const db = useTestDatabase();
  const simulated = [...simulateNetwork(THREE_MIGRATIONS_SIMULATION)];

  it('takes a store of three migrations down to the text-keyed template indexes and up again', async () => {
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const calls = [...(await scanCalls(db.dataSource, owner)), ...(await templateCalls(db.dataSource))];
    const expected = await answersOf(db.dataSource, calls);
    // The template reads find something (an empty answer would pass unchanged either way).
    const bodyOf = (name: string) =>
      JSON.parse((expected[name] as { body: string }).body) as Record<string, unknown[]>;
    expect(bodyOf('acs by template 1').created_events.length).toBeGreaterThan(0);
    expect(bodyOf('explorer updates of Splice.Amulet:Amulet').updates.length).toBeGreaterThan(0);
    expect(bodyOf('explorer updates of Splice.Round:OpenMiningRound').updates.length).toBeGreaterThan(0);
    const content = await storeContentHashes(db.dataSource);
    const current = await templateIndexes(db.dataSource);
    expect(Object.keys(current)).toHaveLength(3);
    expect(current.ix_events_template_entity).toContain('(template_ref, update_row_id)');
    for (const def of [current.ix_contracts_template, current.ix_contracts_active_template])
      expect(def).toContain('hashtext(');

    const runner = db.dataSource.createQueryRunner();
    let eventsDown = false;
    let down = false;
    try {
      await TEMPLATE_IDS.down(runner);
      eventsDown = true;
      await TEMPLATE_HASH_INDEXES.down(runner);
      down = true;
      // The store with the indexes keyed on the names' text.
      const before = await templateIndexes(db.dataSource);
      expect(before).toEqual({
        ix_contracts_active_template: expect.stringContaining(
          '(package_name, module_name, entity_name, row_id)',
        ),
        ix_contracts_template: expect.stringContaining(
          '(package_name, module_name, entity_name, migration_id, row_id)',
        ),
        ix_events_template_entity: expect.stringContaining(
          "(substr(template_id, (strpos(template_id, ':'::text) + 1)), update_row_id)",
        ),
      });
      // (This code reads events' templates through the dictionary that TemplateIds' `down` drops:
      // the answers are compared once up again.)
      expect(await storeContentHashes(db.dataSource)).toEqual(content);
    } finally {
      // Up again (also after a failure: the worker's next test file needs the current schema).
      if (down) await TEMPLATE_HASH_INDEXES.up(runner);
      if (eventsDown) await TEMPLATE_IDS.up(runner);
      await runner.release();
    }
    expect(await templateIndexes(db.dataSource)).toEqual(current);
    expect(await storeContentHashes(db.dataSource)).toEqual(content);
    expect(await answersOf(db.dataSource, calls)).toEqual(expected);

    // Built on every partition (a partition the writer attaches later gets it from the parent).
    for (const index of Object.keys(current)) {
      const [{ n }] = await db.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = $1::regclass`,
        [index],
      );
      expect({ index, partitions: n }).toEqual({ index, partitions: 3 });
    }
    // Three boots of the app, each reading every answer and paging through the whole history.
  }, 300_000);

  it('tells apart two templates whose names hash alike', async () => {
    await loadThreeMigrations(db.dataSource, simulated);
    // Two package names whose `package_name:Module:Entity` have the same hashtext (a 32-bit
    // hash: among 300,000 names some two collide).
    const [pair] = await db.dataSource.query<{ names: string[] }[]>(
      `SELECT (array_agg(n ORDER BY n))[1:2] AS names
         FROM (SELECT 'pkg-' || g AS n FROM generate_series(1, 300000) g) x
        GROUP BY hashtext(n || ':Splice.Amulet:Amulet') HAVING count(*) > 1 LIMIT 1`,
    );
    expect(pair.names).toHaveLength(2);
    const [a, b] = pair.names;
    // Two copies of a current Amulet of the newest migration, one per package name.
    const copyAs = (packageName: string, suffix: string) =>
      db.dataSource.query(
        `INSERT INTO contracts OVERRIDING USER VALUE
         SELECT (jsonb_populate_record(c, jsonb_build_object('package_name', $1::text, 'contract_id', c.contract_id || $2))).*
           FROM contracts c
          WHERE c.migration_id = 2 AND c.entity_name = 'Amulet' AND c.archived_record_time IS NULL
          ORDER BY c.row_id LIMIT 1`,
        [packageName, suffix],
      );
    await copyAs(a, '-a');
    await copyAs(b, '-b');
    const repository = new ActiveContractsRepository(Db.of(db.dataSource));
    const listed = async (packageName: string) =>
      (await repository.listByTemplate(`${packageName}:Splice.Amulet:Amulet`)).map((c) =>
        c.contractId.slice(-2),
      );
    expect({ [a]: await listed(a), [b]: await listed(b) }).toEqual({ [a]: ['-a'], [b]: ['-b'] });
    expect(await listed('splice-amulet')).not.toContain('-a');

    const acs = acsPageStatement(
      {
        migrationId: 2,
        snapshotTime: '9999-12-31T00:00:00Z',
        templates: [{ packageName: a, moduleName: 'Splice.Amulet', entityName: 'Amulet' }],
      },
      undefined,
      100,
    );
    const [{ body }] = await db.dataSource.query<{ body: string }[]>(acs.sql, acs.params);
    const page = JSON.parse(body) as { created_events: { contract_id: string; package_name: string }[] };
    expect(page.created_events.map((e) => [e.package_name, e.contract_id.slice(-2)])).toEqual([[a, '-a']]);
  });

  it('drops contracts.template_id and restores it from its parts, every answer unchanged', async () => {
    const { owner } = await loadThreeMigrations(db.dataSource, simulated);
    const calls = [
      ...(await scanCalls(db.dataSource, owner)),
      ...(await templateCalls(db.dataSource)),
      ...(await templateIdCalls(db.dataSource)),
    ];
    const expected = await answersOf(db.dataSource, calls);
    // The reads printing template ids answer (a 404 would pass unchanged either way).
    for (const call of calls.filter((c) => /^(explorer contract|acs template counts) /.test(c.name)))
      expect({ call: call.name, status: (expected[call.name] as { status: number }).status }).toEqual({
        call: call.name,
        status: 200,
      });
    const content = await storeContentHashes(db.dataSource);
    const columns = await contractColumns(db.dataSource);
    expect(columns).not.toContain('template_id');

    const runner = db.dataSource.createQueryRunner();
    let down = false;
    try {
      await CONTRACT_TEMPLATE_ID.down(runner);
      down = true;
      // The column is back, holding what the creating event of each row holds.
      expect(await contractColumns(db.dataSource)).toEqual([...columns, 'template_id'].sort());
      const [{ rows, differing }] = await db.dataSource.query<{ rows: number; differing: number }[]>(
        `SELECT count(*)::int AS rows,
                count(*) FILTER (WHERE c.template_id IS DISTINCT FROM t.package_id || ':' || t.module_name || ':' || t.entity_name)::int AS differing
           FROM contracts c LEFT JOIN events e ON e.migration_id = c.migration_id
                AND e.update_row_id = c.created_update_row_id AND e.node_id = c.created_node_id
           LEFT JOIN templates t ON t.id = e.template_ref`,
      );
      expect({ rows, differing }).toEqual({ rows: content.contracts.rows, differing: 0 });
      expect(await storeContentHashes(db.dataSource)).toEqual({ ...content, contracts: expect.anything() });
      expect(await answersOf(db.dataSource, calls)).toEqual(expected);

      // A row whose template id is not its parts joined is refused, the store left as it was.
      await db.dataSource.query(
        `UPDATE contracts SET template_id = template_id || ':Extra' WHERE row_id = (SELECT min(row_id) FROM contracts)`,
      );
      await expect(CONTRACT_TEMPLATE_ID.up(runner)).rejects.toThrow(
        /is not its package id, module and entity/,
      );
      expect(await contractColumns(db.dataSource)).toContain('template_id');
      await db.dataSource.query(
        `UPDATE contracts SET template_id = package_id || ':' || module_name || ':' || entity_name
          WHERE row_id = (SELECT min(row_id) FROM contracts)`,
      );
    } finally {
      if (down) await CONTRACT_TEMPLATE_ID.up(runner);
      await runner.release();
    }
    expect(await contractColumns(db.dataSource)).toEqual(columns);
    expect(await storeContentHashes(db.dataSource)).toEqual(content);
    expect(await answersOf(db.dataSource, calls)).toEqual(expected);
  }, 300_000);
});
