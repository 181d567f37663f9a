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

  /**
   * Whether the store carries the synchronizer's verdicts (and so the app activity) of this
   * migration: the writer's `synchronizerVerdicts` when the migration arrived (for a mirror,
   * whether f + 1 of its peers served the migration's verdicts; docs/events.md).
   */
  @Column('boolean', { name: 'verdicts_held', default: false })
  verdictsHeld: boolean;

  /**
   * Whether the store carries the synchronizer's party-to-participant topology of this migration
   * (docs/hosting.md): true for simulated or ingested history; false for a mirror, which does not
   * copy it. `HOSTING_NOT_HELD` keys on it.
   */
  @Column('boolean', { name: 'hosting_held', default: false })
  hostingHeld: boolean;
}
