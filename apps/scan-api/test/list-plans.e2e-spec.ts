import { writeFileSync } from 'node:fs';
import { Db, ReadDb, synchronizerNameOf, type Statement } from '@canton-scan/domain';
import {
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/**
 * Issue 30 item 5: every list and lookup the issue added is paged in SQL on a named index. Each
 * operation is called over HTTP as a client calls it (ids discovered from the store); every
 * statement the app runs for it is recorded, then EXPLAINed with its own parameters. The store is
 * a simulated network (thousands of rows), so the planner is told that sequential scans are
 * dearer than anything else (`enable_seqscan = off`, as on a store of millions of rows, where
 * reading a table whole is what a page must never cost): a statement with no index to serve it
 * still plans a Seq Scan then, and fails. Each operation also names the indexes its plans must
 * use (docs/performance.md "Lists and lookups of issue 30: their indexes").
 */
const NETWORK = { seed: 13, rounds: 36, migrationRound: 24, reassignEveryRounds: 4 };

/** Tables that grow with the history: none of them may be read whole (partitions `_m<N>` included). */
const BIG_TABLE_SCAN =
  /Seq Scan on (updates|events|contracts|amulet_holdings|synchronizer_verdicts|vote_results|party_hosting|app_activity_records|validator_licenses)(_m\d+)?\b/;

interface Recorded {
  text: string;
  params: readonly unknown[];
}

interface Operation {
  name: string;
  call: () => Promise<Response>;
  status?: number;
  /** Index names (partition copies: PostgreSQL names them after the columns) the plans must use. */
  indexes: RegExp[];
  /** What the plans must not hold. */
  absent?: { what: RegExp; why: string }[];
}

/**
 * A read of one update or a few contracts looks each row's synchronizer up by id: the whole
 * synchronizers dictionary built as an array (`synchronizerNameOf`, a `generate_series` over its
 * ids) is for statements of many rows.
 */
const WHOLE_DICTIONARY = /Function Scan on generate_series/;
const ONE_UPDATE = [
  { what: WHOLE_DICTIONARY, why: 'the whole synchronizers dictionary read for one update' },
];
const FEW_CONTRACTS = [
  { what: WHOLE_DICTIONARY, why: 'the whole synchronizers dictionary read for a few contracts' },
];

describe('lists and lookups of issue 30: every statement on a named index (EXPLAIN)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let base: string;
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    base = running.origin + running.config.scanApi.prefix;
    // Record every statement the app's stores run (with no replicas, ReadDb is the Db itself).
    for (const store of new Set([running.app.get(Db), running.app.get<Db>(ReadDb)])) {
      const query = store.query.bind(store);
      const textStream = store.textStream.bind(store);
      const fold = store.fold.bind(store);
      store.query = ((statement: Statement | string, params: readonly unknown[] = []) => {
        recorded.push({ text: typeof statement === 'string' ? statement : statement.text, params });
        return query(statement, params);
      }) as Db['query'];
      store.textStream = (statement: Statement | string, params: readonly unknown[] = []) => {
        recorded.push({ text: typeof statement === 'string' ? statement : statement.text, params });
        return textStream(statement, params);
      };
      store.fold = ((statement: Statement | string, params: readonly unknown[], folding: never) => {
        recorded.push({ text: typeof statement === 'string' ? statement : statement.text, params });
        return fold(statement, params, folding);
      }) as Db['fold'];
    }
  });
  afterAll(() => running.close());

  const get = (path: string) => fetch(`${base}${path}`);
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const json = async <T>(res: Promise<Response>): Promise<T> => {
    const r = await res;
    expect(r.status).toBe(200);
    return (await r.json()) as T;
  };
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const [row] = (await db.dataSource.query(sql, params)) as T[];
    expect(row).toBeDefined();
    return row;
  };

  async function plan(statement: Recorded): Promise<string> {
    return db.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await m.query(`EXPLAIN ${statement.text}`, [
        ...statement.params,
      ]);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads every page and lookup through its index, never a big table whole', async () => {
    await loadSimulatedNetwork(db.dataSource, NETWORK);
    await db.dataSource.query('ANALYZE');

    // What a client discovers first.
    const ans = await json<{ entries: { name: string; user: string }[] }>(
      get('/v0/ans-entries?page_size=10'),
    );
    const licenses = await json<{
      validator_licenses: { payload: { validator: string } }[];
      next_page_token?: number;
    }>(get('/v0/admin/validator/licenses?limit=5'));
    const featured = await json<{ featured_apps: { contract_id: string; payload: { provider: string } }[] }>(
      get('/v0/featured-apps'),
    );
    expect([
      ans.entries.length,
      licenses.validator_licenses.length,
      featured.featured_apps.length,
    ]).not.toContain(0);
    expect(licenses.next_page_token).toBeDefined();
    const updatesOf = await one<{ migration_id: number; synchronizer_id: string }>(
      `SELECT migration_id::int, ${synchronizerNameOf('t.synchronizer')} AS synchronizer_id FROM updates t WHERE NOT is_import ORDER BY migration_id DESC, row_id DESC LIMIT 1`,
    );
    const snapshot = await one<{ migration_id: number; record_time: string }>(
      `SELECT migration_id::int, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
         FROM acs_snapshots ORDER BY migration_id DESC, record_time DESC LIMIT 1`,
    );
    const owner = await one<{ owner: string }>(
      'SELECT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id WHERE h.migration_id = $1 ORDER BY p.party LIMIT 1',
      [snapshot.migration_id],
    );
    const command = await one<{ sender: string; nonce: string }>(
      `SELECT payload_compact->>'sender' AS sender, payload_compact->>'nonce' AS nonce FROM contracts
        WHERE entity_name = 'TransferCommand' ORDER BY row_id LIMIT 1`,
    );
    const hosting = await one<{ synchronizer_id: string; party_id: string }>(
      'SELECT synchronizer_id, party_id FROM party_hosting ORDER BY record_time DESC LIMIT 1',
    );
    const traffic = await one<{ member: string; synchronizer: string }>(
      `SELECT payload_compact->>'memberId' AS member, payload_compact->>'synchronizerId' AS synchronizer FROM contracts
        WHERE entity_name = 'MemberTraffic' ORDER BY row_id LIMIT 1`,
    );
    const hash = await one<{ h: string; id: string }>(
      'SELECT external_transaction_hash AS h, update_id AS id FROM updates WHERE external_transaction_hash IS NOT NULL LIMIT 1',
    );
    const enc = encodeURIComponent;
    // Open requests come and go; the statement is the same for any id (an archived one here).
    const request = await one<{ contract_id: string }>(
      `SELECT contract_id FROM contracts WHERE entity_name = 'VoteRequest' ORDER BY row_id LIMIT 1`,
    );

    // Partition copies of the named indexes are named by PostgreSQL after their columns (an
    // expression after its function: ix_contracts_active_template is keyed on the template's hash).
    const ACTIVE_TEMPLATE = /contracts_m\d+_hashtext_row_id_idx/;
    const operations: Operation[] = [
      {
        name: 'POST /v0/events',
        call: () => post('/v0/events', { page_size: 100 }),
        indexes: [
          /ux_synchronizer_verdicts_migration_record_time/,
          /updates_m\d+_migration_id_record_time_row_id_idx/,
          /pk_synchronizer_verdicts/,
        ],
      },
      {
        name: 'POST /v0/backfilling/updates-before',
        call: () =>
          post('/v0/backfilling/updates-before', {
            migration_id: updatesOf.migration_id,
            synchronizer_id: updatesOf.synchronizer_id,
            before: '9999-12-31T00:00:00Z',
            count: 100,
          }),
        indexes: [/updates_m\d+_migration_id_record_time_row_id_idx/, /events_m\d+_pkey/],
      },
      {
        name: 'GET /v0/ans-entries',
        call: () => get('/v0/ans-entries?page_size=100&name_prefix=a'),
        indexes: [/contracts_m\d+_migration_id_expr_idx/],
      },
      {
        name: 'GET /v0/ans-entries/by-name/{name}',
        call: () => get(`/v0/ans-entries/by-name/${enc(ans.entries[0].name)}`),
        indexes: [/contracts_m\d+_migration_id_expr\w*_idx/],
      },
      {
        name: 'GET /v0/ans-entries/by-party/{party}',
        call: () => get(`/v0/ans-entries/by-party/${enc(ans.entries[0].user)}`),
        indexes: [/contracts_m\d+_migration_id_expr_expr1_idx/],
      },
      { name: 'GET /v0/closed-rounds', call: () => get('/v0/closed-rounds'), indexes: [ACTIVE_TEMPLATE] },
      {
        name: 'GET /v0/admin/validator/licenses (after, limit)',
        call: () => get(`/v0/admin/validator/licenses?limit=5&after=${licenses.next_page_token}`),
        indexes: [ACTIVE_TEMPLATE],
      },
      { name: 'GET /v0/featured-apps', call: () => get('/v0/featured-apps'), indexes: [ACTIVE_TEMPLATE] },
      {
        name: 'GET /v0/featured-apps/by-provider/{provider}',
        call: () => get(`/v0/featured-apps/by-provider/${enc(featured.featured_apps[0].payload.provider)}`),
        indexes: [ACTIVE_TEMPLATE],
      },
      {
        name: 'GET /v0/featured-apps/by-contract-id/{id}',
        call: () => get(`/v0/featured-apps/by-contract-id/${enc(featured.featured_apps[0].contract_id)}`),
        // By id (ux_contracts_contract_migration) or, where few FeaturedAppRights are current, by
        // the template's range of ix_contracts_active_template: the planner weighs the two.
        indexes: [new RegExp(`(contracts_m\\d+_contract_id_migration_id\\w*_idx|${ACTIVE_TEMPLATE.source})`)],
      },
      {
        name: 'GET /v0/admin/sv/voterequests',
        call: () => get('/v0/admin/sv/voterequests'),
        indexes: [ACTIVE_TEMPLATE],
      },
      {
        name: 'POST /v0/voterequest',
        call: () => post('/v0/voterequest', { vote_request_contract_ids: [request.contract_id] }),
        indexes: [ACTIVE_TEMPLATE],
      },
      {
        name: 'GET /v0/voterequests/{id}',
        call: () => get(`/v0/voterequests/${enc(request.contract_id)}`),
        status: 404,
        indexes: [ACTIVE_TEMPLATE],
        absent: FEW_CONTRACTS,
      },
      {
        name: 'POST /v0/admin/sv/voteresults',
        call: () => post('/v0/admin/sv/voteresults', { limit: 10 }),
        indexes: [/ix_vote_results_effective_at/, /events_m\d+_pkey/],
      },
      {
        name: 'GET /v0/amulet-price/votes',
        call: () => get('/v0/amulet-price/votes'),
        indexes: [ACTIVE_TEMPLATE],
      },
      {
        name: 'POST /v0/holdings/state',
        call: () =>
          post('/v0/holdings/state', {
            migration_id: snapshot.migration_id,
            record_time: snapshot.record_time,
            owner_party_ids: [owner.owner],
            page_size: 100,
          }),
        indexes: [/amulet_holdings_m\d+_migration_id_owner_id_contract_row_id\w*_idx/],
      },
      {
        name: 'GET /v0/transfer-command-counter/{party}',
        call: () => get(`/v0/transfer-command-counter/${enc(command.sender)}`),
        indexes: [/contracts_m\d+_migration_id_expr\w*_idx/],
        absent: FEW_CONTRACTS,
      },
      {
        name: 'GET /v0/transfer-command/status',
        call: () => get(`/v0/transfer-command/status?sender=${enc(command.sender)}&nonce=${command.nonce}`),
        indexes: [/contracts_m\d+_expr_expr1_idx/],
      },
      { name: 'GET /v0/scans', call: () => get('/v0/scans'), indexes: [ACTIVE_TEMPLATE] },
      { name: 'GET /v0/dso-sequencers', call: () => get('/v0/dso-sequencers'), indexes: [ACTIVE_TEMPLATE] },
      {
        name: 'GET /v0/domains/{d}/parties/{p}/participant-id',
        call: () =>
          get(`/v0/domains/${enc(hosting.synchronizer_id)}/parties/${enc(hosting.party_id)}/participant-id`),
        indexes: [/pk_party_hosting/],
      },
      {
        name: 'GET /v1/domains/{d}/parties/{p}/participant-id',
        call: () =>
          get(`/v1/domains/${enc(hosting.synchronizer_id)}/parties/${enc(hosting.party_id)}/participant-id`),
        indexes: [/pk_party_hosting/],
      },
      {
        name: 'GET /v0/domains/{d}/members/{m}/traffic-status',
        call: () =>
          get(`/v0/domains/${enc(traffic.synchronizer)}/members/${enc(traffic.member)}/traffic-status`),
        indexes: [/contracts_m\d+_expr_expr1_migration_id_idx/],
      },
      {
        name: 'GET /v2/updates/hash/{hash}',
        call: () => get(`/v2/updates/hash/${hash.h}`),
        indexes: [/updates_m\d+_external_transaction_hash\w*_idx/, /pk_synchronizers/],
        absent: ONE_UPDATE,
      },
      {
        name: 'GET /v2/updates/{id}',
        call: () => get(`/v2/updates/${enc(hash.id)}`),
        indexes: [/updates_m\d+_update_id\w*_idx/, /pk_synchronizers/],
        absent: ONE_UPDATE,
      },
      {
        name: 'GET /v0/validators/validator-faucets',
        call: () =>
          get(
            `/v0/validators/validator-faucets?validator_ids=${enc(licenses.validator_licenses[0].payload.validator)}`,
          ),
        indexes: [/ix_validator_licenses_validator/],
      },
      {
        name: 'GET /v0/history/bulk/acs',
        call: () => get(`/v0/history/bulk/acs?at_or_before_record_time=${enc(snapshot.record_time)}`),
        status: 404,
        indexes: [],
      },
      {
        name: 'POST /v0/history/bulk/updates',
        call: () =>
          post('/v0/history/bulk/updates', {
            start_record_time: '2020-01-01T00:00:00Z',
            end_record_time: snapshot.record_time,
            page_size: 100,
          }),
        indexes: [],
      },
    ];

    const problems: string[] = [];
    const plans: string[] = [];
    for (const op of operations) {
      recorded.length = 0;
      const res = await op.call();
      if (res.status !== (op.status ?? 200))
        problems.push(`${op.name}: status ${res.status} ${await res.text()}`);
      if (recorded.length === 0) problems.push(`${op.name}: ran no statement`);
      let all = '';
      for (const statement of [...recorded]) {
        const text = await plan(statement);
        all += `${text}\n`;
        const scan = BIG_TABLE_SCAN.exec(text);
        if (scan) problems.push(`${op.name}: ${scan[0]} in\n${statement.text}\n${text}`);
      }
      for (const index of op.indexes)
        if (
          !new RegExp(
            `((Index|Index Only) Scan (Backward )?using|Bitmap Index Scan on) ${index.source}`,
          ).test(all)
        )
          problems.push(`${op.name}: no scan using ${index.source} in\n${all}`);
      for (const { what, why } of op.absent ?? [])
        if (what.test(all)) problems.push(`${op.name}: ${why} (${what.source}) in\n${all}`);
      plans.push(`### ${op.name}\n${all}`);
    }
    // LIST_PLANS_OUT=<file> keeps the plans (docs/performance.md quotes them).
    if (process.env.LIST_PLANS_OUT) writeFileSync(process.env.LIST_PLANS_OUT, plans.join('\n'));
    expect(problems).toEqual([]);
  });
});
