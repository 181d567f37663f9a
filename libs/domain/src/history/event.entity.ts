import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { DamlValue } from '../daml-value/daml-value.types';

export type EventKind = 'created' | 'exercised';

/**
 * One row per node of a transaction tree (and the created event of an assignment), with
 * every field of the scan node shapes plus what the ledger filters need. `update_row_id` is
 * `updates.row_id` (no foreign key: only the write path writes history, see LeanHistoryRows).
 */
@Entity({ name: 'events' })
@Check('ck_events_event_type', `"event_type" IN ('created', 'exercised')`)
// Explorer filters: GIN over the ids of the stakeholders and other acting parties (migration
// PartyIds), and the template's dictionary id with the update (declared in the migrations
// ExplorerIndexes, PartyIds and TemplateIds).
@Index('ix_events_parties', { synchronize: false })
@Index('ix_events_template_entity', { synchronize: false })
// Explorer filters by choice (partial, exercised events) and contract id (hash), in the migration
// ExplorerChoiceContractIndexes.
@Index('ix_events_choice', { synchronize: false })
@Index('ix_events_contract', { synchronize: false })
// Scan's amulet transaction log: the exercises it reads, in write order (partial, in the migration
// TransactionLogIndex).
@Index('ix_events_transaction_log', { synchronize: false })
export class EventEntity {
  @PrimaryColumn('bigint', { name: 'update_row_id', primaryKeyConstraintName: 'pk_events' })
  updateRowId: string;

  /** Node id within the transaction, pre-order from 0. */
  @PrimaryColumn('integer', { name: 'node_id', primaryKeyConstraintName: 'pk_events' })
  nodeId: number;

  /** The update's migration: the partition key (docs/scaling.md "Partitioned history"). */
  @PrimaryColumn('bigint', { name: 'migration_id', primaryKeyConstraintName: 'pk_events' })
  migrationId: string;

  @Column('text', { name: 'event_type' })
  eventType: EventKind;

  @Column('text', { name: 'contract_id' })
  contractId: string;

  /** `templates.id` of the event's template id and package name (migration TemplateIds). */
  @Column('integer', { name: 'template_ref' })
  templateRef: number;

  @Column('json', { name: 'create_arguments', nullable: true })
  createArguments: DamlValue | null;

  @Column('timestamptz', { name: 'created_at', nullable: true })
  createdAt: string | null;

  @Column('text', { name: 'signatories', array: true, nullable: true })
  signatories: string[] | null;

  @Column('text', { name: 'observers', array: true, nullable: true })
  observers: string[] | null;

  @Column('text', { name: 'choice', nullable: true })
  choice: string | null;

  @Column('json', { name: 'choice_argument', nullable: true })
  choiceArgument: DamlValue | null;

  @Column('json', { name: 'exercise_result', nullable: true })
  exerciseResult: DamlValue | null;

  @Column('boolean', { name: 'consuming', nullable: true })
  consuming: boolean | null;

  @Column('text', { name: 'acting_parties', array: true, nullable: true })
  actingParties: string[] | null;

  @Column('text', { name: 'interface_id', nullable: true })
  interfaceId: string | null;

  /** Immediate children, in order. */
  @Column('integer', { name: 'child_node_ids', array: true, nullable: true })
  childNodeIds: number[] | null;

  @Column('integer', { name: 'last_descendant_node_id' })
  lastDescendantNodeId: number;

  /** Parties that see this node (ledger-effects filters); null when they are the stakeholders. */
  @Column('text', { name: 'witnesses', array: true, nullable: true })
  witnesses: string[] | null;

  /** Stakeholders of the node's contract (flat transaction filters), as `parties` ids in name order. */
  @Column('integer', { name: 'stakeholders', array: true })
  stakeholders: number[];

  /** `parties` ids of the acting parties that are not stakeholders (party filters); null when none. */
  @Column('integer', { name: 'other_party_ids', array: true, nullable: true })
  otherPartyIds: number[] | null;
}
