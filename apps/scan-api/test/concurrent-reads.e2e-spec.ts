import type { DataSource } from 'typeorm';
import { LedgerWriter, type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  openSpareEmbeddedDatabase,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

const CONCURRENCY = 50;

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  auth?: boolean;
}

interface Answer {
  status: number;
  body: string;
}

async function loadNetwork(dataSource: DataSource): Promise<void> {
  const updates: HistoryUpdate[] = [];
  const generator = simulateNetwork({ seed: 11, rounds: 30 });
  for (let next = generator.next(); !next.done; next = generator.next()) updates.push(next.value);
  await new LedgerWriter(dataSource, { snapshotIntervalHours: 3 }).append(updates);
}

/** The calls of every read endpoint of the scan and validator proxy groups, on ids of the loaded history. */
async function readCalls(dataSource: DataSource): Promise<Call[]> {
  const [update] = await dataSource.query(
    `SELECT update_id FROM updates WHERE NOT is_import ORDER BY row_id DESC LIMIT 1`,
  );
  const [latest] = await dataSource.query(
    `SELECT migration_id, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t FROM updates ORDER BY row_id DESC LIMIT 1`,
  );
  const owners: { owner: string }[] = await dataSource.query(
    `SELECT DISTINCT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id ORDER BY 1 LIMIT 5`,
  );
  const validators: { validator: string }[] = await dataSource.query(
    `SELECT validator FROM validator_licenses ORDER BY validator LIMIT 5`,
  );
  const [allocation] = await dataSource.query(
    `SELECT contract_id FROM contracts WHERE entity_name = 'AmuletAllocation' AND archived_record_time IS NULL ORDER BY row_id DESC LIMIT 1`,
  );
  const [round] = await dataSource.query(`SELECT round FROM mining_rounds ORDER BY round LIMIT 1`);
  const [traffic] = await dataSource.query(
    `SELECT payload_compact->>'memberId' AS member, payload_compact->>'synchronizerId' AS synchronizer
       FROM contracts WHERE entity_name = 'MemberTraffic' ORDER BY row_id LIMIT 1`,
  );
  expect([update, latest, allocation, round, traffic].every(Boolean)).toBe(true);
  const snapshot = {
    migration_id: Number(latest.migration_id),
    record_time: latest.t,
    record_time_match: 'at_or_before',
  };
  const registry = '/api/validator/v0/scan-proxy/registry';
  const contexts = ['withdraw', 'cancel', 'execute-transfer'].map((choice) => ({
    name: `proxy ${choice} context`,
    method: 'POST' as const,
    path: `${registry}/allocations/v1/${allocation.contract_id}/choice-contexts/${choice}`,
    body: {},
    auth: true,
  }));
  return [
    { name: 'update v2', method: 'GET', path: `/api/scan/v2/updates/${update.update_id}` },
    {
      name: 'update v2 lossless',
      method: 'GET',
      path: `/api/scan/v2/updates/${update.update_id}?lossless=true`,
    },
    { name: 'update v0', method: 'GET', path: `/api/scan/v0/updates/${update.update_id}` },
    ...(['v0', 'v1', 'v2'] as const).map((version) => ({
      name: `acs page ${version}`,
      method: 'POST' as const,
      path: `/api/scan/${version}/state/acs`,
      body: { ...snapshot, page_size: 50 },
    })),
    {
      name: 'snapshot timestamp',
      method: 'GET',
      path: `/api/scan/v0/state/acs/snapshot-timestamp?before=${encodeURIComponent(latest.t)}&migration_id=${latest.migration_id}`,
    },
    {
      name: 'holdings',
      method: 'POST',
      path: '/api/scan/v1/holdings/summary',
      body: { ...snapshot, owner_party_ids: owners.map((o) => o.owner) },
    },
    {
      name: 'holdings with fees',
      method: 'POST',
      path: '/api/scan/v0/holdings/summary',
      body: { ...snapshot, owner_party_ids: owners.map((o) => o.owner) },
    },
    ...(['v0', 'v1'] as const).map((version) => ({
      name: `holdings state ${version}`,
      method: 'POST' as const,
      path: `/api/scan/${version}/holdings/state`,
      body: { ...snapshot, owner_party_ids: owners.map((o) => o.owner), page_size: 20 },
    })),
    {
      name: 'validator faucets',
      method: 'GET',
      path: `/api/scan/v0/validators/validator-faucets?${validators.map((v) => `validator_ids=${encodeURIComponent(v.validator)}`).join('&')}`,
    },
    {
      name: 'development fund coupons',
      method: 'GET',
      path: '/api/scan/v0/unclaimed-development-fund-coupons',
    },
    { name: 'vote results count', method: 'POST', path: '/api/scan/v0/admin/sv/voteresults/count', body: {} },
    {
      name: 'activity totals',
      method: 'GET',
      path: `/api/scan/v0/internal/reward-accounting-process/rounds/${round.round}/activity-totals`,
    },
    {
      name: 'migration info',
      method: 'POST',
      path: '/api/scan/v0/backfilling/migration-info',
      body: { migration_id: 0 },
    },
    {
      name: 'import updates',
      method: 'POST',
      path: '/api/scan/v0/backfilling/import-updates',
      body: { migration_id: 1, after_update_id: '', limit: 10 },
    },
    {
      name: 'member traffic status',
      method: 'GET',
      path: `/api/scan/v0/domains/${encodeURIComponent(traffic.synchronizer)}/members/${encodeURIComponent(traffic.member)}/traffic-status`,
    },
    { name: 'dso', method: 'GET', path: '/api/scan/v0/dso' },
    { name: 'proxy dso', method: 'GET', path: '/api/validator/v0/scan-proxy/dso', auth: true },
    {
      name: 'proxy amulet rules',
      method: 'GET',
      path: '/api/validator/v0/scan-proxy/amulet-rules',
      auth: true,
    },
    {
      name: 'proxy allocation factory',
      method: 'POST',
      path: `${registry}/allocation-instruction/v1/allocation-factory`,
      body: { choiceArguments: new TokenNetworkFixture().allocateArguments() },
      auth: true,
    },
    ...contexts,
  ];
}

