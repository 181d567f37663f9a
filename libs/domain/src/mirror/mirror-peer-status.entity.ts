import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The scan mirror's view of each peer scan it reads, one row per configured peer URL, written
 * by the mirror (ScanMirror) after its polls and at most every few seconds while it copies;
 * rows of peers no longer configured are deleted by the next write. Every row also carries the
 * mirror's own position as of that write (the same in every row: one write replaces them all),
 * which is what `GET /v0/explorer/mirror-status` reads (docs/explorer.md "Mirror status").
 */
@Entity({ name: 'mirror_peer_status' })
@Check('ck_mirror_peer_status_failures', `"consecutive_failures" >= 0`)
export class MirrorPeerStatusEntity {
  @PrimaryColumn('text', { name: 'peer_url', primaryKeyConstraintName: 'pk_mirror_peer_status' })
  peerUrl: string;

  /** When the peer last answered a call (after its retries). */
  @Column('timestamptz', { name: 'last_poll_at', nullable: true })
  lastPollAt: string | null;

  /** The migration and newest record time the peer's migration-info last reported. */
  @Column('bigint', { name: 'migration_id', nullable: true })
  migrationId: string | null;

  @Column('timestamptz', { name: 'newest_record_time', nullable: true })
  newestRecordTime: string | null;

  /** Whether its last answer compared with others' matched the quorum's; null until compared. */
  @Column('boolean', { name: 'agrees', nullable: true })
  agrees: boolean | null;

  @Column('timestamptz', { name: 'last_disagreement_at', nullable: true })
  lastDisagreementAt: string | null;

  @Column('text', { name: 'last_disagreement', nullable: true })
  lastDisagreement: string | null;

  /** Calls failed (after their retries) since it last answered. */
  @Column('integer', { name: 'consecutive_failures', default: 0 })
  consecutiveFailures: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError: string | null;

  @Column('timestamptz', { name: 'last_error_at', nullable: true })
  lastErrorAt: string | null;

  /** The mirror's migration and newest record time it wrote, as of `updated_at`. */
  @Column('bigint', { name: 'mirror_migration_id' })
  mirrorMigrationId: string;

  @Column('timestamptz', { name: 'mirror_record_time', nullable: true })
  mirrorRecordTime: string | null;

  /** Seconds from `mirror_record_time` to the peers' newest record time (the mirror's lag). */
  @Column('double precision', { name: 'mirror_lag_seconds', nullable: true })
  mirrorLagSeconds: number | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: string;
}
