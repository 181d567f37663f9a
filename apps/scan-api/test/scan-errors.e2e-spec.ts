import { scanSpec } from '@canton-scan/contracts';
import { createDataSource } from '@canton-scan/domain';
import {
  expectResponseMatchesSpec,
  sendRaw,
  startTcpProxy,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
  type TcpProxy,
} from '@canton-scan/testing';
import type { DataSource } from 'typeorm';
import { createScanApp } from '../src/app.factory';

const ROUND = '1220' + 'ab'.repeat(32);
const PARTY = 'alice::1220' + 'a'.repeat(64);

/** One well-formed request per scan endpoint that reads the database. */
const REQUESTS: { operationId: string; method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { operationId: 'getUpdateById', method: 'GET', path: `/v0/updates/${ROUND}` },
  { operationId: 'getUpdateByIdV2', method: 'GET', path: `/v2/updates/${ROUND}?lossless=true` },
  {
    operationId: 'getImportUpdates',
    method: 'POST',
    path: '/v0/backfilling/import-updates',
    body: { migration_id: 0, after_update_id: '', limit: 10 },
  },
  {
    operationId: 'getMigrationInfo',
    method: 'POST',
    path: '/v0/backfilling/migration-info',
    body: { migration_id: 0 },
  },
  {
    operationId: 'getAcsSnapshotAt',
    method: 'POST',
    path: '/v0/state/acs',
    body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', page_size: 10 },
  },
  {
    operationId: 'getDateOfMostRecentSnapshotBefore',
    method: 'GET',
    path: '/v0/state/acs/snapshot-timestamp?before=2026-01-06T00:00:00Z&migration_id=0',
  },
  {
    operationId: 'getHoldingsSummaryAtV1',
    method: 'POST',
    path: '/v1/holdings/summary',
    body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', owner_party_ids: [PARTY] },
  },
  {
    operationId: 'getValidatorFaucetsByValidator',
    method: 'GET',
    path: `/v0/validators/validator-faucets?validator_ids=${encodeURIComponent(PARTY)}`,
  },
  {
    operationId: 'listUnclaimedDevelopmentFundCoupons',
    method: 'GET',
    path: '/v0/unclaimed-development-fund-coupons',
  },
  { operationId: 'countVoteResults', method: 'POST', path: '/v0/admin/sv/voteresults/count', body: {} },
  {
    operationId: 'getRewardAccountingActivityTotals',
    method: 'GET',
    path: '/v0/internal/reward-accounting-process/rounds/1/activity-totals',
  },
];

const TABLES = [
  'updates',
  'events',
  'contracts',
  'amulet_holdings',
  'validator_licenses',
  'vote_results',
  'mining_rounds',
  'acs_snapshots',
  'reward_accounting_totals',
];

async function call(base: string, r: (typeof REQUESTS)[number]) {
  const res = await sendRaw(base, {
    method: r.method,
    path: r.path,
    ...(r.body === undefined ? {} : { body: JSON.stringify(r.body), contentType: 'application/json' }),
  });
  return { status: res.status, contentType: res.contentType, body: JSON.parse(res.text) as unknown };
}

describe('scan error answers', () => {
  const db = useTestDatabase();

  describe('with a broken schema', () => {
    let running: RunningTestApp;
    beforeAll(async () => {
      running = await startTestApp(createScanApp, db.dataSource);
    });
    afterAll(() => running.close());

    it('answers an unexpected failure with 500 and a correlation id, never the detail', async () => {
      for (const t of TABLES) await db.dataSource.query(`ALTER TABLE ${t} RENAME TO ${t}_away`);
      try {
        for (const r of REQUESTS) {
          const res = await call(running.origin + running.config.scanApi.prefix, r);
          expect({ op: r.operationId, status: res.status }).toEqual({ op: r.operationId, status: 500 });
          expect(res.body).toEqual({
            error: expect.stringMatching(/^internal error \(correlation id [0-9a-f-]{36}\)$/),
          });
          expectResponseMatchesSpec(scanSpec, r.operationId, res);
        }
      } finally {
        for (const t of TABLES) await db.dataSource.query(`ALTER TABLE ${t}_away RENAME TO ${t}`);
      }
    });
  });

  // Found by the fuzz test: Node answered these itself, 431 with an empty body, and the spec did
  // not declare the 413 and 415 the edge gives.
  describe('refused before any route', () => {
    let running: RunningTestApp;
    beforeAll(async () => {
      running = await startTestApp(createScanApp, db.dataSource, { BODY_LIMIT: '1kb' });
    });
    afterAll(() => running.close());

    it('answers a request line over the header limit with 431 and {"error"}', async () => {
      const path = `/v0/validators/validator-faucets?validator_ids=${'a'.repeat(20_000)}`;
      const res = await sendRaw(running.origin + running.config.scanApi.prefix, { method: 'GET', path });
      expect(res.status).toBe(431);
      expect(res.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({ error: expect.stringContaining('exceed the server limit') });
    });

    it('answers an oversized body with 413 and a wrong content type with 415, as the spec declares', async () => {
      const base = running.origin + running.config.scanApi.prefix;
      const path = '/v0/backfilling/migration-info';
      for (const [body, contentType, status] of [
        [JSON.stringify({ migration_id: 0, pad: 'x'.repeat(2000) }), 'application/json', 413],
        ['migration_id=0', 'application/x-www-form-urlencoded', 415],
      ] as const) {
        const res = await sendRaw(base, { method: 'POST', path, body, contentType });
        expect(res.status).toBe(status);
        expectResponseMatchesSpec(scanSpec, 'getMigrationInfo', {
          status: res.status,
          contentType: res.contentType,
          body: JSON.parse(res.text),
        });
      }
    });
  });

  describe('when the database goes down', () => {
    let proxy: TcpProxy;
    let dataSource: DataSource;
    let running: RunningTestApp;
    let base: string;

    beforeAll(async () => {
      const target = new URL(db.url);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      const viaProxy = new URL(db.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      dataSource = createDataSource(viaProxy.toString(), {
        poolSize: 2,
        connectTimeoutMs: 1000,
        statementTimeoutMs: 0,
      });
      await dataSource.initialize();
      running = await startTestApp(createScanApp, dataSource);
      base = running.origin + running.config.scanApi.prefix;
    });
    afterAll(async () => {
      await running.close();
      await proxy.close();
      await dataSource.destroy().catch(() => undefined);
    });
    afterEach(() => proxy.forward());

    const expectAllUnavailable = async (withinMs: number) => {
      for (const r of [...REQUESTS, { operationId: 'isReady', method: 'GET' as const, path: '/readyz' }]) {
        const started = Date.now();
        const res = await call(base, r);
        expect({ op: r.operationId, status: res.status }).toEqual({ op: r.operationId, status: 503 });
        expect(Date.now() - started).toBeLessThan(withinMs);
        expect(res.body).toEqual({ error: expect.stringMatching(/database is (unavailable|unreachable)/) });
        expectResponseMatchesSpec(scanSpec, r.operationId, res);
      }
    };

    it('answers 503 at once when connections are refused, and recovers', async () => {
      expect((await call(base, REQUESTS[9])).status).toBe(200);
      await proxy.refuse();
      await expectAllUnavailable(1000);
      await proxy.forward();
      expect(await call(base, REQUESTS[9])).toMatchObject({ status: 200, body: { count: 0 } });
    });

    it('answers 503 within the connect timeout when the database does not answer, instead of hanging', async () => {
      proxy.hang();
      await expectAllUnavailable(3000);
      await proxy.forward();
      expect((await call(base, REQUESTS[9])).status).toBe(200);
    });
  });
});
