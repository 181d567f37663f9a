import { LedgerWriter } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  expectOutageAnswers,
  jsonCall,
  loadThroughOutage,
  proxiedDataSource,
  signDevelopmentToken,
  startTestApp,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/**
 * The database killed and restarted under load (a TCP proxy in front of it drops every
 * connection and refuses new ones, then forwards again): with 20 requests in flight over the
 * scan and validator proxy groups, every request sent during the outage answers 503 at once,
 * none 500, and the same app answers 200 again once the database is back.
 */
describe('scan and validator proxy when the database is killed under load', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let viaProxy: Awaited<ReturnType<typeof proxiedDataSource>>;
  let running: RunningTestApp;

  beforeAll(async () => {
    viaProxy = await proxiedDataSource(db.url);
    running = await startTestApp(createScanApp, viaProxy.dataSource);
  });
  afterAll(async () => {
    await running?.close();
    await viaProxy?.close();
  });

  it('answers 503 during the outage and 200 after it, without a restart', async () => {
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([
      ...simulateNetwork({ seed: 3, rounds: 24 }),
    ]);
    const [snapshot] = await db.dataSource.query(
      `SELECT migration_id::int, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
         FROM acs_snapshots ORDER BY record_time DESC LIMIT 1`,
    );
    const owners = (
      await db.dataSource.query(
        `SELECT DISTINCT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id LIMIT 5`,
      )
    ).map((r: { owner: string }) => r.owner);
    const scan = running.origin + running.config.scanApi.prefix;
    const proxy = running.origin + running.config.scanApi.validatorPrefix;
    const auth = { authorization: `Bearer ${await signDevelopmentToken()}` };
    const answers = await loadThroughOutage(viaProxy.proxy, [
      jsonCall('updates', `${scan}/v2/updates`, { page_size: 20 }),
      jsonCall('acs', `${scan}/v0/state/acs`, { ...snapshot, page_size: 50 }),
      jsonCall('holdings', `${scan}/v1/holdings/summary`, { ...snapshot, owner_party_ids: owners }),
      jsonCall('dso', `${scan}/v0/dso`),
      jsonCall('proxy dso', `${proxy}/v0/scan-proxy/dso`, undefined, auth),
      jsonCall('proxy amulet rules', `${proxy}/v0/scan-proxy/amulet-rules`, undefined, auth),
    ]);
    expectOutageAnswers(answers, {
      error: expect.stringMatching(/^the database is unavailable, try again later/),
    });
  }, 120_000);
});
