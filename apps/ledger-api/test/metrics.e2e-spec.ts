import {
  expectRequestMetrics,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

describe('ledger-api metrics', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  beforeAll(async () => {
    running = await startTestApp(createLedgerApp, db.dataSource);
  });
  afterAll(() => running.close());

  // Without a token: the 401 is counted under the route it was refused on.
  it('counts a request under its route pattern and status at GET /metrics, with the pool and event-loop gauges', () =>
    expectRequestMetrics(running, 'ledger-api', {
      path: '/v2/parties/participant-id',
      route: '/v2/parties/participant-id',
    }));
});
