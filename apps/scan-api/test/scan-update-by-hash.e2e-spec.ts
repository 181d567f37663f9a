import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  callChecked,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Listed = scanApi.UpdateHistoryItemV2;
type Tx = scanApi.UpdateHistoryTransactionV2;

const isTransaction = (i: Listed): i is Tx => 'events_by_id' in i;

/**
 * `GET /v2/updates/hash/{hash}` and `GET /v0/internal/reward-accounting-process/rounds/earliest-available`,
 * ids discovered as a client would (the hashes from `POST /v2/updates`, rounds from the totals).
 */
describe('scan: update by external transaction hash, earliest reward accounting round', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const byHash = (hash: string, encoding?: scanApi.DamlValueEncoding) =>
    callChecked(
      scanSpec,
      'getUpdateByHash',
      scanApi.getUpdateByHash({
        client,
        path: { hash },
        ...(encoding ? { query: { daml_value_encoding: encoding } } : {}),
      }),
    );
  const earliest = () =>
    callChecked(
      scanSpec,
      'getRewardAccountingEarliestAvailableRound',
      scanApi.getRewardAccountingEarliestAvailableRound({ client }),
    );
  const totals = (round: number) =>
    callChecked(
      scanSpec,
      'getRewardAccountingActivityTotals',
      scanApi.getRewardAccountingActivityTotals({ client, path: { round_number: round } }),
    );

  async function listAll(): Promise<Listed[]> {
    const items: Listed[] = [];
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const page = await callChecked(
        scanSpec,
        'getUpdateHistoryV2',
        scanApi.getUpdateHistoryV2({ client, body: { page_size: 1000, ...(after ? { after } : {}) } }),
      );
      expect(page.status).toBe(200);
      const batch = page.body.transactions as Listed[];
      if (batch.length === 0) return items;
      items.push(...batch);
      const last = batch[batch.length - 1];
      after = isTransaction(last)
        ? { after_migration_id: last.migration_id, after_record_time: last.record_time }
        : { after_migration_id: last.event.migration_id, after_record_time: last.record_time };
    }
  }

  it('answers 404 on an empty store, then serves every externally signed transaction by its hash', async () => {
    expect((await earliest()).status).toBe(404);
    const unknown = await byHash('ab'.repeat(32));
    expect(unknown.status).toBe(404);

    await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 24 });
    const listed = (await listAll()).filter(isTransaction);
    const external = listed.filter((t) => t.external_transaction_hash !== undefined);
    expect(external.length).toBeGreaterThan(0);
    expect(new Set(external.map((t) => t.external_transaction_hash)).size).toBe(external.length);

    for (const tx of external.slice(0, 25)) {
      const hash = tx.external_transaction_hash!;
      const found = await byHash(hash);
      expect(found.status).toBe(200);
      // The listed v2 item itself: same update, same hash.
      expect(found.body).toEqual(tx);
      // And `/v2/updates/{id}` of that update plus the hash (the by-id form orders events by node id).
      const byId = await callChecked(
        scanSpec,
        'getUpdateByIdV2',
        scanApi.getUpdateByIdV2({ client, path: { update_id: tx.update_id } }),
      );
      expect(byId.status).toBe(200);
      const { offset: _offset, ...byIdItem } = byId.body as scanApi.UpdateHistoryTransaction;
      expect(found.body).toEqual(byIdItem);
      expect(found.body.external_transaction_hash).toBe(hash);
      // Upper-case hex names the same hash.
      expect((await byHash(hash.toUpperCase())).body.update_id).toBe(tx.update_id);
    }
    // Lossless encoding, as for the update by id.
    const first = external[0];
    const lossless = await byHash(first.external_transaction_hash!, 'protobuf_json');
    const losslessById = await callChecked(
      scanSpec,
      'getUpdateByIdV2',
      scanApi.getUpdateByIdV2({
        client,
        path: { update_id: first.update_id },
        query: { daml_value_encoding: 'protobuf_json' },
      }),
    );
    const { offset: _o, ...losslessItem } = losslessById.body as scanApi.UpdateHistoryTransaction;
    expect(lossless.body).toEqual(losslessItem);

    // The lookup reads ix_updates_external_transaction_hash, not the table (the planner would scan a table this small).
    const plan: { 'QUERY PLAN': string }[] = await db.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      return m.query(
        `EXPLAIN SELECT u.row_id FROM updates u WHERE u.external_transaction_hash = $1 AND u.external_transaction_hash IS NOT NULL
          ORDER BY u.migration_id, u.row_id LIMIT 1`,
        [first.external_transaction_hash],
      );
    });
    // (Each migration's partition holds its own copy of the index, named after it by PostgreSQL.)
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using (ix_updates|updates_m\d+)_external_transaction_hash/);
    expect(text).not.toContain('Seq Scan');
  });

  it('answers 404 for a hash no transaction carries and 400 for one that is not hex', async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 24 });
    // An update id is not a hash: nothing is recorded under it.
    const anyTx = (await listAll()).find(isTransaction)!;
    const notAHash = await byHash(anyTx.update_id);
    expect(notAHash.status).toBe(404);
    expect(notAHash.body.error).toContain(anyTx.update_id);
    for (const bad of ['xyz', 'abc', 'g0'.repeat(16)]) {
      const res = await byHash(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect((await byHash('ab'.repeat(300))).status).toBe(400);
    const contradictory = await callChecked(
      scanSpec,
      'getUpdateByHash',
      scanApi.getUpdateByHash({
        client,
        path: { hash: 'ab' },
        query: { daml_value_encoding: 'bogus' as scanApi.DamlValueEncoding },
      }),
    );
    expect(contradictory.status).toBe(400);
  });

  it('names the earliest round whose activity totals are complete', async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 5, rounds: 24 });
    const res = await earliest();
    expect(res.status).toBe(200);
    const round = res.body.earliest_round as number;
    const atIt = await totals(round);
    expect(atIt.status).toBe(200);
    expect(atIt.body.status).toBe('Ok');
    expect(atIt.body.round_number).toBe(round);
    // No round below it has complete totals.
    for (let r = 0; r < round; r++) expect((await totals(r)).body.status).not.toBe('Ok');
  });
});