describe.each(['the test database', 'the embedded database'] as const)('concurrent reads on %s', (where) => {
  const worker = useTestDatabase();
  let dataSource: DataSource;
  let closeSpare: (() => Promise<void>) | undefined;
  let running: RunningTestApp;
  let token: string;
  useKnownLedgerUser(() => dataSource, 'wallet');

  beforeAll(async () => {
    if (where === 'the embedded database') {
      const spare = await openSpareEmbeddedDatabase();
      dataSource = spare.dataSource;
      closeSpare = spare.close;
    } else {
      dataSource = worker.dataSource;
    }
    running = await startTestApp(createScanApp, dataSource);
    token = await signDevelopmentToken({ sub: 'wallet' });
  });
  afterAll(async () => {
    await running?.close();
    await closeSpare?.();
  });

  const send = async (call: Call): Promise<Answer> => {
    const res = await fetch(running.origin + call.path, {
      method: call.method,
      headers: {
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(call.auth ? { authorization: `Bearer ${token}` } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    return { status: res.status, body: await res.text() };
  };

  it(`answers ${CONCURRENCY} concurrent requests to each read endpoint, then all of them mixed, as it answers them one at a time`, async () => {
    // Loaded here: the worker's tables are emptied before each test.
    await loadNetwork(dataSource);
    const calls = await readCalls(dataSource);
    const expected = new Map<string, Answer>();
    for (const call of calls) expected.set(call.name, await send(call));
    for (const [name, answer] of expected)
      expect({ name, status: answer.status < 500 }).toEqual({ name, status: true });

    const check = (call: Call, answer: Answer) =>
      expect({ name: call.name, ...answer }).toEqual({ name: call.name, ...expected.get(call.name)! });
    for (const call of calls) {
      const answers = await Promise.all(Array.from({ length: CONCURRENCY }, () => send(call)));
      for (const answer of answers) check(call, answer);
    }
    const mixed = Array.from({ length: CONCURRENCY * 2 }, (_, i) => calls[i % calls.length]);
    const answers = await Promise.all(mixed.map(send));
    answers.forEach((answer, i) => check(mixed[i], answer));
  });
});
