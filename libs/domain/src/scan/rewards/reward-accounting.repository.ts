import type { Queryable } from '../../database/db';
import { deriveIssuanceParams } from './reward-issuance';

export interface RewardTotalsRow {
  round: string;
  total_app_activity_weight: string;
  active_parties_count: string;
  activity_records_count: string;
  total_app_reward_minting_allowance: string;
  total_app_reward_thresholded: string;
  total_app_reward_unclaimed: string;
  rewarded_app_provider_parties_count: string;
}

/** What the store knows of one round, and the range of rounds it knows. */
export interface RoundState {
  totals: RewardTotalsRow | undefined;
  known: boolean;
  closed: boolean;
  /** The round's OpenMiningRound carries reward inputs (CIP-0104: `rewardConfig` and `trafficPrice`). */
  configured: boolean;
  /**
   * The store carries the verdicts (and so the app activity records) of the round's migration:
   * false on a mirror whose peers did not serve them (docs/events.md).
   */
  activityHeld: boolean;
  firstKnownRound: string | undefined;
  lastKnownRound: string | undefined;
}

/** The mining_rounds columns holding a round's reward inputs (all set, or none: pre-CIP-0104). */
const INPUT_COLUMNS = `m.amulet_to_issue_per_year::text AS amulet_to_issue_per_year, m.app_reward_percentage::text AS app_reward_percentage,
  m.featured_app_reward_cap::text AS featured_app_reward_cap, m.development_fund_percentage::text AS development_fund_percentage,
  m.tick_duration_micros::text AS tick_duration_micros, m.amulet_price::text AS amulet_price,
  m.traffic_price::text AS traffic_price, m.app_reward_coupon_threshold::text AS app_reward_coupon_threshold`;

/**
 * Closed rounds with recorded reward inputs and no totals yet, whose migration's verdicts the
 * store carries (without them the round's activity is unknown, not zero), with their total app
 * activity weight.
 */
const COMPUTABLE = `SELECT m.round::text AS round, ${INPUT_COLUMNS},
         (SELECT coalesce(sum(a.activity_weight), 0)::text FROM app_activity_records a WHERE a.round = m.round) AS total_weight
    FROM mining_rounds m
   WHERE m.closed_record_time IS NOT NULL AND m.traffic_price IS NOT NULL
     AND EXISTS (SELECT 1 FROM history_migrations h WHERE h.migration_id = m.migration_id AND h.verdicts_held)
     AND NOT EXISTS (SELECT 1 FROM reward_accounting_totals t WHERE t.round = m.round)
     AND m.round = ANY($1::bigint[])
   ORDER BY m.round`;

/**
 * Splice scan's stage 2 (`computeRewardTotals`), for one round with its derived parameters
 * ($2 issuance per MB, $3 threshold in amulet, $4 total issuance, $5 unclaimed):
 *   amount_p = (w_p / 10^6) x issuancePerMb, stored (so rounded) to 10 decimals, for providers with
 *              an unrounded amount >= threshold;
 *   minting allowance = sum of those amounts, rewarded providers = their count;
 *   thresholded       = total issuance - unclaimed - minting allowance; unclaimed as derived.
 * active_parties_count = distinct providers, activity_records_count = records,
 * total_app_activity_weight = W.
 */
const INSERT_TOTALS = `
  WITH providers AS (
    SELECT a.provider, sum(a.activity_weight) AS weight, count(*) AS records
      FROM app_activity_records a WHERE a.round = $1::bigint GROUP BY a.provider
  ),
  computed AS (
    SELECT (cast(weight AS numeric(38,10)) / 1000000.0) * $2::numeric AS amount FROM providers
  ),
  rewarded AS (
    SELECT cast(amount AS numeric(38,10)) AS amount FROM computed WHERE amount >= $3::numeric
  )
  INSERT INTO reward_accounting_totals (round, total_app_activity_weight, active_parties_count, activity_records_count,
                                        total_app_reward_minting_allowance, total_app_reward_thresholded,
                                        total_app_reward_unclaimed, rewarded_app_provider_parties_count)
  SELECT $1::bigint,
         (SELECT coalesce(sum(weight), 0) FROM providers),
         (SELECT count(*) FROM providers),
         (SELECT coalesce(sum(records), 0) FROM providers),
         coalesce(sum(amount), 0),
         $4::numeric - $5::numeric - coalesce(sum(amount), 0),
         $5::numeric,
         count(*)
    FROM rewarded
  ON CONFLICT (round) DO NOTHING
  RETURNING round::text AS round`;

interface ComputableRow {
  round: string;
  amulet_to_issue_per_year: string;
  app_reward_percentage: string;
  featured_app_reward_cap: string;
  development_fund_percentage: string;
  tick_duration_micros: string;
  amulet_price: string;
  traffic_price: string;
  app_reward_coupon_threshold: string;
  total_weight: string;
}

