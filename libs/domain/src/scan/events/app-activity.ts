import type { HistoryAppActivityRecords, HistoryTrafficSummary, HistoryVerdict } from './verdict-item';

/** Requests costing more are left out (they cannot occur; the integer arithmetic stays exact). */
export const MAX_TRAFFIC_COST_BYTES = 100 * 1024 * 1024;

/** The weight of a featured app right without `activityWeight` (Splice.Amulet `defaultAppActivityWeight`). */
export const DEFAULT_APP_ACTIVITY_WEIGHT = '1.0';

/** What the computation needs to know of the ledger at the verdict's record time. */
export interface AppActivityContext {
  /**
   * The mining round the activity counts for: the lowest-numbered OpenMiningRound active at the
   * record time whose `opensAt` has passed; undefined when there is none (no records then).
   */
  readonly round: number | undefined;
  /** Featured app providers and their `activityWeight` (decimal text), as of the round's `opensAt`. */
  readonly featuredAppWeights: ReadonlyMap<string, string>;
  /** UIDs (without `PAR::`) of the SVs' participants, from DsoRules as of the round's `opensAt`. */
  readonly svParticipantUids: ReadonlySet<string>;
}

const SCALE = 10n ** 10n;

/** A non-negative decimal as an integer count of 10^-10 (digits past the 10th dropped). */
function scaled(decimal: string): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.slice(0, 10).padEnd(10, '0'));
}

/**
 * CIP-0104 app activity of one confirmation request, as Splice's scan computes it from the
 * mediator's verdict and the sequencer's traffic summary (docs/events.md "App activity"): only an
 * accepted request not submitted by an SV's participant counts (SVs burn no traffic). Each
 * envelope whose views are confirmed by featured app providers splits its share of the request's
 * total traffic cost evenly among them; a provider's weight is its traffic (bytes) times its
 * featured app weight, rounded down. Integer arithmetic throughout, one division per provider at
 * the end. Null when nothing counts.
 */
export function computeAppActivity(
  verdict: HistoryVerdict,
  traffic: HistoryTrafficSummary,
  context: AppActivityContext,
): HistoryAppActivityRecords | null {
  if (verdict.verdict_result !== 'VERDICT_RESULT_ACCEPTED') return null;
  if (traffic.total_traffic_cost > MAX_TRAFFIC_COST_BYTES) return null;
  if (context.round === undefined || context.svParticipantUids.size === 0) return null;
  if (context.svParticipantUids.has(verdict.submitting_participant_uid)) return null;

  const views = new Map(verdict.transaction_views.views.map((v) => [v.view_id, v]));
  const total = BigInt(traffic.total_traffic_cost);
  const numerators = new Map<string, bigint>();
  let featuredTraffic = 0n;
  for (const envelope of traffic.envelope_traffic_summaries) {
    const confirmers = new Set<string>();
    for (const id of envelope.view_ids)
      for (const quorum of views.get(id)?.confirming_parties ?? [])
        for (const party of quorum.parties) if (context.featuredAppWeights.has(party)) confirmers.add(party);
    if (confirmers.size === 0) continue;
    featuredTraffic += BigInt(envelope.traffic_cost);
    const share = (BigInt(envelope.traffic_cost) * total) / BigInt(confirmers.size);
    for (const party of confirmers) numerators.set(party, (numerators.get(party) ?? 0n) + share);
  }
  if (featuredTraffic === 0n) return null;

  const parties = [...numerators.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    round_number: context.round,
    records: parties.map((party) => {
      const burn = numerators.get(party)! / featuredTraffic;
      const weight = (burn * scaled(context.featuredAppWeights.get(party)!)) / SCALE;
      return { party, weight: Number(weight) };
    }),
  };
}
