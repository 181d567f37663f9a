import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per mining round, from its OpenMiningRound, with the CIP-0104 reward inputs that
 * contract carries (null for a round without `rewardConfig`/`trafficPrice`) and when it closed.
 */
@Entity({ name: 'mining_rounds' })
export class MiningRoundEntity {
  @PrimaryColumn('bigint', { name: 'round', primaryKeyConstraintName: 'pk_mining_rounds' })
  round: string;

  @Column('bigint', { name: 'migration_id' })
  migrationId: string;

  @Column('timestamptz', { name: 'opens_at' })
  opensAt: string;

  @Column('timestamptz', { name: 'opened_record_time' })
  openedRecordTime: string;

  @Column('timestamptz', { name: 'closed_record_time', nullable: true })
  closedRecordTime: string | null;

  @Column('numeric', { name: 'amulet_to_issue_per_year', precision: 38, scale: 10, nullable: true })
  amuletToIssuePerYear: string | null;

  @Column('numeric', { name: 'app_reward_percentage', precision: 38, scale: 10, nullable: true })
  appRewardPercentage: string | null;

  @Column('numeric', { name: 'featured_app_reward_cap', precision: 38, scale: 10, nullable: true })
  featuredAppRewardCap: string | null;

  @Column('numeric', { name: 'development_fund_percentage', precision: 38, scale: 10, nullable: true })
  developmentFundPercentage: string | null;

  @Column('bigint', { name: 'tick_duration_micros', nullable: true })
  tickDurationMicros: string | null;

  @Column('numeric', { name: 'amulet_price', precision: 38, scale: 10, nullable: true })
  amuletPrice: string | null;

  @Column('numeric', { name: 'traffic_price', precision: 38, scale: 10, nullable: true })
  trafficPrice: string | null;

  @Column('numeric', { name: 'app_reward_coupon_threshold', precision: 38, scale: 10, nullable: true })
  appRewardCouponThreshold: string | null;
}
