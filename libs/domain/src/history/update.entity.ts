import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type UpdateKind = 'transaction' | 'assignment' | 'unassignment';

/** One row per update: transactions (with their events in `events`) and reassignments. */
@Entity({ name: 'updates' })
@Check('ck_updates_kind', `"kind" IN ('transaction', 'assignment', 'unassignment')`)
// Partitioned by migration: unique keys include the partition key (the writer keeps update ids
// and offsets unique across migrations).
@Index('ux_updates_update_id', ['updateId', 'migrationId'], { unique: true })
@Index('ux_updates_ledger_offset', ['ledgerOffset', 'migrationId'], { unique: true })
// Update history pages by (migration_id, record_time) ascending.
@Index('ix_updates_migration_record_time', ['migrationId', 'recordTime', 'rowId'])
// Import updates of a migration, paged by update id (partial; declared in the migration).
@Index('ix_updates_import', { synchronize: false })
// A contract's reassignments, for its synchronizer at an offset (partial; declared in the migration).
@Index('ix_updates_reassigned_contract', { synchronize: false })
// Externally signed transactions by their hash (scan's `/v2/updates/hash/{hash}`; partial, declared in the migration).
@Index('ix_updates_external_transaction_hash', { synchronize: false })
export class UpdateEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'row_id',
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pk_updates',
  })
  rowId: string;

  @Column('text', { name: 'update_id' })
  updateId: string;

  /** The partition key (docs/scaling.md "Partitioned history"), hence part of the primary key. */
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_updates' })
  migrationId: string;

  @Column('text', { name: 'kind' })
  kind: UpdateKind;

  @Column('boolean', { name: 'is_import', default: false })
  isImport: boolean;

  @Column('timestamptz', { name: 'record_time' })
  recordTime: string;

  @Column('timestamptz', { name: 'effective_at', nullable: true })
  effectiveAt: string | null;

  /** `synchronizers.id` of the synchronizer (the target of an assignment, the source of an unassignment). */
  @Column('smallint', { name: 'synchronizer' })
  synchronizer: number;

  @Column('text', { name: 'workflow_id', default: '' })
  workflowId: string;

  @Column('text', { name: 'command_id', default: '' })
  commandId: string;

  /** Ledger node offset (int64); null for import updates, which have no offset. */
  @Column('bigint', { name: 'ledger_offset', nullable: true })
  ledgerOffset: string | null;

  @Column('text', { name: 'external_transaction_hash', nullable: true })
  externalTransactionHash: string | null;

  @Column('integer', { name: 'root_node_ids', array: true, nullable: true })
  rootNodeIds: number[] | null;

  @Column('text', { name: 'submitter', nullable: true })
  submitter: string | null;

  @Column('text', { name: 'source_synchronizer', nullable: true })
  sourceSynchronizer: string | null;

  @Column('text', { name: 'target_synchronizer', nullable: true })
  targetSynchronizer: string | null;

  @Column('text', { name: 'unassign_id', nullable: true })
  unassignId: string | null;

  @Column('bigint', { name: 'reassignment_counter', nullable: true })
  reassignmentCounter: string | null;

  /** Contract moved by an unassignment (assignments carry theirs in `events`). */
  @Column('text', { name: 'reassigned_contract_id', nullable: true })
  reassignedContractId: string | null;

  /**
   * Loaded from compact-only history: its payloads (events) are the compact JSON as given, with
   * no lossless form (docs/compact-only.md).
   */
  @Column('boolean', { name: 'compact_only', default: false })
  compactOnly: boolean;

  /** sha256 of the canonical JSON of the update as appended: re-appending it is a no-op. */
  @Column('text', { name: 'content_hash' })
  contentHash: string;
}
