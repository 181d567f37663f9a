import {
  createScanClient,
  createScanProxyClient,
  scanApi,
  scanProxyApi,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';
import {
  callChecked,
  loadSimulatedNetwork,
  signDevelopmentToken,
  startTestApp,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/**
 * The validator proxy's holdings summary (both paths) and development fund coupons answer as the
 * scan group does, behind the proxy's auth.
 */
describe('validator proxy: holdings summary and development fund coupons', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource);
  let running: RunningTestApp;
  let proxy: ReturnType<typeof createScanProxyClient>;
  let scan: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    const token = await signDevelopmentToken();
    proxy = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
    scan = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  it('answers exactly as the scan group, on the v0 and the v1 path, and refuses without a token', async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 4, rounds: 24 });
    const [{ time }]: { time: string }[] = await db.dataSource.query(
      `SELECT to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time
         FROM acs_snapshots WHERE migration_id = 0 ORDER BY record_time DESC LIMIT 1`,
    );
    const owners: string[] = (
      await db.dataSource.query(
        `SELECT DISTINCT p.party AS owner FROM amulet_holdings h JOIN parties p ON p.id = h.owner_id WHERE h.migration_id = 0 ORDER BY 1 LIMIT 5`,
      )
    ).map((r: { owner: string }) => r.owner);
    expect(owners.length).toBeGreaterThan(1);
    const body = { migration_id: 0, record_time: time, owner_party_ids: owners };

    const direct = await callChecked(
      scanSpec,
      'getHoldingsSummaryAtV1',
      scanApi.getHoldingsSummaryAtV1({ client: scan, body }),
    );
    expect(direct.status).toBe(200);
    const v0 = await callChecked(
      scanProxySpec,
      'proxyGetHoldingsSummary',
      scanProxyApi.proxyGetHoldingsSummary({ client: proxy, body }),
    );
    const v1 = await callChecked(
      scanProxySpec,
      'proxyGetHoldingsSummaryV1',
      scanProxyApi.proxyGetHoldingsSummaryV1({ client: proxy, body }),
    );
    expect([v0.status, v0.body]).toEqual([200, direct.body]);
    expect([v1.status, v1.body]).toEqual([200, direct.body]);

    const bad = await callChecked(
      scanProxySpec,
      'proxyGetHoldingsSummary',
      scanProxyApi.proxyGetHoldingsSummary({ client: proxy, body: { ...body, owner_party_ids: [] } }),
    );
    expect(bad.status).toBe(400);

    const coupons = await callChecked(
      scanSpec,
      'listUnclaimedDevelopmentFundCoupons',
      scanApi.listUnclaimedDevelopmentFundCoupons({ client: scan }),
    );
    const proxied = await callChecked(
      scanProxySpec,
      'proxyListUnclaimedDevelopmentFundCoupons',
      scanProxyApi.proxyListUnclaimedDevelopmentFundCoupons({ client: proxy }),
    );
    expect([proxied.status, proxied.body]).toEqual([200, coupons.body]);

    for (const [method, path] of [
      ['POST', '/v0/scan-proxy/holdings/summary'],
      ['POST', '/v1/scan-proxy/holdings/summary'],
      ['GET', '/v0/scan-proxy/unclaimed-development-fund-coupons'],
    ]) {
      const res = await fetch(`${running.origin}${running.config.scanApi.validatorPrefix}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });
});
