import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per mining round, from its OpenMiningRound, with the reward configuration in force
 * at its opensAt (from the AmuletRules config schedule) and when it closed.
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

  @Column('numeric', { name: 'app_reward_pool', precision: 38, scale: 10, nullable: true })
  appRewardPool: string | null;

  @Column('numeric', { name: 'app_reward_threshold', precision: 38, scale: 10, nullable: true })
  appRewardThreshold: string | null;

  @Column('numeric', { name: 'app_reward_cap_per_weight', precision: 38, scale: 10, nullable: true })
  appRewardCapPerWeight: string | null;
}
