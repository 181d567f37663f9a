import { toCompact } from '../daml-value/compact';
import type { CompactRecord } from '../daml-value/daml-value.types';
import type { HistoryContractRow, HistoryEventRow, HistoryUpdateRow } from './history-rows';
import type {
  HistoryAssignment,
  HistoryCreatedEvent,
  HistoryExercisedEvent,
  HistoryUnassignment,
} from './update-history.types';
import type { ParsedNode, ParsedTransaction, ParsedUpdate } from './update-validation';

/*
 * Rows are built before their row ids are reserved (a rejected batch reserves none), in their
 * final shape (no copy per row once the ids are known): the columns holding row ids are left
 * empty (`PENDING_ROW_ID`), drafts remember the updates they refer to by update id, and the
 * batch fills the ids in once they are reserved.
 */

/** A row id column not filled in yet. */
export const PENDING_ROW_ID = '';

/** A synchronizer id not assigned yet (`assignSynchronizerIds` replaces it; never written: ids start at 1). */
export const SYNCHRONIZER_ID_PENDING = 0;

/** Party ids not assigned yet (`assignPartyIds` replaces it; never written). */
export const PARTY_IDS_PENDING: readonly number[] = Object.freeze([]);

/** A template id not assigned yet (`assignTemplateIds` replaces it; never written: ids start at 1). */
export const TEMPLATE_REF_PENDING = 0;

export type UpdateDraft = HistoryUpdateRow;

export type EventDraft = HistoryEventRow;

export type ContractDraft = HistoryContractRow & {
  created_update_id: string;
  archived_update_id: string | null;
};

