import { LedgerWriter, SpliceTemplates } from '@canton-scan/domain';
import {
  allCreatedOf,
  expectOutageAnswers,
  jsonCall,
  loadThroughOutage,
  proxiedDataSource,
  startTestApp,
  TokenNetworkFixture,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

/**
 * The database killed and restarted under load (a TCP proxy in front of it drops every
 * connection and refuses new ones, then forwards again): with 20 requests in flight over the
 * factory and the allocation choice contexts, every request sent during the outage answers 503
 * at once, none 500, and the same app answers 200 again once the database is back.
 */
describe('token registry when the database is killed under load', () => {
  const db = useTestDatabase();
  let viaProxy: Awaited<ReturnType<typeof proxiedDataSource>>;
  let running: RunningTestApp;

  beforeAll(async () => {
    viaProxy = await proxiedDataSource(db.url);
    running = await startTestApp(createRegistryApp, viaProxy.dataSource);
  });
  afterAll(async () => {
    await running?.close();
    await viaProxy?.close();
  });

  it('answers 503 during the outage and 200 after it, without a restart', async () => {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    const allocationTx = f.after(5).allocation();
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([genesis, allocationTx]);
    const [allocation] = allCreatedOf(allocationTx, SpliceTemplates.AmuletAllocation);
    const base = `${running.origin}${running.config.registryApi.prefix}/registry`;
    const contexts = `${base}/allocations/v1/${allocation.contract_id}/choice-contexts`;
    const answers = await loadThroughOutage(viaProxy.proxy, [
      jsonCall('factory v1', `${base}/allocation-instruction/v1/allocation-factory`, {
        choiceArguments: f.allocateArguments(),
      }),
      jsonCall('factory v2', `${base}/allocation-instruction/v2/allocation-factory`, {
        choiceArguments: f.allocateArguments(10),
      }),
      jsonCall('withdraw', `${contexts}/withdraw`, {}),
      jsonCall('execute-transfer', `${contexts}/execute-transfer`, {}),
    ]);
    expectOutageAnswers(answers, {
      error: expect.stringMatching(/^the database is unavailable, try again later/),
    });
  }, 120_000);
});
