import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Derived from AppActivityRecord contracts (CIP-0104). Keyed by contract id so that a record
 * re-created by a migration's import updates is counted once.
 */
@Entity({ name: 'app_activity_records' })
@Index('ix_app_activity_records_round', ['round', 'provider'])
export class AppActivityRecordEntity {
  @PrimaryColumn('text', { name: 'contract_id', primaryKeyConstraintName: 'pk_app_activity_records' })
  contractId: string;

  @Column('bigint', { name: 'round' })
  round: string;

  @Column('text', { name: 'provider' })
  provider: string;

  @Column('bigint', { name: 'activity_weight' })
  activityWeight: string;

  @Column('bigint', { name: 'migration_id' })
  migrationId: string;
}
