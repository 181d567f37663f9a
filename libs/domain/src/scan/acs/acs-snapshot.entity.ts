import { Entity, PrimaryColumn } from 'typeorm';

/** Record times at which ACS snapshots exist, per migration (docs/acs-snapshots.md "Snapshot schedule"). */
@Entity({ name: 'acs_snapshots' })
export class AcsSnapshotEntity {
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_acs_snapshots' })
  migrationId: string;

  @PrimaryColumn('timestamptz', { name: 'record_time', primaryKeyConstraintName: 'pk_acs_snapshots' })
  recordTime: string;
}
