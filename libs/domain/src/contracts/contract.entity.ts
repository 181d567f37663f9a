import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { CompactValue } from '../daml-value/daml-value.types';

/**
 * One row per contract per migration. The row id follows creation order, so it orders the ACS
 * and serves as the ACS page token. The ACS at record time T is: created before T and not
 * archived before T. The lossless payload is the creating event's `create_arguments`
 * (`created_update_row_id`, `created_node_id`).
 */
@Entity({ name: 'contracts' })
// Contracts by template (a hash of package name, module and entity; template-key.sql.ts), migration
// and row id (declared in the migration TemplateHashIndexes).
@Index('ix_contracts_template', { synchronize: false })
// ACS scans: (migration_id, row_id) with the lifetime columns included (declared in the migration).
@Index('ix_contracts_acs', { synchronize: false })
// GIN over the stakeholders' ids for party filters (declared in the migration).
@Index('ix_contracts_stakeholders', { synchronize: false })
// Active contracts by template (its hash), for "current X" lookups (partial; declared in the migration).
@Index('ix_contracts_active_template', { synchronize: false })
// The ledger node's active contracts at an offset: keyset by creation offset, a contract's rows by id (declared in the migration).
@Index('ix_contracts_ledger_acs', { synchronize: false })
// A contract by id: in one migration, or its rows of every migration with their offsets (unique
// per migration; INCLUDE declared in the migration, docs/scaling.md "Storage per update").
@Index('ux_contracts_contract_migration', { synchronize: false })
// Current TransferPreapprovals by receiver (partial, on the payload; declared in the migration).
@Index('ix_contracts_preapproval_receiver', { synchronize: false })
// MemberTraffic contracts by member and synchronizer (partial, on the payload; declared in the migration).
@Index('ix_contracts_member_traffic', { synchronize: false })
// Current AnsEntries by name and by user then name (partial, on the payload; declared in the migration).
@Index('ix_contracts_ans_entry_name', { synchronize: false })
@Index('ix_contracts_ans_entry_user', { synchronize: false })
// TransferCommandCounters by sender, TransferCommands by sender and nonce (partial; in the migration).
@Index('ix_contracts_transfer_command_counter_sender', { synchronize: false })
@Index('ix_contracts_transfer_command_sender_nonce', { synchronize: false })
export class ContractEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'row_id',
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pk_contracts',
  })
  rowId: string;

  /** The partition key (docs/scaling.md "Partitioned history"), hence part of the primary key. */
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_contracts' })
  migrationId: string;

  @Column('text', { name: 'contract_id' })
  contractId: string;

  // The template id is not stored: it is `package_id:module_name:entity_name` (the writer accepts
  // no other form), written by the reads that print it (template-key.sql.ts contractTemplateId).
  @Column('text', { name: 'package_id' })
  packageId: string;

  @Column('text', { name: 'package_name' })
  packageName: string;

  @Column('text', { name: 'module_name' })
  moduleName: string;

  @Column('text', { name: 'entity_name' })
  entityName: string;

  /** Compact JSON payload, derived from the lossless one on write (the form most endpoints return). */
  @Column('json', { name: 'payload_compact' })
  payloadCompact: CompactValue;

  /** The blob the history (or, for mirrored history, a peer) supplied; null when not stored. */
  @Column('text', { name: 'created_event_blob', nullable: true })
  createdEventBlob: string | null;

  /**
   * Whether a blob that is not stored may be derived on read from the creating event (simulated or
   * ingested history) or must come from a peer (mirrored history; docs/current-contracts.md "Created event blobs").
   */
  @Column('boolean', { name: 'created_event_blob_derivable', default: true })
  createdEventBlobDerivable: boolean;

  /** Ledger effective time of the creating transaction. */
  @Column('timestamptz', { name: 'created_at' })
  createdAt: string;

  @Column('text', { name: 'signatories', array: true })
  signatories: string[];

  @Column('text', { name: 'observers', array: true })
  observers: string[];

  /** `parties` ids of the signatories and observers, in name order (party filters; never printed). */
  @Column('integer', { name: 'stakeholders', array: true })
  stakeholders: number[];

  @Column('bigint', { name: 'created_update_row_id' })
  createdUpdateRowId: string;

  @Column('integer', { name: 'created_node_id' })
  createdNodeId: number;

  @Column('bigint', { name: 'created_offset', nullable: true })
  createdOffset: string | null;

  @Column('timestamptz', { name: 'created_record_time' })
  createdRecordTime: string;

  @Column('bigint', { name: 'archived_update_row_id', nullable: true })
  archivedUpdateRowId: string | null;

  @Column('integer', { name: 'archived_node_id', nullable: true })
  archivedNodeId: number | null;

  @Column('bigint', { name: 'archived_offset', nullable: true })
  archivedOffset: string | null;

  @Column('timestamptz', { name: 'archived_record_time', nullable: true })
  archivedRecordTime: string | null;

  /** `synchronizers.id` of the synchronizer the contract is assigned to now (the source while in flight). */
  @Column('smallint', { name: 'synchronizer' })
  synchronizer: number;

  /** Unassigned from one synchronizer and not yet assigned to another. */
  @Column('boolean', { name: 'in_flight', default: false })
  inFlight: boolean;

  @Column('bigint', { name: 'reassignment_counter', default: 0 })
  reassignmentCounter: string;
}
