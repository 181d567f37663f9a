import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CIP-0104 activity totals computed as Splice's scan computes them (docs/reward-accounting.md):
 * a round's inputs are what its OpenMiningRound carries (issuance config, tick duration, amulet
 * price, traffic price, coupon threshold), not a pool/threshold/cap read from the AmuletRules
 * config schedule. `mining_rounds` trades the three configuration columns for those inputs, and
 * the totals computed the old way are dropped. The inputs of the rounds already stored are read
 * from their OpenMiningRound contracts, as the writer reads them (the first one of each round;
 * none when it carries no `rewardConfig` or `trafficPrice`, as on pre-CIP-0104 rounds).
 */
export class RewardInputs1795500000000 implements MigrationInterface {
  name = 'RewardInputs1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "reward_accounting_totals"`);
    await q.query(`
      ALTER TABLE "mining_rounds"
        DROP COLUMN "app_reward_pool",
        DROP COLUMN "app_reward_threshold",
        DROP COLUMN "app_reward_cap_per_weight",
        ADD COLUMN "amulet_to_issue_per_year" numeric(38,10),
        ADD COLUMN "app_reward_percentage" numeric(38,10),
        ADD COLUMN "featured_app_reward_cap" numeric(38,10),
        ADD COLUMN "development_fund_percentage" numeric(38,10),
        ADD COLUMN "tick_duration_micros" bigint,
        ADD COLUMN "amulet_price" numeric(38,10),
        ADD COLUMN "traffic_price" numeric(38,10),
        ADD COLUMN "app_reward_coupon_threshold" numeric(38,10)`);
    await q.query(`
      UPDATE "mining_rounds" m SET
        "amulet_to_issue_per_year" = (o.p->'issuanceConfig'->>'amuletToIssuePerYear')::numeric,
        "app_reward_percentage" = (o.p->'issuanceConfig'->>'appRewardPercentage')::numeric,
        "featured_app_reward_cap" = (o.p->'issuanceConfig'->>'featuredAppRewardCap')::numeric,
        "development_fund_percentage" = coalesce((o.p->'issuanceConfig'->>'optDevelopmentFundPercentage')::numeric, 0.05),
        "tick_duration_micros" = (o.p->'tickDuration'->>'microseconds')::bigint,
        "amulet_price" = (o.p->>'amuletPrice')::numeric,
        "traffic_price" = (o.p->>'trafficPrice')::numeric,
        "app_reward_coupon_threshold" = (o.p->'rewardConfig'->>'appRewardCouponThreshold')::numeric
      FROM (
        SELECT DISTINCT ON ((c.payload_compact->'round'->>'number')::bigint)
               (c.payload_compact->'round'->>'number')::bigint AS round, c.payload_compact AS p
          FROM "contracts" c
         WHERE c.package_name = 'splice-amulet' AND c.module_name = 'Splice.Round' AND c.entity_name = 'OpenMiningRound'
         ORDER BY 1, c.migration_id, c.row_id
      ) o
      WHERE o.round = m.round
        AND o.p->>'trafficPrice' IS NOT NULL AND o.p->'rewardConfig'->>'appRewardCouponThreshold' IS NOT NULL
        AND o.p->'issuanceConfig'->>'amuletToIssuePerYear' IS NOT NULL AND o.p->'issuanceConfig'->>'appRewardPercentage' IS NOT NULL
        AND o.p->'issuanceConfig'->>'featuredAppRewardCap' IS NOT NULL AND o.p->'tickDuration'->>'microseconds' IS NOT NULL
        AND o.p->>'amuletPrice' IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "reward_accounting_totals"`);
    await q.query(`
      ALTER TABLE "mining_rounds"
        DROP COLUMN "amulet_to_issue_per_year",
        DROP COLUMN "app_reward_percentage",
        DROP COLUMN "featured_app_reward_cap",
        DROP COLUMN "development_fund_percentage",
        DROP COLUMN "tick_duration_micros",
        DROP COLUMN "amulet_price",
        DROP COLUMN "traffic_price",
        DROP COLUMN "app_reward_coupon_threshold",
        ADD COLUMN "app_reward_pool" numeric(38,10),
        ADD COLUMN "app_reward_threshold" numeric(38,10),
        ADD COLUMN "app_reward_cap_per_weight" numeric(38,10)`);
  }
}