const TOTALS_COLUMNS = `t.round::text AS round, t.total_app_activity_weight::text AS total_app_activity_weight,
  t.active_parties_count::text AS active_parties_count, t.activity_records_count::text AS activity_records_count,
  t.total_app_reward_minting_allowance::text AS total_app_reward_minting_allowance,
  t.total_app_reward_thresholded::text AS total_app_reward_thresholded,
  t.total_app_reward_unclaimed::text AS total_app_reward_unclaimed,
  t.rewarded_app_provider_parties_count::text AS rewarded_app_provider_parties_count`;

/**
 * Computes and stores the totals of those of `rounds` that are computable (closed, with reward
 * inputs, no totals yet) on `connection`; returns the rounds computed. The writer calls it in the
 * transaction of the batch that closes them: a round's activity records come with verdicts
 * sequenced while it is open, so once it is closed its totals are final
 * (docs/reward-accounting.md).
 */
export async function computeActivityTotals(
  connection: Queryable,
  rounds: readonly string[],
): Promise<string[]> {
  if (rounds.length === 0) return [];
  const computable = await connection.query<ComputableRow>(COMPUTABLE, [rounds]);
  const computed: string[] = [];
  for (const r of computable) {
    const params = deriveIssuanceParams(
      {
        amuletToIssuePerYear: r.amulet_to_issue_per_year,
        appRewardPercentage: r.app_reward_percentage,
        featuredAppRewardCap: r.featured_app_reward_cap,
        developmentFundPercentage: r.development_fund_percentage,
        tickDurationMicros: r.tick_duration_micros,
        amuletPrice: r.amulet_price,
        trafficPrice: r.traffic_price,
        appRewardCouponThreshold: r.app_reward_coupon_threshold,
      },
      BigInt(r.total_weight),
    );
    const rows = await connection.query<{ round: string }>(INSERT_TOTALS, [
      r.round,
      params.issuancePerMb,
      params.thresholdCc,
      params.totalIssuance,
      params.unclaimed,
    ]);
    computed.push(...rows.map((x) => x.round));
  }
  return computed;
}

/**
 * Drops the stored totals of those of `rounds` that have some and returns them: a batch brought
 * activity records of a round already totalled, or an earlier migration's opening of it, as when
 * migrations are copied in parallel (docs/offsets-and-ids.md "Offsets across migrations"). The writer computes
 * them again in the same transaction (`computeActivityTotals`).
 */
export async function dropActivityTotals(
  connection: Queryable,
  rounds: readonly string[],
): Promise<string[]> {
  if (rounds.length === 0) return [];
  const dropped = await connection.query<{ round: string }>(
    `DELETE FROM reward_accounting_totals WHERE round = ANY($1::bigint[]) RETURNING round::text AS round`,
    [rounds],
  );
  return dropped.map((r) => r.round);
}

/**
 * Reads the stored activity totals (mining_rounds (pk_mining_rounds), reward_accounting_totals,
 * history_migrations);
 * never writes.
 */
export class RewardAccountingRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The lowest round whose activity totals are stored (pk_reward_accounting_totals): the writer
   * stores them only for a closed, configured round whose migration's verdicts it holds, so
   * its app activity records are complete. Undefined when there is none.
   */
  async earliestCompleteRound(): Promise<string | undefined> {
    const [row]: { round: string | null }[] = await this.db.query(
      `SELECT min(t.round)::text AS round FROM reward_accounting_totals t`,
    );
    return row?.round ?? undefined;
  }

  async roundState(round: string): Promise<RoundState> {
    const [row]: (Partial<RewardTotalsRow> & {
      has_totals: boolean;
      known: boolean;
      closed: boolean;
      configured: boolean;
      activity_held: boolean;
      first_round: string | null;
      last_round: string | null;
    })[] = await this.db.query(
      `SELECT ${TOTALS_COLUMNS}, t.round IS NOT NULL AS has_totals,
              m.round IS NOT NULL AS known, m.closed_record_time IS NOT NULL AS closed,
              m.traffic_price IS NOT NULL AS configured,
              coalesce(h.verdicts_held, false) AS activity_held,
              (SELECT min(round)::text FROM mining_rounds) AS first_round, (SELECT max(round)::text FROM mining_rounds) AS last_round
         FROM (SELECT $1::bigint AS round) q
         LEFT JOIN mining_rounds m ON m.round = q.round
         LEFT JOIN reward_accounting_totals t ON t.round = q.round
         LEFT JOIN history_migrations h ON h.migration_id = m.migration_id`,
      [round],
    );
    const { has_totals, known, closed, configured, activity_held, first_round, last_round, ...totals } = row;
    return {
      totals: has_totals ? (totals as RewardTotalsRow) : undefined,
      known,
      closed,
      configured,
      activityHeld: activity_held,
      firstKnownRound: first_round ?? undefined,
      lastKnownRound: last_round ?? undefined,
    };
  }
}
