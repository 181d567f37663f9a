import { Column, Entity, PrimaryColumn } from 'typeorm';

/** CIP-0104 activity totals of a closed round, computed by the reward accounting process. */
@Entity({ name: 'reward_accounting_totals' })
export class RewardAccountingTotalsEntity {
  @PrimaryColumn('bigint', { name: 'round', primaryKeyConstraintName: 'pk_reward_accounting_totals' })
  round: string;

  @Column('bigint', { name: 'total_app_activity_weight' })
  totalAppActivityWeight: string;

  @Column('bigint', { name: 'active_parties_count' })
  activePartiesCount: string;

  @Column('bigint', { name: 'activity_records_count' })
  activityRecordsCount: string;

  @Column('numeric', { name: 'total_app_reward_minting_allowance', precision: 38, scale: 10 })
  totalAppRewardMintingAllowance: string;

  @Column('numeric', { name: 'total_app_reward_thresholded', precision: 38, scale: 10 })
  totalAppRewardThresholded: string;

  @Column('numeric', { name: 'total_app_reward_unclaimed', precision: 38, scale: 10 })
  totalAppRewardUnclaimed: string;

  @Column('bigint', { name: 'rewarded_app_provider_parties_count' })
  rewardedAppProviderPartiesCount: string;

  @Column('timestamptz', { name: 'computed_at', default: () => 'now()' })
  computedAt: string;
}
