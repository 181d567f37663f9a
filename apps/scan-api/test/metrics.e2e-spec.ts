import {
  expectRequestMetrics,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

describe('scan-api metrics', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
  });
  afterAll(() => running.close());

  it('counts a request under its route pattern and status at GET /metrics, with the pool and event-loop gauges', () =>
    expectRequestMetrics(running, 'scan-api', {
      path: '/api/scan/v0/updates/no-such-update',
      route: '/api/scan/v0/updates/{update_id}',
    }));

  it('is not rate-limited', async () => {
    const limited = await startTestApp(createScanApp, db.dataSource, { RATE_LIMITS: '*:*=1/h' });
    try {
      for (let i = 0; i < 3; i++) expect((await fetch(`${limited.origin}/metrics`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
