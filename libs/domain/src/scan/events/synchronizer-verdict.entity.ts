import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What the synchronizer told the scan about one confirmation request (docs/events.md): the
 * mediator's verdict, the sequencer's traffic summary and the CIP-0104 app activity computed from
 * them, each as the JSON it arrived in (the verdict packed: verdict-codec.ts). Not part of the update history: a verdict may be on a
 * transaction no party of this node sees (no update has its id). `/v0/events` pages it by
 * ux_synchronizer_verdicts_migration_record_time, next to the updates it merges with.
 */
@Entity({ name: 'synchronizer_verdicts' })
@Index('ux_synchronizer_verdicts_migration_record_time', ['migrationId', 'recordTime'], { unique: true })
export class SynchronizerVerdictEntity {
  @PrimaryColumn('text', { name: 'update_id', primaryKeyConstraintName: 'pk_synchronizer_verdicts' })
  updateId: string;

  @Column('bigint', { name: 'migration_id' })
  migrationId: string;

  @Column('timestamptz', { name: 'record_time' })
  recordTime: string;

  @Column('bytea', { name: 'verdict' })
  verdict: Buffer;

  @Column('json', { name: 'traffic_summary', nullable: true })
  trafficSummary: unknown;

  @Column('json', { name: 'app_activity_records', nullable: true })
  appActivityRecords: unknown;
}
