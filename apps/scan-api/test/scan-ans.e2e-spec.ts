import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createScanClient,
  createScanProxyClient,
  scanApi,
  scanProxyApi,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';
import {
  AnsEntriesRepository,
  IMPORT_RECORD_TIME,
  SpliceTemplates,
  toCompact,
  type AnsEntryPayload,
  type DsoRulesPayload,
  type HistoryUpdate,
} from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  replayAcs,
  signDevelopmentToken,
  startTestApp,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** MainNet answers (`<repo>/../shared`, a sibling of the repository; see its README.md). */
const SAMPLES = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sample = (name: string): any => JSON.parse(readFileSync(join(SAMPLES, name), 'utf8'));

/** The keys of every object in `value`, recursively, as `path.key` (array items under `[]`). */
function keyPaths(value: unknown, path = '$', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${path}[]`, out);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      out.add(`${path}.${k}`);
      keyPaths(v, `${path}.${k}`, out);
    }
  return out;
}

const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('ANS entries and rules (scan group and validator proxy)', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  let proxy: ReturnType<typeof createScanProxyClient>;
  let updates: HistoryUpdate[];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    const token = await signDevelopmentToken();
    proxy = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    ({ updates } = await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 24 }));
  });

  const list = (query: scanApi.ListAnsEntriesData['query']) =>
    callChecked(scanSpec, 'listAnsEntries', scanApi.listAnsEntries({ client, query }));
  const byName = (name: string) =>
    callChecked(scanSpec, 'lookupAnsEntryByName', scanApi.lookupAnsEntryByName({ client, path: { name } }));
  const byParty = (party: string) =>
    callChecked(
      scanSpec,
      'lookupAnsEntryByParty',
      scanApi.lookupAnsEntryByParty({ client, path: { party } }),
    );
  const rules = (body: scanApi.GetAnsRulesRequest) =>
    callChecked(scanSpec, 'getAnsRules', scanApi.getAnsRules({ client, body }));

  /** The newest migration's current AnsEntries and DsoRules, replayed from the history (not read from the store). */
  function replayed(): { entries: AnsEntryPayload[]; dsoRules: DsoRulesPayload } {
    const newest = Math.max(
      ...updates.map((u) => ('events_by_id' in u ? u.migration_id : u.event.migration_id)),
    );
    const acs = replayAcs(updates, newest, '9999-01-01T00:00:00.000000Z');
    const payloads = (t: { templateId: string }) =>
      acs.filter((e) => e.template_id === t.templateId).map((e) => toCompact(e.create_arguments));
    return {
      entries: payloads(SpliceTemplates.AnsEntry) as unknown as AnsEntryPayload[],
      dsoRules: payloads(SpliceTemplates.DsoRules).at(-1) as unknown as DsoRulesPayload,
    };
  }

  it('lists the current entries in name order, then the DSO’s own names, in the shape of MainNet', async () => {
    const { entries, dsoRules } = replayed();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const res = await list({ page_size: 1000 });
    expect(res.status).toBe(200);
    const users = res.body.entries.filter((e: scanApi.AnsEntry) => e.contract_id !== undefined);
    expect(users.map((e: scanApi.AnsEntry) => e.name)).toEqual(entries.map((e) => e.name).sort(byteOrder));
    for (const e of users) {
      const payload = entries.find((p) => p.name === e.name)!;
      expect(e).toMatchObject({
        user: payload.user,
        url: payload.url,
        description: payload.description,
        expires_at: payload.expiresAt,
      });
    }
    const own = res.body.entries.slice(users.length);
    expect(own).toEqual([
      { user: dsoRules.dso, name: 'dso.ans', url: '', description: '' },
      ...dsoRules.svs.map(([party, info]) => ({
        user: party,
        name: `${info.name.toLowerCase()}.sv.ans`,
        url: '',
        description: '',
      })),
    ]);
    expect(keyPaths({ entries: users })).toEqual(keyPaths(sample('scan.v0.ans_entries.json')));
  });

  it('looks each listed entry up by name and by party, as the list has it', async () => {
    const all = (await list({ page_size: 1000 })).body.entries as scanApi.AnsEntry[];
    for (const entry of all) {
      expect(await byName(entry.name)).toEqual(expect.objectContaining({ status: 200, body: { entry } }));
      const first = all.filter((e) => e.user === entry.user)[0];
      expect((await byParty(entry.user)).body).toEqual({ entry: first });
    }
    const user = all.find((e) => e.contract_id !== undefined)!;
    expect(keyPaths((await byName(user.name)).body)).toEqual(
      keyPaths(sample('scan.v0.ans_entries_by_name.json')),
    );
    expect(keyPaths((await byParty(user.user)).body)).toEqual(
      keyPaths(sample('scan.v0.ans_entries_by_party.json')),
    );
  });

  it('filters by name prefix and pages by page_size', async () => {
    const all = (await list({ page_size: 1000 })).body.entries as scanApi.AnsEntry[];
    const first = all[0].name;
    const prefix = first.slice(0, 2);
    const filtered = (await list({ page_size: 1000, name_prefix: prefix })).body
      .entries as scanApi.AnsEntry[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual(all.filter((e) => e.name.startsWith(prefix)));
    expect((await list({ page_size: 1000, name_prefix: 'no-such-name-prefix' })).body).toEqual({
      entries: [],
    });
    expect((await list({ page_size: 1000, name_prefix: '' })).body.entries).toEqual(all);
    for (const size of [1, 2, all.length - 1])
      expect((await list({ page_size: size })).body.entries).toEqual(all.slice(0, size));
  });

  it('leaves out an entry whose expiry has passed the ledger’s time', async () => {
    const all = (await list({ page_size: 1000 })).body.entries as scanApi.AnsEntry[];
    const victim = all.find((e) => e.contract_id !== undefined)!;
    await db.dataSource.query(
      `UPDATE contracts SET payload_compact = jsonb_set(payload_compact::jsonb, '{expiresAt}', '"2026-01-01T00:00:00.000000Z"')::json
        WHERE contract_id = $1 AND archived_record_time IS NULL`,
      [victim.contract_id],
    );
    const after = (await list({ page_size: 1000 })).body.entries as scanApi.AnsEntry[];
    expect(after).toEqual(all.filter((e) => e.name !== victim.name));
    expect((await byName(victim.name)).status).toBe(404);
  });

  it('reads entries on the named partial indexes (EXPLAIN of the three statements)', async () => {
    const explain = async (statement: { text: string }, params: unknown[]) =>
      ((await db.dataSource.query(`EXPLAIN ${statement.text}`, params)) as { 'QUERY PLAN': string }[])
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const user = `u::1220${'0'.repeat(64)}`;
    const list = await explain(AnsEntriesRepository.LIST, [IMPORT_RECORD_TIME, 'ab', 100]);
    const name = await explain(AnsEntriesRepository.BY_NAME, [IMPORT_RECORD_TIME, 'ab.unverified.cns']);
    const party = await explain(AnsEntriesRepository.BY_USER, [IMPORT_RECORD_TIME, user]);
    // The partitions' copies of ix_contracts_ans_entry_name (migration_id, name) and
    // ix_contracts_ans_entry_user (migration_id, user, name); the prefix is an index range.
    expect(list).toMatch(/Index Scan using contracts_m\d+_migration_id_expr_idx on contracts_m\d+/);
    expect(list).toMatch(/Index Cond: .*>= 'ab'::text\) AND .*< 'ac'::text/);
    expect(party).toMatch(/Index Scan using contracts_m\d+_migration_id_expr_expr1_idx on contracts_m\d+/);
    expect(name).toMatch(/Index Scan using contracts_m\d+_migration_id_expr\w*_idx on contracts_m\d+/);
    for (const plan of [list, name, party]) expect(plan).not.toMatch(/Seq Scan on contracts/);
  });

  it('answers 404 and 400 in the scan error format', async () => {
    expect(await byName('nobody.unverified.cns')).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining('nobody.unverified.cns') },
    });
    const stranger = `stranger::1220${'0'.repeat(64)}`;
    expect(await byParty(stranger)).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining(stranger) },
    });
    for (const page_size of [0, -1, 1001])
      expect(await list({ page_size })).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    const missing = await fetch(`${running.origin}${running.config.scanApi.prefix}/v0/ans-entries`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: expect.any(String) });
    expect(await byParty('not-a-party')).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  });

  it('serves the ANS rules, without the contract when the caller holds it', async () => {
    const full = await rules({});
    expect(full.status).toBe(200);
    const contract = full.body.ans_rules_update.contract;
    expect(contract.template_id).toBe(SpliceTemplates.AnsRules.templateId);
    expect(contract.payload).toMatchObject({ config: { entryFee: '1.0000000000' } });
    const cached = await rules({ cached_ans_rules_contract_id: contract.contract_id });
    expect(cached.body).toEqual({ ans_rules_update: { domain_id: full.body.ans_rules_update.domain_id } });
  });

  it('answers the proxy forms exactly as the scan group', async () => {
    const all = (await list({ page_size: 1000 })).body;
    const viaProxy = await callChecked(
      scanProxySpec,
      'getProxyAnsEntries',
      scanProxyApi.getProxyAnsEntries({ client: proxy, query: { page_size: 1000 } }),
    );
    expect(viaProxy).toMatchObject({ status: 200, body: all });
    const prefixed = await callChecked(
      scanProxySpec,
      'getProxyAnsEntries',
      scanProxyApi.getProxyAnsEntries({ client: proxy, query: { page_size: 2, name_prefix: 'd' } }),
    );
    expect(prefixed.body).toEqual((await list({ page_size: 2, name_prefix: 'd' })).body);
    const entry = all.entries[0];
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyAnsEntryByName',
        scanProxyApi.getProxyAnsEntryByName({ client: proxy, path: { name: entry.name } }),
      ),
    ).toMatchObject({ status: 200, body: (await byName(entry.name)).body });
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyAnsEntryByParty',
        scanProxyApi.getProxyAnsEntryByParty({ client: proxy, path: { party: entry.user } }),
      ),
    ).toMatchObject({ status: 200, body: (await byParty(entry.user)).body });
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyAnsEntryByName',
        scanProxyApi.getProxyAnsEntryByName({ client: proxy, path: { name: 'nobody.unverified.cns' } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await callChecked(
        scanProxySpec,
        'getProxyAnsRules',
        scanProxyApi.getProxyAnsRules({ client: proxy, body: {} }),
      ),
    ).toMatchObject({ status: 200, body: (await rules({})).body });
    const anonymous = await fetch(
      `${running.origin}${running.config.scanApi.validatorPrefix}/v0/scan-proxy/ans-entries?page_size=1`,
    );
    expect(anonymous.status).toBe(401);
  });
});
