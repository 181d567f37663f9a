import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { isTransaction, type HistoryTreeEvent } from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import { listExplorerUpdates } from './explorer.fixture';

/** The tree of a transaction: each event id with its children, in order (a created event has none). */
const treeOf = (tx: {
  root_event_ids: string[];
  events_by_id: Record<string, HistoryTreeEvent | scanApi.TreeEvent>;
}) => ({
  roots: tx.root_event_ids,
  children: Object.fromEntries(
    Object.entries(tx.events_by_id).map(([id, e]) => [id, 'child_event_ids' in e ? e.child_event_ids : []]),
  ),
});

describe('transactions of more than 100 events (batch payouts)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  it('are served whole by GET /v2/updates/{id} and counted by the explorer list', async () => {
    const { updates } = await loadSimulatedNetwork(db.dataSource, {
      seed: 3,
      rounds: 24,
      batchTransfersPerRound: 0.25,
    });
    const big = updates.filter(isTransaction).filter((t) => Object.keys(t.events_by_id).length > 100);
    expect(big.length).toBe(6);
    for (const tx of big) {
      const res = await callChecked(
        scanSpec,
        'getUpdateByIdV2',
        scanApi.getUpdateByIdV2({ client, path: { update_id: tx.update_id } }),
      );
      expect(res.status).toBe(200);
      const served = res.body as scanApi.UpdateHistoryTransaction;
      expect(Object.keys(served.events_by_id)).toHaveLength(Object.keys(tx.events_by_id).length);
      expect(treeOf(served)).toEqual(treeOf(tx));
      const output = Object.values(tx.events_by_id).find((e) => e.event_type === 'created_event')!;
      const listed = await listExplorerUpdates(client, { contract_id: output.contract_id });
      const item = (listed.body as scanApi.ExplorerUpdatesResponse).updates.find(
        (u) => u.update_id === tx.update_id,
      );
      expect(item?.event_count).toBe(Object.keys(tx.events_by_id).length);
    }
  });
});
