import type { scanApi } from '@canton-scan/contracts';
import { toCompact } from '../../daml-value/compact';
import type { CompactRecord, CompactValue, DamlValue } from '../../daml-value/daml-value.types';
import { encodeScanOffset } from '../../history/scan-offset';
import type { UpdateEventRow } from './update-history.repository';

/** How Daml values (create arguments, choice arguments, exercise results) are encoded. */
export type PayloadEncoding = 'lossless' | 'compact';
export type ScanPayload = DamlValue | CompactValue;
/** A Daml record (create arguments): a lossless value or a compact JSON object. */
export type ScanRecordPayload = DamlValue | CompactRecord;

// The UpdateHistoryItem of the scan spec (docs/offsets-and-ids.md); payloads in the chosen encoding.
export type ScanCreatedEvent = scanApi.CreatedEvent;
export type ScanExercisedEvent = scanApi.ExercisedEvent;
export type ScanTreeEvent = scanApi.TreeEvent;
export type ScanTransaction = scanApi.UpdateHistoryTransaction;
export type ScanAssignment = scanApi.UpdateHistoryAssignment;
export type ScanUnassignment = scanApi.UpdateHistoryUnassignment;
export type ScanReassignment = scanApi.UpdateHistoryReassignment;
export type ScanUpdateItem = scanApi.UpdateHistoryItem;

/** Event ids are `<update_id>:<node_id>` (docs/offsets-and-ids.md "Event ids"). */
export const eventIdOf = (updateId: string, nodeId: number | string): string => `${updateId}:${nodeId}`;

/** Scan offset of a stored ledger offset: import updates (no ledger offset) are at offset 0, `""`. */
export const scanOffsetOf = (ledgerOffset: string | null): string =>
  ledgerOffset === null ? '' : encodeScanOffset(BigInt(ledgerOffset));

function payload(value: DamlValue, encoding: PayloadEncoding): ScanPayload {
  return encoding === 'lossless' ? value : toCompact(value);
}

function recordPayload(value: DamlValue, encoding: PayloadEncoding): ScanRecordPayload {
  // Create arguments are records, whose compact form is an object.
  return encoding === 'lossless' ? value : (toCompact(value) as CompactRecord);
}

function createdEvent(updateId: string, r: UpdateEventRow, encoding: PayloadEncoding): ScanCreatedEvent {
  return {
    event_type: 'created_event',
    event_id: eventIdOf(updateId, r.node_id!),
    contract_id: r.contract_id!,
    template_id: r.template_id!,
    package_name: r.package_name!,
    create_arguments: recordPayload(r.create_arguments!, encoding),
    created_at: r.created_at!,
    signatories: r.signatories!,
    observers: r.observers!,
  };
}

function exercisedEvent(updateId: string, r: UpdateEventRow, encoding: PayloadEncoding): ScanExercisedEvent {
  const event: ScanExercisedEvent = {
    event_type: 'exercised_event',
    event_id: eventIdOf(updateId, r.node_id!),
    contract_id: r.contract_id!,
    template_id: r.template_id!,
    package_name: r.package_name!,
    choice: r.choice!,
    choice_argument: recordPayload(r.choice_argument!, encoding),
    child_event_ids: (r.child_node_ids ?? []).map((n) => eventIdOf(updateId, n)),
    exercise_result: payload(r.exercise_result!, encoding),
    consuming: r.consuming!,
    acting_parties: r.acting_parties!,
  };
  if (r.interface_id !== null) event.interface_id = r.interface_id;
  return event;
}

/** Rebuilds one UpdateHistoryItem from its rows (all of the same update, in node order). */
export function toScanUpdate(rows: readonly UpdateEventRow[], encoding: PayloadEncoding): ScanUpdateItem {
  const u = rows[0];
  const offset = scanOffsetOf(u.ledger_offset);
  switch (u.kind) {
    case 'transaction': {
      const events: Record<string, ScanTreeEvent> = {};
      for (const r of rows) {
        if (r.node_id === null) continue;
        const event =
          r.event_type === 'created'
            ? createdEvent(u.update_id, r, encoding)
            : exercisedEvent(u.update_id, r, encoding);
        events[event.event_id] = event;
      }
      const tx: ScanTransaction = {
        update_id: u.update_id,
        migration_id: Number(u.migration_id),
        workflow_id: u.workflow_id,
        record_time: u.record_time,
        synchronizer_id: u.synchronizer_id,
        effective_at: u.effective_at!,
        offset,
        root_event_ids: (u.root_node_ids ?? []).map((n) => eventIdOf(u.update_id, n)),
        events_by_id: events,
      };
      if (u.external_transaction_hash !== null) tx.external_transaction_hash = u.external_transaction_hash;
      return tx;
    }
    case 'assignment': {
      const created = rows.find((r) => r.node_id === 0);
      if (!created) throw new Error(`assignment ${u.update_id} has no created event stored`);
      return {
        update_id: u.update_id,
        offset,
        record_time: u.record_time,
        event: {
          submitter: u.submitter!,
          source_synchronizer: u.source_synchronizer!,
          target_synchronizer: u.target_synchronizer!,
          migration_id: Number(u.migration_id),
          unassign_id: u.unassign_id!,
          created_event: createdEvent(u.update_id, created, encoding),
          reassignment_counter: Number(u.reassignment_counter),
        },
      };
    }
    case 'unassignment':
      return {
        update_id: u.update_id,
        offset,
        record_time: u.record_time,
        event: {
          submitter: u.submitter!,
          source_synchronizer: u.source_synchronizer!,
          migration_id: Number(u.migration_id),
          target_synchronizer: u.target_synchronizer!,
          unassign_id: u.unassign_id!,
          reassignment_counter: Number(u.reassignment_counter),
          contract_id: u.reassigned_contract_id!,
        },
      };
  }
}

/** Groups rows of several updates (each update's rows contiguous) into items, in row order. */
export function toScanUpdates(rows: readonly UpdateEventRow[], encoding: PayloadEncoding): ScanUpdateItem[] {
  const items: ScanUpdateItem[] = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i].row_id !== rows[start].row_id) {
      items.push(toScanUpdate(rows.slice(start, i), encoding));
      start = i;
    }
  }
  return items;
}

export type ScanListItem = scanApi.UpdateHistoryItemV2;

/**
 * The list form of an item (`POST /v2/updates`): a transaction loses `offset` and has its events
 * keyed in lexicographic order of their ids (docs/offsets-and-ids.md "Update list"); a
 * reassignment is unchanged.
 */
export function toListItem(item: ScanUpdateItem): ScanListItem {
  if (!('events_by_id' in item)) return item;
  const events: Record<string, ScanTreeEvent> = {};
  for (const id of Object.keys(item.events_by_id).sort()) events[id] = item.events_by_id[id];
  const listed: scanApi.UpdateHistoryTransactionV2 = {
    update_id: item.update_id,
    migration_id: item.migration_id,
    workflow_id: item.workflow_id,
    record_time: item.record_time,
    synchronizer_id: item.synchronizer_id,
    effective_at: item.effective_at,
    root_event_ids: item.root_event_ids,
    events_by_id: events,
  };
  if (item.external_transaction_hash !== undefined)
    listed.external_transaction_hash = item.external_transaction_hash;
  return listed;
}
