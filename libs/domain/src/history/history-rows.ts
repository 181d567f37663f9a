import type { CompactRecord, DamlValue } from '../daml-value/daml-value.types';
import type { UpdateKind } from './update.entity';

/*
 * The rows of the history tables, column for column (snake_case, as written and as `pg`
 * returns them): bigint ids and offsets as decimal strings, timestamps as canonical ISO-8601
 * microsecond strings, json(b) parsed. Readers select subsets of them (`Pick<>` of `Stored<>`).
 */

/** Columns of type bigint that the writer fills with numbers: `pg` reads them back as decimal strings. */
type Int8Column = 'migration_id' | 'reassignment_counter';
/** Columns the writer fills with JSON text: `pg` reads them back parsed. */
type JsonTextColumn = 'create_arguments' | 'choice_argument' | 'exercise_result';

type ReadBack<T, K> = K extends Int8Column
  ? T extends number
    ? string
    : T
  : K extends JsonTextColumn
    ? T extends string
      ? DamlValue
      : T
    : T;

/** A history row as a `SELECT` returns it (bigint columns as strings, JSON text parsed). */
export type Stored<R> = { [K in keyof R]: ReadBack<R[K], K> };

/** The columns of an outer-joined row: every one of them may be null. */
export type OuterJoined<R> = { [K in keyof R]: R[K] | null };

/** A row of `updates`: one ledger update (transaction or reassignment). */
export interface HistoryUpdateRow {
  /** Reserved by the writer before the row is written, so later rows can refer to it. */
  row_id: string;
  update_id: string;
  migration_id: number;
  kind: UpdateKind;
  is_import: boolean;
  record_time: string;
  /** Transactions only. */
  effective_at: string | null;
  /** Its synchronizer (the target of an assignment, the source of an unassignment); stored as `synchronizer`. */
  synchronizer_id: string;
  /** `synchronizers.id` of `synchronizer_id`: the stored `synchronizer` (set by `assignSynchronizerIds`). */
  synchronizer: number;
  workflow_id: string;
  command_id: string;
  /** Null for import updates. */
  ledger_offset: string | null;
  external_transaction_hash: string | null;
  /** Transactions only. */
  root_node_ids: number[] | null;
  /** Reassignments only, from here to `reassigned_contract_id`. */
  submitter: string | null;
  source_synchronizer: string | null;
  target_synchronizer: string | null;
  unassign_id: string | null;
  reassignment_counter: number | null;
  reassigned_contract_id: string | null;
  /** SHA-256 of the update's canonical JSON: re-appending identical content is a no-op. */
  content_hash: string;
  /** Loaded from compact-only history: its events' payloads are compact JSON as given. */
  compact_only: boolean;
}

/** A row of `events`: a node of a transaction tree, or the created event of an assignment (node 0). */
export interface HistoryEventRow {
  /** `updates.row_id` of the update the event belongs to. */
  update_row_id: string;
  /** The update's migration (the partition key). */
  migration_id: number;
  node_id: number;
  event_type: 'created' | 'exercised';
  contract_id: string;
  /** Stored as `template_ref`, with `package_name`. */
  template_id: string;
  package_name: string;
  /** `templates.id` of `template_id` and `package_name`: the stored `template_ref` (set by `assignTemplateIds`). */
  template_ref: number;
  /** JSON text of the lossless arguments as received (created event blobs are derived from it). */
  create_arguments: string | null;
  created_at: string | null;
  signatories: string[] | null;
  observers: string[] | null;
  choice: string | null;
  /** JSON text of the lossless value as supplied (its key order); written before the batch is, so the parsed update need not live that long. */
  choice_argument: string | null;
  /** As `choice_argument`. */
  exercise_result: string | null;
  consuming: boolean | null;
  acting_parties: string[] | null;
  interface_id: string | null;
  child_node_ids: number[] | null;
  last_descendant_node_id: number;
  /** Null when equal to `stakeholders`. */
  witnesses: string[] | null;
  /** Sorted names; stored as `stakeholder_ids`. */
  stakeholders: string[];
  /** `parties` ids of `stakeholders`, in their order: the stored `stakeholders` (set by `assignPartyIds`). */
  stakeholder_ids: readonly number[];
  /** `parties` ids of the acting parties not among the stakeholders, null when none (set by `assignPartyIds`). */
  other_party_ids: readonly number[] | null;
}

/** A row of `contracts`: a contract of a migration from its creation (or first assignment) on. */
export interface HistoryContractRow {
  /** Reserved by the writer in creation order, so derived rows can refer to it. */
  row_id: string;
  migration_id: number;
  contract_id: string;
  template_id: string;
  package_id: string;
  package_name: string;
  module_name: string;
  entity_name: string;
  payload_compact: CompactRecord;
  /** Only a supplied blob is stored; readers derive the others from the created event when derivable. */
  created_event_blob: string | null;
  /** False for mirrored history: a blob not stored must come from a peer (docs/current-contracts.md "Created event blobs"). */
  created_event_blob_derivable: boolean;
  created_at: string;
  signatories: string[];
  observers: string[];
  /** Sorted names of the signatories and observers; stored as `stakeholder_ids`. */
  stakeholders: string[];
  /** `parties` ids of `stakeholders`, in their order: the stored `stakeholders` (set by `assignPartyIds`). */
  stakeholder_ids: readonly number[];
  /** `updates.row_id` of the creating update. */
  created_update_row_id: string;
  created_node_id: number;
  created_offset: string | null;
  created_record_time: string;
  /** `updates.row_id` of the archiving update; the `archived_*` columns are null while active. */
  archived_update_row_id: string | null;
  archived_node_id: number | null;
  archived_offset: string | null;
  archived_record_time: string | null;
  /** The synchronizer it is assigned to (the source while in flight); stored as `synchronizer`. */
  synchronizer_id: string;
  /** `synchronizers.id` of `synchronizer_id`: the stored `synchronizer` (set by `assignSynchronizerIds`). */
  synchronizer: number;
  /** Unassigned and not yet assigned. */
  in_flight: boolean;
  reassignment_counter: number;
}

/** The columns of an update every reader shows: identity, time, place, and the reassignment fields. */
export type UpdateHeaderColumn =
  | 'row_id'
  | 'update_id'
  | 'migration_id'
  | 'kind'
  | 'record_time'
  | 'effective_at'
  | 'synchronizer_id'
  | 'workflow_id'
  | 'external_transaction_hash'
  | 'root_node_ids'
  | 'submitter'
  | 'source_synchronizer'
  | 'target_synchronizer'
  | 'unassign_id'
  | 'reassignment_counter'
  | 'reassigned_contract_id';

/** The columns of an event every reader shows (payloads lossless, as stored). */
export type EventTreeColumn =
  | 'node_id'
  | 'event_type'
  | 'contract_id'
  | 'template_id'
  | 'package_name'
  | 'create_arguments'
  | 'created_at'
  | 'signatories'
  | 'observers'
  | 'choice'
  | 'choice_argument'
  | 'exercise_result'
  | 'consuming'
  | 'acting_parties'
  | 'interface_id'
  | 'child_node_ids';
