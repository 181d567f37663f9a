import { createDataSource, LedgerWriter, partyNamesOf, type HistoryUpdate } from '@canton-scan/domain';
import { useTestDatabase } from '@canton-scan/testing';
import { simulateNetwork } from './simulator';

/** Advisory locks in this test's database (other workers' databases share the server). */
const ADVISORY_LOCKS = `SELECT count(*)::int AS n FROM pg_locks
  WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

describe('LedgerWriter pipeline', () => {
  const db = useTestDatabase();
  const updates = (): HistoryUpdate[] => [...simulateNetwork({ seed: 11, rounds: 24 })].slice(0, 240);

  /** What the store holds, without row ids. */
  async function digest() {
    const [rows] = await db.dataSource.query(`
      SELECT (SELECT count(*)::int FROM updates) AS updates,
             (SELECT count(*)::int FROM events) AS events,
             (SELECT count(*)::int FROM events WHERE witnesses IS NULL) AS events_witnessed_by_stakeholders,
             (SELECT count(*)::int FROM contracts) AS contracts,
             (SELECT count(*)::int FROM contracts WHERE archived_record_time IS NOT NULL) AS archived,
             (SELECT string_agg(c.contract_id || ':' || u.update_id, ',' ORDER BY c.contract_id)
                FROM contracts c JOIN updates u ON u.row_id = c.archived_update_row_id) AS archived_by,
             (SELECT sum(amount)::text FROM amulet_holdings WHERE archived_record_time IS NULL) AS active_holdings,
             (SELECT count(*)::int FROM validator_licenses WHERE archived_record_time IS NULL) AS active_licenses,
             (SELECT string_agg(round || '=' || coalesce(traffic_price::text || '@' || app_reward_coupon_threshold::text, '-') || '/' || coalesce(closed_record_time::text, '-'), ',' ORDER BY round)
                FROM mining_rounds) AS rounds,
             (SELECT count(*)::int FROM acs_snapshots) AS snapshots,
             (SELECT md5(string_agg(u.update_id || '/' || e.node_id || ':' || array_to_string(${partyNamesOf('e.stakeholders')}, ',')
                                    || '+' || coalesce(array_to_string(${partyNamesOf('e.other_party_ids')}, ','), '-'), ';' ORDER BY u.update_id, e.node_id))
                FROM events e JOIN updates u ON u.row_id = e.update_row_id AND u.migration_id = e.migration_id) AS event_parties,
             (SELECT md5(string_agg(c.contract_id || ':' || array_to_string(${partyNamesOf('c.stakeholders')}, ','), ';' ORDER BY c.contract_id))
                FROM contracts c) AS contract_parties,
             (SELECT count(*)::int FROM events WHERE other_party_ids IS NOT NULL) AS events_with_other_parties`);
    return rows;
  }

  it('builds a batch on top of one built but not yet written, and stores what appending them in turn stores', async () => {
    const all = updates();
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    const pipeline = await writer.openPipeline();
    try {
      const first = await pipeline.build(writer.prepare(all.slice(0, 120)));
      // Archives contracts the first batch creates, and repeats its last update (identical: skipped).
      const second = await pipeline.build(writer.prepare(all.slice(119)));
      if (db.backend === 'postgres') {
        // The pipeline holds the writer lock for its whole life, not only per batch.
        const [{ n }] = await db.dataSource.query(ADVISORY_LOCKS + ' AND granted');
        expect(n).toBe(1);
      }
      expect(await pipeline.write(first)).toMatchObject({ appended: 120, skipped: 0 });
      expect(await pipeline.write(second)).toMatchObject({ appended: 120, skipped: 1 });
    } finally {
      await pipeline.close();
    }
    const [{ n: locks }] = await db.dataSource.query(ADVISORY_LOCKS);
    expect(locks).toBe(0);
    const piped = await digest();
    expect(piped.archived).toBeGreaterThan(0);

    await db.truncate();
    await writer.append(all.slice(0, 120));
    await writer.append(all.slice(120));
    expect(await digest()).toEqual(piped);
  });

  it('builds and writes in turn on a pool of one connection', async () => {
    const all = updates();
    const single = createDataSource(db.url, { poolSize: 1, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
    await single.initialize();
    try {
      const writer = new LedgerWriter(single, { snapshotIntervalHours: 3 });
      const pipeline = await writer.openPipeline();
      try {
        const first = await pipeline.build(writer.prepare(all.slice(0, 120)));
        expect(await pipeline.write(first)).toMatchObject({ appended: 120 });
        const second = await pipeline.build(writer.prepare(all.slice(120)));
        expect(await pipeline.write(second)).toMatchObject({ appended: 120 });
      } finally {
        await pipeline.close();
      }
    } finally {
      await single.destroy();
    }
    expect((await digest()).updates).toBe(240);
  });

  it('rejects in build what conflicts with a batch built before it', async () => {
    const all = updates();
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    const pipeline = await writer.openPipeline();
    try {
      const first = await pipeline.build(writer.prepare(all.slice(0, 120)));
      const changed = { ...all[100], workflow_id: 'changed' } as HistoryUpdate;
      if (db.backend === 'postgres') {
        await expect(pipeline.build(writer.prepare([changed]))).rejects.toThrow(
          /is already stored with different content/,
        );
      }
      expect(await pipeline.write(first)).toMatchObject({ appended: 120 });
    } finally {
      await pipeline.close();
    }
    await expect(writer.append([{ ...all[100], workflow_id: 'changed' } as HistoryUpdate])).rejects.toThrow(
      /is already stored with different content/,
    );
  });
});
