import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per synchronizer migration the store holds, written by the LedgerWriter with the batch
 * that brings the migration's first update: whether the store holds that migration's history
 * from its start (scan `migration-info` `complete`; docs/acs-snapshots.md "Migrations held").
 */
@Entity({ name: 'history_migrations' })
export class HistoryMigrationEntity {
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_history_migrations' })
  migrationId: string;

  @Column('boolean', { name: 'from_start' })
  fromStart: boolean;
}
