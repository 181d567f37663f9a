import { DEVELOPMENT_ADMIN_USER, ensureDevelopmentAdmin, LedgerWriter } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  expectOutageAnswers,
  jsonCall,
  ledgerTestToken,
  loadThroughOutage,
  proxiedDataSource,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

/**
 * The database killed and restarted under load (a TCP proxy in front of it drops every
 * connection and refuses new ones, then forwards again): with 20 requests in flight over the
 * ledger node's reads, every request sent during the outage answers 503 with the ledger error
 * body at once (the token's user cannot be looked up either), none 500, and the same app
 * answers 200 again once the database is back.
 */
describe('ledger node when the database is killed under load', () => {
  const db = useTestDatabase();
  let viaProxy: Awaited<ReturnType<typeof proxiedDataSource>>;
  let running: RunningTestApp;

  beforeAll(async () => {
    viaProxy = await proxiedDataSource(db.url);
    running = await startTestApp(createLedgerApp, viaProxy.dataSource);
  });
  afterAll(async () => {
    await running?.close();
    await viaProxy?.close();
  });

  it('answers 503 during the outage and 200 after it, without a restart', async () => {
    await ensureDevelopmentAdmin(db.dataSource);
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([
      ...simulateNetwork({ seed: 3, rounds: 24 }),
    ]);
    const base = running.origin + running.config.ledgerApi.prefix;
    const auth = { authorization: `Bearer ${await ledgerTestToken(DEVELOPMENT_ADMIN_USER)}` };
    const anyParty = { filtersForAnyParty: {} };
    const answers = await loadThroughOutage(viaProxy.proxy, [
      jsonCall('pruned offsets', `${base}/v2/state/latest-pruned-offsets`, undefined, auth),
      jsonCall(
        'flats',
        `${base}/v2/updates/flats`,
        { beginExclusive: 0, endInclusive: 20, updateFormat: { includeReassignments: anyParty } },
        auth,
      ),
      jsonCall(
        'transaction by offset',
        `${base}/v2/updates/transaction-by-offset`,
        {
          offset: 5,
          transactionFormat: { eventFormat: anyParty, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
        },
        auth,
      ),
    ]);
    expectOutageAnswers(
      answers,
      expect.objectContaining({
        code: 'SERVICE_NOT_RUNNING',
        errorCategory: 1,
        grpcCodeValue: 14,
        cause: expect.stringMatching(/^the database is unavailable, try again later/),
      }),
    );
  }, 120_000);
});
