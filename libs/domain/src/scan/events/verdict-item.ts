import type { scanApi } from '@canton-scan/contracts';
import { canonicalTimestamp } from '../../database/timestamps';
import { rejectUpdate } from '../../history/update-validation';

export type HistoryVerdict = scanApi.EventHistoryVerdict;
export type HistoryTrafficSummary = scanApi.EventHistoryTrafficSummary;
export type HistoryAppActivityRecords = scanApi.EventHistoryAppActivityRecords;

/**
 * What a scan learns from its synchronizer about one confirmation request, not from the update
 * history: the mediator's verdict, the sequencer's traffic summary and the CIP-0104 app activity
 * computed from both. Its form is a scan `/v0/events` item without `update`, so a history file
 * carries it as a line of its own next to the update lines (an old file simply has none), and
 * the write path stores it with the batch it comes in (docs/events.md).
 */
export interface HistoryVerdictItem {
  verdict: HistoryVerdict;
  traffic_summary?: HistoryTrafficSummary | null;
  app_activity_records?: HistoryAppActivityRecords | null;
}

/** A line of a history file, or an item of the write path: an update or a verdict item. */
export function isVerdictItem(item: unknown): item is HistoryVerdictItem {
  return (
    typeof item === 'object' &&
    item !== null &&
    'verdict' in item &&
    !('update_id' in item) &&
    !('update' in item)
  );
}

/** A verdict item checked and turned into the rows it is stored as (synchronizer_verdicts, app_activity_records). */
export interface VerdictRow {
  update_id: string;
  migration_id: number;
  /** Canonical microsecond UTC. */
  record_time: string;
  verdict: string;
  traffic_summary: string | null;
  app_activity_records: string | null;
  activity: { round: number; provider: string; weight: number }[];
}

const RESULTS = new Set<string>([
  'VERDICT_RESULT_UNSPECIFIED',
  'VERDICT_RESULT_ACCEPTED',
  'VERDICT_RESULT_REJECTED',
]);

const isInt = (v: unknown, min = 0): v is number => Number.isSafeInteger(v) && (v as number) >= min;
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => isInt(x));

/**
 * Checks a verdict item (InconsistentHistory naming its update id and the offending field) and
 * returns its rows; the JSON of each part is stored as given.
 */
export function parseVerdictItem(item: unknown, index: number): VerdictRow {
  const raw = item as Partial<HistoryVerdictItem>;
  const v = raw.verdict as Partial<HistoryVerdict> | null | undefined;
  if (typeof v !== 'object' || v === null) throw rejectUpdate(`#${index}`, 'verdict must be an object');
  const id = typeof v.update_id === 'string' && v.update_id !== '' ? v.update_id : `#${index}`;
  const need = (ok: boolean, message: string) => {
    if (!ok) throw rejectUpdate(id, `verdict item: ${message}`);
  };
  need(id !== `#${index}`, 'verdict.update_id must be a non-empty string');
  need(isInt(v.migration_id), 'verdict.migration_id must be a non-negative integer');
  const recordTime = typeof v.record_time === 'string' ? canonicalTimestamp(v.record_time) : undefined;
  need(recordTime !== undefined, 'verdict.record_time must be an ISO-8601 timestamp');
  need(
    typeof v.finalization_time === 'string' && canonicalTimestamp(v.finalization_time) !== undefined,
    'verdict.finalization_time must be an ISO-8601 timestamp',
  );
  need(typeof v.domain_id === 'string' && v.domain_id !== '', 'verdict.domain_id must be a non-empty string');
  need(isStringArray(v.submitting_parties), 'verdict.submitting_parties must be a list of parties');
  need(
    typeof v.submitting_participant_uid === 'string',
    'verdict.submitting_participant_uid must be a string',
  );
  need(
    typeof v.verdict_result === 'string' && RESULTS.has(v.verdict_result),
    'verdict.verdict_result is not a VerdictResult',
  );
  need(isInt(v.mediator_group), 'verdict.mediator_group must be a non-negative integer');
  const views = v.transaction_views;
  need(
    typeof views === 'object' &&
      views !== null &&
      isIntArray(views.root_views) &&
      Array.isArray(views.views) &&
      views.views.every(
        (w) =>
          isInt(w?.view_id) &&
          isStringArray(w.informees) &&
          isIntArray(w.sub_views) &&
          typeof w.view_hash === 'string' &&
          Array.isArray(w.confirming_parties) &&
          w.confirming_parties.every((q) => isStringArray(q?.parties) && isInt(q.threshold)),
      ),
    'verdict.transaction_views must hold views (view_id, informees, confirming_parties, sub_views, view_hash) and root_views',
  );

  const traffic = raw.traffic_summary ?? null;
  if (traffic !== null)
    need(
      isInt(traffic.total_traffic_cost) &&
        Array.isArray(traffic.envelope_traffic_summaries) &&
        traffic.envelope_traffic_summaries.every((e) => isInt(e?.traffic_cost) && isIntArray(e.view_ids)),
      'traffic_summary must hold total_traffic_cost and envelope_traffic_summaries (traffic_cost, view_ids)',
    );

  const records = raw.app_activity_records ?? null;
  const activity: VerdictRow['activity'] = [];
  if (records !== null) {
    need(traffic !== null, 'app_activity_records come with a traffic_summary');
    need(isInt(records.round_number), 'app_activity_records.round_number must be a non-negative integer');
    need(
      Array.isArray(records.records) &&
        records.records.every((r) => typeof r?.party === 'string' && r.party !== '' && isInt(r.weight)),
      'app_activity_records.records must be a list of {party, weight}',
    );
    const parties = new Set<string>();
    for (const r of records.records) {
      need(!parties.has(r.party), `app_activity_records.records name ${r.party} twice`);
      parties.add(r.party);
      activity.push({ round: records.round_number, provider: r.party, weight: r.weight });
    }
  }
  return {
    update_id: id,
    migration_id: v.migration_id!,
    record_time: recordTime!,
    verdict: JSON.stringify(v),
    traffic_summary: traffic === null ? null : JSON.stringify(traffic),
    app_activity_records: records === null ? null : JSON.stringify(records),
    activity,
  };
}