/** Equal sorted party lists. */
export function sameParties(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

/** The sorted parties of all lists, each once. */
export function union(...lists: string[][]): string[] {
  const all: string[] = [];
  for (const list of lists) for (const party of list) all.push(party);
  all.sort();
  let unique = 0;
  for (const party of all) if (unique === 0 || party !== all[unique - 1]) all[unique++] = party;
  all.length = unique;
  return all;
}

export function offsetText(p: ParsedUpdate): string | null {
  return p.ledgerOffset === null ? null : p.ledgerOffset.toString();
}

/**
 * The update row of `p` with the columns any kind of update has, the others empty: the
 * `...UpdateRow` functions fill them in (one object, of one shape, per update).
 */
export function updateBase(p: ParsedUpdate, contentHash: string): UpdateDraft {
  return {
    row_id: PENDING_ROW_ID,
    update_id: p.update.update_id,
    migration_id: p.migrationId,
    kind: 'transaction',
    is_import: false,
    record_time: p.recordTime,
    effective_at: null,
    synchronizer_id: '',
    synchronizer: SYNCHRONIZER_ID_PENDING,
    workflow_id: '',
    command_id: '',
    ledger_offset: offsetText(p),
    external_transaction_hash: null,
    root_node_ids: null,
    submitter: null,
    source_synchronizer: null,
    target_synchronizer: null,
    unassign_id: null,
    reassignment_counter: null,
    reassigned_contract_id: null,
    content_hash: contentHash,
    compact_only: p.compactOnly,
  };
}

export function transactionUpdateRow(row: UpdateDraft, p: ParsedTransaction): UpdateDraft {
  const tx = p.update;
  row.kind = 'transaction';
  row.is_import = p.isImport;
  row.effective_at = p.effectiveAt;
  row.synchronizer_id = tx.synchronizer_id;
  row.workflow_id = tx.workflow_id;
  row.command_id = tx.command_id ?? '';
  row.external_transaction_hash = tx.external_transaction_hash ?? null;
  row.root_node_ids = p.rootNodeIds;
  return row;
}

/** An update row of a reassignment; it happens on the target synchronizer, an unassignment on the source. */
export function reassignmentUpdateRow(
  row: UpdateDraft,
  event: HistoryAssignment | HistoryUnassignment,
  kind: 'assignment' | 'unassignment',
  contractId: string,
): UpdateDraft {
  row.kind = kind;
  row.synchronizer_id = kind === 'assignment' ? event.target_synchronizer : event.source_synchronizer;
  row.submitter = event.submitter;
  row.source_synchronizer = event.source_synchronizer;
  row.target_synchronizer = event.target_synchronizer;
  row.unassign_id = event.unassign_id;
  row.reassignment_counter = event.reassignment_counter;
  row.reassigned_contract_id = contractId;
  return row;
}

/**
 * A created event: a node of a transaction, or node 0 of an assignment (`childNodeIds` null).
 * `argumentsText` is the JSON text of its create arguments as received, when known already.
 */
export function createdEventRow(
  migrationId: number,
  nodeId: number,
  lastDescendantNodeId: number,
  e: HistoryCreatedEvent,
  stakeholders: string[],
  argumentsText: string | undefined,
): EventDraft {
  return {
    update_row_id: PENDING_ROW_ID,
    migration_id: migrationId,
    node_id: nodeId,
    event_type: 'created',
    contract_id: e.contract_id,
    template_id: e.template_id,
    package_name: e.package_name,
    template_ref: TEMPLATE_REF_PENDING,
    create_arguments: argumentsText ?? JSON.stringify(e.create_arguments),
    created_at: e.created_at,
    signatories: sortedParties(e.signatories),
    observers: sortedParties(e.observers),
    choice: null,
    choice_argument: null,
    exercise_result: null,
    consuming: null,
    acting_parties: null,
    interface_id: null,
    child_node_ids: null,
    last_descendant_node_id: lastDescendantNodeId,
    witnesses: null,
    stakeholders,
    stakeholder_ids: PARTY_IDS_PENDING,
    other_party_ids: null,
  };
}

/** An exercised event; `contract` is the exercised contract as known (if at all). */
export function exercisedEventRow(
  migrationId: number,
  node: ParsedNode,
  e: HistoryExercisedEvent,
  contract: { signatories: string[]; stakeholders: string[] } | undefined,
): EventDraft {
  const stakeholders = contract?.stakeholders ?? [];
  // Informees: a consuming exercise is seen by all stakeholders, a non-consuming one by
  // the signatories; the actors always see their exercise.
  const witnesses = union(e.consuming ? stakeholders : (contract?.signatories ?? []), e.acting_parties);
  const nodeStakeholders = stakeholders.length ? stakeholders : union(e.acting_parties);
  return {
    update_row_id: PENDING_ROW_ID,
    migration_id: migrationId,
    node_id: node.nodeId,
    event_type: 'exercised',
    contract_id: e.contract_id,
    template_id: e.template_id,
    package_name: e.package_name,
    template_ref: TEMPLATE_REF_PENDING,
    create_arguments: null,
    created_at: null,
    signatories: null,
    observers: null,
    choice: e.choice,
    choice_argument: JSON.stringify(e.choice_argument),
    exercise_result: JSON.stringify(e.exercise_result),
    consuming: e.consuming,
    acting_parties: e.acting_parties,
    interface_id: e.interface_id ?? null,
    child_node_ids: node.childNodeIds,
    last_descendant_node_id: node.lastDescendantNodeId,
    witnesses: sameParties(witnesses, nodeStakeholders) ? null : witnesses,
    stakeholders: nodeStakeholders,
    stakeholder_ids: PARTY_IDS_PENDING,
    other_party_ids: null,
  };
}

/** The row of a contract created (or first assigned) by `p`, active. */
export function contractRow(
  p: ParsedUpdate,
  e: HistoryCreatedEvent,
  nodeId: number,
  synchronizerId: string,
  counter: number,
): ContractDraft {
  const [packageId, moduleName, entityName] = e.template_id.split(':');
  return {
    row_id: PENDING_ROW_ID,
    migration_id: p.migrationId,
    contract_id: e.contract_id,
    template_id: e.template_id,
    package_id: packageId,
    package_name: e.package_name,
    module_name: moduleName,
    entity_name: entityName,
    // Create arguments are a record, so their compact form is an object; compact-only history
    // gives it as is.
    payload_compact: p.compactOnly
      ? (e.create_arguments as unknown as CompactRecord)
      : (toCompact(e.create_arguments) as CompactRecord),
    created_event_blob: e.created_event_blob ?? null,
    created_event_blob_derivable: true,
    created_at: e.created_at,
    signatories: sortedParties(e.signatories),
    observers: sortedParties(e.observers),
    stakeholders: union(e.signatories, e.observers),
    stakeholder_ids: PARTY_IDS_PENDING,
    created_update_id: p.update.update_id,
    created_update_row_id: PENDING_ROW_ID,
    created_node_id: nodeId,
    created_offset: offsetText(p),
    created_record_time: p.recordTime,
    archived_update_id: null,
    archived_update_row_id: null,
    archived_node_id: null,
    archived_offset: null,
    archived_record_time: null,
    synchronizer_id: synchronizerId,
    synchronizer: SYNCHRONIZER_ID_PENDING,
    in_flight: false,
    reassignment_counter: counter,
  };
}

/**
 * Signatories and observers are kept sorted (as Splice's scan serves them; the ledger does not
 * give them in a meaningful order). Sorted by UTF-16 code units, as Java sorts strings.
 */
function sortedParties(parties: readonly string[]): string[] {
  return [...parties].sort();
}

/** Fills in a contract draft's row ids, once reserved (`updateRowIds`: by update id). */
export function resolveContractRowIds(
  draft: ContractDraft,
  rowId: string,
  updateRowIds: ReadonlyMap<string, string>,
): HistoryContractRow {
  draft.row_id = rowId;
  draft.created_update_row_id = updateRowIds.get(draft.created_update_id)!;
  if (draft.archived_update_id !== null)
    draft.archived_update_row_id = updateRowIds.get(draft.archived_update_id)!;
  return draft;
}
