import type { Queryable } from '../../database/db';

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
  /** The round's reward configuration was recorded when it opened. */
  configured: boolean;
  /**
   * The store carries the verdicts (and so the app activity records) of the round's migration:
   * false on a mirror, which copies the update history only (docs/events.md).
   */
  activityHeld: boolean;
  firstKnownRound: string | undefined;
  lastKnownRound: string | undefined;
}

/**
 * The CIP-0104 reward arithmetic, for every round the CTE `rounds` selects, as ONE statement
 * inserting into reward_accounting_totals. All amounts are SQL numeric; nothing is rounded but
 * the per-provider allowance, which is floored to 10 decimals.
 *
 * With the round's configuration (pool P, threshold H, cap per weight C, from the AmuletRules
 * schedule in force at the round's opensAt, recorded in mining_rounds) and its app activity
 * records (the rows of the synchronizer verdicts' `app_activity_records` whose round_number is the
 * round, docs/events.md):
 *   w_p  = sum of provider p's activity weights;  W = sum of all w_p
 *   rate = min(P / W, C)                          (C caps what one unit of weight can earn)
 *   a_p  = floor10(w_p x rate)                    (floor10: round down to 10 decimals)
 *          computed exactly: if P <= C x W then div(w_p x P x 10^10, W) x 10^-10, else w_p x C
 *   minting allowance = sum of a_p with a_p >= H; rewarded providers = their count
 *   thresholded       = sum of a_p with a_p <  H (burned)
 *   unclaimed         = P - sum of all a_p (the cap's excess plus rounding dust)
 * so P = minting + thresholded + unclaimed exactly. W = 0 (no activity): every a_p is 0 and the
 * whole pool is unclaimed. active_parties_count = number of distinct providers,
 * activity_records_count = number of records, total_app_activity_weight = W.
 */
const COMPUTE_TOTALS = (rounds: string) => `
  WITH rounds AS MATERIALIZED (${rounds}),
  providers AS (
    SELECT a.round, a.provider, sum(a.activity_weight) AS weight, count(*) AS records
      FROM app_activity_records a JOIN rounds r ON r.round = a.round
     GROUP BY a.round, a.provider
  ),
  round_weights AS (
    SELECT r.round, coalesce(sum(p.weight), 0) AS total_weight, count(p.provider) AS parties, coalesce(sum(p.records), 0) AS records
      FROM rounds r LEFT JOIN providers p ON p.round = r.round
     GROUP BY r.round
  ),
  allowances AS (
    SELECT p.round,
           CASE WHEN w.total_weight = 0 THEN 0::numeric
                WHEN r.pool <= r.cap * w.total_weight THEN div(p.weight * r.pool * 10000000000, w.total_weight) * 0.0000000001
                ELSE p.weight * r.cap
           END AS allowance
      FROM providers p JOIN rounds r ON r.round = p.round JOIN round_weights w ON w.round = p.round
  )
  INSERT INTO reward_accounting_totals (round, total_app_activity_weight, active_parties_count, activity_records_count,
                                        total_app_reward_minting_allowance, total_app_reward_thresholded,
                                        total_app_reward_unclaimed, rewarded_app_provider_parties_count)
  SELECT r.round, w.total_weight, w.parties, w.records,
         coalesce(sum(a.allowance) FILTER (WHERE a.allowance >= r.threshold), 0),
         coalesce(sum(a.allowance) FILTER (WHERE a.allowance < r.threshold), 0),
         r.pool - coalesce(sum(a.allowance), 0),
         count(a.allowance) FILTER (WHERE a.allowance >= r.threshold)
    FROM rounds r JOIN round_weights w ON w.round = r.round LEFT JOIN allowances a ON a.round = r.round
   GROUP BY r.round, r.pool, r.threshold, w.total_weight, w.parties, w.records
  ON CONFLICT (round) DO NOTHING
  RETURNING round::text AS round`;

/**
 * Closed rounds with a recorded configuration and no totals yet, whose migration's verdicts the
 * store carries (without them the round's activity is unknown, not zero).
 */
const COMPUTABLE = `SELECT m.round, m.app_reward_pool AS pool, m.app_reward_threshold AS threshold, m.app_reward_cap_per_weight AS cap
    FROM mining_rounds m
   WHERE m.closed_record_time IS NOT NULL
     AND m.app_reward_pool IS NOT NULL AND m.app_reward_threshold IS NOT NULL AND m.app_reward_cap_per_weight IS NOT NULL
     AND EXISTS (SELECT 1 FROM history_migrations h WHERE h.migration_id = m.migration_id AND h.verdicts_held)
     AND NOT EXISTS (SELECT 1 FROM reward_accounting_totals t WHERE t.round = m.round)`;

const TOTALS_COLUMNS = `t.round::text AS round, t.total_app_activity_weight::text AS total_app_activity_weight,
  t.active_parties_count::text AS active_parties_count, t.activity_records_count::text AS activity_records_count,
  t.total_app_reward_minting_allowance::text AS total_app_reward_minting_allowance,
  t.total_app_reward_thresholded::text AS total_app_reward_thresholded,
  t.total_app_reward_unclaimed::text AS total_app_reward_unclaimed,
  t.rewarded_app_provider_parties_count::text AS rewarded_app_provider_parties_count`;

/**
 * Computes and stores the totals of those of `rounds` that are computable (closed, configured, no
 * totals yet), in one statement on `connection`; returns the rounds computed. The writer calls
 * it in the transaction of the batch that closes them: a round's activity records come with
 * verdicts sequenced while it is open, so once it is closed its totals are final
 * (docs/reward-accounting.md).
 */
export async function computeActivityTotals(
  connection: Queryable,
  rounds: readonly string[],
): Promise<string[]> {
  if (rounds.length === 0) return [];
  const rows = await connection.query<{ round: string }>(
    COMPUTE_TOTALS(`${COMPUTABLE} AND m.round = ANY($1::bigint[]) ORDER BY m.round`),
    [rounds],
  );
  return rows.map((r) => r.round);
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
              (m.app_reward_pool IS NOT NULL AND m.app_reward_threshold IS NOT NULL AND m.app_reward_cap_per_weight IS NOT NULL) AS configured,
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
