import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CIP-0104 activity totals computed as Splice's scan computes them (docs/reward-accounting.md):
 * a round's inputs are what its OpenMiningRound carries (issuance config, tick duration, amulet
 * price, traffic price, coupon threshold), not a pool/threshold/cap read from the AmuletRules
 * config schedule. `mining_rounds` trades the three configuration columns for those inputs, and
 * the totals computed the old way are dropped. Rounds stored before hold no inputs, so their
 * activity totals answer CannotProvide (as a round without `rewardConfig` does).
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
