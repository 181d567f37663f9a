import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One app provider's CIP-0104 activity weight from one verdict: the rows of a stored verdict's
 * `app_activity_records` (synchronizer_verdicts), which reward accounting sums per round
 * (ix_app_activity_records_round).
 */
@Entity({ name: 'app_activity_records' })
@Index('ix_app_activity_records_round', ['round', 'provider'])
export class AppActivityRecordEntity {
  @PrimaryColumn('text', { name: 'update_id', primaryKeyConstraintName: 'pk_app_activity_records' })
  updateId: string;

  @PrimaryColumn('text', { name: 'provider', primaryKeyConstraintName: 'pk_app_activity_records' })
  provider: string;

  @Column('bigint', { name: 'round' })
  round: string;

  @Column('bigint', { name: 'activity_weight' })
  activityWeight: string;

  @Column('bigint', { name: 'migration_id' })
  migrationId: string;
}
