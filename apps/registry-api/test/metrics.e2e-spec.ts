import {
  expectRequestMetrics,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

describe('registry-api metrics', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  beforeAll(async () => {
    running = await startTestApp(createRegistryApp, db.dataSource);
  });
  afterAll(() => running.close());

  it('counts a request under its route pattern and status at GET /metrics, with the pool and event-loop gauges', () =>
    expectRequestMetrics(running, 'registry-api', {
      path: '/api/scan/livez',
      route: '/api/scan/livez',
    }));
});
