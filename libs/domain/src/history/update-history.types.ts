import type { DamlValue } from '../daml-value/daml-value.types';

/**
 * The history file / write-path form of an update: the scan UpdateHistoryItem (docs/offsets-and-ids.md)
 * with payloads in the lossless typed encoding. One JSON object per line in a history file.
 *
 * A transaction has `events_by_id` and `root_event_ids`; a reassignment has `event`.
 */
export type HistoryUpdate = HistoryTransaction | HistoryReassignment;

export interface HistoryTransaction {
  update_id: string;
  migration_id: number;
  workflow_id: string;
  /** Microsecond ISO-8601 UTC (`2026-01-05T10:00:00.123456Z`); import updates use `0001-01-01T00:00:00Z`. */
  record_time: string;
  synchronizer_id: string;
  effective_at: string;
  /** Scan offset encoding: "" for import updates, else 18 hex digits (docs/offsets-and-ids.md "Scan offsets"). */
  offset: string;
  root_event_ids: string[];
  events_by_id: Record<string, HistoryTreeEvent>;
  external_transaction_hash?: string;
  /** Not part of the scan item; carried by history files so the ledger API can answer with it. */
  command_id?: string;
}

export type HistoryTreeEvent = HistoryCreatedEvent | HistoryExercisedEvent;

export interface HistoryCreatedEvent {
  event_type: 'created_event';
  event_id: string;
  contract_id: string;
  /** `<package_id>:<Module.Path>:<Entity>` */
  template_id: string;
  package_name: string;
  /** Lossless record value (`{ record: { fields: [...] } }`). */
  create_arguments: DamlValue;
  created_at: string;
  signatories: string[];
  observers: string[];
  /** Serialized created event; derived by the write path when absent. */
  created_event_blob?: string;
}

export interface HistoryExercisedEvent {
  event_type: 'exercised_event';
  event_id: string;
  contract_id: string;
  template_id: string;
  package_name: string;
  choice: string;
  choice_argument: DamlValue;
  child_event_ids: string[];
  exercise_result: DamlValue;
  consuming: boolean;
  acting_parties: string[];
  interface_id?: string;
}

export interface HistoryReassignment {
  update_id: string;
  offset: string;
  record_time: string;
  event: HistoryAssignment | HistoryUnassignment;
}

export interface HistoryAssignment {
  submitter: string;
  source_synchronizer: string;
  target_synchronizer: string;
  migration_id: number;
  unassign_id: string;
  created_event: HistoryCreatedEvent;
  reassignment_counter: number;
}

export interface HistoryUnassignment {
  submitter: string;
  source_synchronizer: string;
  migration_id: number;
  target_synchronizer: string;
  unassign_id: string;
  reassignment_counter: number;
  contract_id: string;
}

export const IMPORT_RECORD_TIME = '0001-01-01T00:00:00Z';

export function isTransaction(update: HistoryUpdate): update is HistoryTransaction {
  return 'events_by_id' in update;
}

export function isAssignment(event: HistoryAssignment | HistoryUnassignment): event is HistoryAssignment {
  return 'created_event' in event;
}
