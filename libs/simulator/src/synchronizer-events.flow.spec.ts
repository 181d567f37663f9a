import {
  type HistoryTransaction,
  type HistoryUpdate,
  type HistoryVerdictItem,
  IMPORT_RECORD_TIME,
  isTransaction,
  isHostingItem,
  isVerdictItem,
  SpliceTemplates,
  toCompact,
} from '@canton-scan/domain';
import { small, SMALL } from './simulator.fixture';
import { simulateHistory } from './simulator';
import type { SimulatedItem } from './synchronizer-events.flow';

describe('simulateHistory: what the synchronizer says of each transaction', () => {
  const items: SimulatedItem[] = [...simulateHistory(SMALL)];
  const verdicts = items.filter(isVerdictItem);
  const updates = items.filter((i): i is HistoryUpdate => !isVerdictItem(i) && !isHostingItem(i));
  const transactions = updates.filter(
    (u): u is HistoryTransaction => isTransaction(u) && u.record_time !== IMPORT_RECORD_TIME,
  );
  const updateIds = new Set(updates.map((u) => u.update_id));
  const verdictOnly = verdicts.filter((v) => !updateIds.has(v.verdict.update_id));
  const withActivity = verdicts.filter((v) => v.app_activity_records);

  it('leaves the updates of simulateNetwork as they are', () => {
    expect(updates).toEqual(small.updates);
  });

  it('follows every transaction with its accepted verdict, same id, migration, synchronizer and record time', () => {
    items.forEach((item, i) => {
      if (
        isVerdictItem(item) ||
        isHostingItem(item) ||
        !isTransaction(item) ||
        item.record_time === IMPORT_RECORD_TIME
      )
        return;
      const next = items[i + 1] as HistoryVerdictItem;
      expect(isVerdictItem(next)).toBe(true);
      expect(next.verdict).toMatchObject({
        update_id: item.update_id,
        migration_id: item.migration_id,
        domain_id: item.synchronizer_id,
        record_time: item.record_time,
        verdict_result: 'VERDICT_RESULT_ACCEPTED',
      });
      expect(next.verdict.transaction_views.root_views).toHaveLength(item.root_event_ids.length);
      const envelopes = next.traffic_summary!.envelope_traffic_summaries;
      expect(next.traffic_summary!.total_traffic_cost).toBeGreaterThan(
        envelopes.reduce((sum, e) => sum + e.traffic_cost, 0),
      );
    });
    expect(verdicts.length - verdictOnly.length).toBe(transactions.length);
  });

  it('adds verdicts alone, accepted and rejected, at record times of their own', () => {
    expect(verdictOnly.length).toBeGreaterThan(10);
    const results = new Set(verdictOnly.map((v) => v.verdict.verdict_result));
    expect(results).toEqual(new Set(['VERDICT_RESULT_ACCEPTED', 'VERDICT_RESULT_REJECTED']));
    const keys = items.map((i) =>
      isVerdictItem(i) ? `${i.verdict.migration_id} ${i.verdict.record_time}` : undefined,
    );
    const updateKeys = new Set(transactions.map((t) => `${t.migration_id} ${t.record_time}`));
    for (const v of verdictOnly)
      expect(updateKeys.has(`${v.verdict.migration_id} ${v.verdict.record_time}`)).toBe(false);
    expect(new Set(keys.filter(Boolean)).size).toBe(verdicts.length);
  });

  it('computes app activity for featured app providers only, never for SV-submitted requests, in most rounds', () => {
    const featured = new Set(
      transactions.flatMap((t) =>
        Object.values(t.events_by_id).flatMap((e) =>
          e.event_type === 'created_event' && e.template_id === SpliceTemplates.FeaturedAppRight.templateId
            ? [(toCompact(e.create_arguments) as { provider: string }).provider]
            : [],
        ),
      ),
    );
    const svUids = new Set(small.summary.network.svs.map((sv) => sv.participantId.replace('PAR::', '')));
    expect(withActivity.length).toBeGreaterThan(40);
    for (const v of withActivity) {
      expect(v.verdict.verdict_result).toBe('VERDICT_RESULT_ACCEPTED');
      expect(svUids.has(v.verdict.submitting_participant_uid)).toBe(false);
      const parties = v.app_activity_records!.records.map((r) => r.party);
      expect(parties).toEqual([...parties].sort());
      for (const r of v.app_activity_records!.records) {
        expect(featured.has(r.party)).toBe(true);
        expect(r.weight).toBeGreaterThan(0);
      }
    }
    const onLedger = withActivity.filter((v) => updateIds.has(v.verdict.update_id));
    expect(onLedger.length).toBeGreaterThan(20);
    expect(new Set(withActivity.map((v) => v.app_activity_records!.round_number)).size).toBeGreaterThan(20);
    expect(verdicts.some((v) => svUids.has(v.verdict.submitting_participant_uid))).toBe(true);
  });
});
