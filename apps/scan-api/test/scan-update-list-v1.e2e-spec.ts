import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  callChecked,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** Migration 0 with reassignments, its import updates, then migration 1. */
const NETWORK = { seed: 4, rounds: 30, migrationRound: 20, reassignEveryRounds: 5 };

describe('deprecated scan update list (POST /v1/updates)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const base = () => running.origin + running.config.scanApi.prefix;
  /** The raw JSON text of a page, to see key order as well as values. */
  const rawPage = async (version: 'v1' | 'v2', body: unknown) => {
    const res = await fetch(`${base()}/${version}/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('pages exactly as v2, each transaction with the offset upstream hard-codes, after effective_at', async () => {
    await writeHistory(db.dataSource, [...simulateNetwork(NETWORK)]);
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    let transactions = 0;
    let reassignments = 0;
    for (;;) {
      const body: scanApi.UpdateHistoryRequestV1 = {
        after,
        page_size: 200,
        daml_value_encoding: 'protobuf_json',
      };
      const res = await callChecked(
        scanSpec,
        'getUpdateHistoryV1',
        scanApi.getUpdateHistoryV1({ client, body }),
      );
      expect(res.status).toBe(200);
      const v1: scanApi.UpdateHistoryItem[] = res.body.transactions;
      // The same text as v2 but for the offset inserted after each transaction's effective_at.
      const v2Text = await rawPage('v2', body);
      expect(await rawPage('v1', body)).toBe(
        v2Text.replace(/("effective_at":"[^"]*")/g, '$1,"offset":"000000000000000001"'),
      );
      const v2: scanApi.UpdateHistoryItemV2[] = JSON.parse(v2Text).transactions;
      expect(v1.map((i) => i.update_id)).toEqual(v2.map((i) => i.update_id));
      for (const [k, item] of v1.entries()) {
        if ('events_by_id' in item) {
          transactions++;
          expect(item).toEqual({ ...v2[k], offset: '000000000000000001' });
        } else {
          reassignments++;
          expect(item).toEqual(v2[k]);
          expect(item.offset).not.toBe('000000000000000001');
        }
      }
      if (v1.length < 200) break;
      const last = v1[v1.length - 1];
      after = {
        after_migration_id: 'events_by_id' in last ? last.migration_id : last.event.migration_id,
        after_record_time: last.record_time,
      };
    }
    expect(transactions).toBeGreaterThan(200);
    expect(reassignments).toBeGreaterThan(0);
  });

  it('refuses what v2 refuses', async () => {
    for (const body of [{}, { page_size: 0 }, { page_size: 10, after: { after_migration_id: 0 } }]) {
      const res = await callChecked(
        scanSpec,
        'getUpdateHistoryV1',
        scanApi.getUpdateHistoryV1({ client, body: body as scanApi.UpdateHistoryRequestV1 }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });
});
