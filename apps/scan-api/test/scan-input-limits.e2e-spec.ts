import { scanSpec } from '@canton-scan/contracts';
import {
  expectResponseMatchesSpec,
  loadSimulatedNetwork,
  sendRaw,
  startTestApp,
  storeContentHashes,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/**
 * Inputs the spec's types allow but PostgreSQL or JavaScript cannot take as written: date-times
 * outside years 0001-9999, strings holding U+0000, integers beyond 2^53. Each is a 400 naming
 * the field, before any statement runs (these were 500s), and changes nothing in the store.
 */
const PARTY = 'alice::1220' + 'a'.repeat(64);

type Request = { operationId: string; method: 'GET' | 'POST'; path: string; body?: unknown };

const withTime = (t: string): Request[] => [
  {
    operationId: 'getAcsSnapshotAt',
    method: 'POST',
    path: '/v0/state/acs',
    body: { migration_id: 0, record_time: t, page_size: 10 },
  },
  {
    operationId: 'getHoldingsSummaryAtV1',
    method: 'POST',
    path: '/v1/holdings/summary',
    body: { migration_id: 0, record_time: t, owner_party_ids: [PARTY] },
  },
  {
    operationId: 'getDateOfMostRecentSnapshotBefore',
    method: 'GET',
    path: `/v0/state/acs/snapshot-timestamp?before=${encodeURIComponent(t)}&migration_id=0`,
  },
  {
    operationId: 'countVoteResults',
    method: 'POST',
    path: '/v0/admin/sv/voteresults/count',
    body: { effectiveFrom: t },
  },
  {
    operationId: 'countVoteResults',
    method: 'POST',
    path: '/v0/admin/sv/voteresults/count',
    body: { effectiveTo: t },
  },
];

const withNul: Request[] = [
  {
    operationId: 'getHoldingsSummaryAtV1',
    method: 'POST',
    path: '/v1/holdings/summary',
    body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', owner_party_ids: [`${PARTY}\u0000`] },
  },
  {
    operationId: 'getAcsSnapshotAt',
    method: 'POST',
    path: '/v0/state/acs',
    body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', page_size: 10, party_ids: ['\u0000'] },
  },
  {
    operationId: 'getValidatorFaucetsByValidator',
    method: 'GET',
    path: `/v0/validators/validator-faucets?validator_ids=${encodeURIComponent(`${PARTY}\u0000`)}`,
  },
  {
    operationId: 'countVoteResults',
    method: 'POST',
    path: '/v0/admin/sv/voteresults/count',
    body: { requester: 'sv\u0000' },
  },
];

describe('scan input PostgreSQL or JavaScript cannot hold', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  const call = async (r: Request) => {
    const res = await sendRaw(running.origin + running.config.scanApi.prefix, {
      method: r.method,
      path: r.path,
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body), contentType: 'application/json' }),
    });
    const answer = {
      status: res.status,
      contentType: res.contentType,
      body: JSON.parse(res.text) as unknown,
    };
    expectResponseMatchesSpec(scanSpec, r.operationId, answer);
    return answer;
  };

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
  });
  beforeEach(() => loadSimulatedNetwork(db.dataSource, { seed: 3, rounds: 24 }));
  afterAll(() => running.close());

  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+00:01', '2026-06-30T23:59:60Z'])(
    'refuses the date-time %s with a 400 naming the field',
    async (t) => {
      const before = await storeContentHashes(db.dataSource);
      for (const r of withTime(t)) {
        const res = await call(r);
        expect({ path: r.path, status: res.status }).toEqual({ path: r.path, status: 400 });
        expect(res.body).toEqual({
          error: expect.stringMatching(
            /^(body\.(record_time|effectiveFrom|effectiveTo)|query\.before) must be a valid date-time \(ISO-8601 with time zone, from 0001-01-01 to 9999-12-31/,
          ),
        });
      }
      expect(await storeContentHashes(db.dataSource)).toEqual(before);
    },
  );

  it.each(['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z'])(
    'answers the edge date-time %s without a server error',
    async (t) => {
      for (const r of withTime(t)) {
        const res = await call(r);
        expect({ path: r.path, status: res.status < 500 && res.status !== 400 }).toEqual({
          path: r.path,
          status: true,
        });
      }
    },
  );

  it('refuses strings holding U+0000 with a 400 naming where, and stores nothing', async () => {
    const before = await storeContentHashes(db.dataSource);
    for (const r of withNul) {
      const res = await call(r);
      expect({ path: r.path, status: res.status }).toEqual({ path: r.path, status: 400 });
      expect(res.body).toEqual({
        error: expect.stringMatching(/^(path|query|body)\.\S+ must not contain the NUL character/),
      });
    }
    expect(await storeContentHashes(db.dataSource)).toEqual(before);
  });

  it('refuses an integer beyond 2^53 as such, not as an invalid int64', async () => {
    const res = await call({
      operationId: 'getAcsSnapshotAt',
      method: 'POST',
      path: '/v0/state/acs',
      body: { migration_id: 0, record_time: '2026-01-05T03:00:00Z', page_size: 10, after: 2 ** 60 },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('body.after is beyond 2^53-1 (9007199254740991)') },
    });
  });
});
