import type { ledgerApi } from '@canton-scan/contracts';
import {
  assertDamlValue,
  encodeScanOffset,
  fromCompact,
  lookupSpliceTemplate,
  type DamlValue,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryReassignment,
  type HistoryTransaction,
  type HistoryTreeEvent,
  type HistoryUpdate,
  V,
} from '@canton-scan/domain';

/**
 * The inverse of the ledger projection (libs/domain/src/ledger/ledger-projection.ts): a
 * participant's update, read in the ledger-effects shape for any party with created-event blobs,
 * as a write-path `HistoryUpdate`. What the ledger form does not carry:
 *
 * - the migration id: the caller's (`--migration-id`, default 0) for every update;
 * - the exercised events' `child_event_ids`: rebuilt from `nodeId` / `lastDescendantNodeId`
 *   (node ids count in pre-order, so a node's subtree is the ids up to its last descendant);
 * - the lossless value encoding: values come in the compact JSON encoding. Create arguments of a
 *   known Splice template are rebuilt through its Daml type (`fromCompact`); any other value is
 *   typed by its look (`inferDamlValue`), which gives the same compact form back but may name a
 *   text that looks like a party, number or time by that kind.
 */
export class LedgerConvertError extends Error {}

/** Offsets of the ledger API are int64 numbers; the store keeps them in the scan offset encoding. */
export function storeOffset(ledgerOffset: number): string {
  if (!Number.isSafeInteger(ledgerOffset) || ledgerOffset <= 0)
    throw new LedgerConvertError(`ledger offset ${ledgerOffset} is not a positive integer`);
  return encodeScanOffset(BigInt(ledgerOffset));
}

const PARTY = /^[A-Za-z0-9:\-_ ]{1,200}::1220[0-9a-f]{64}$/;
const CONTRACT_ID = /^00(?:[0-9a-f]{2}){32,}$/;
const NUMERIC = /^-?\d+\.\d+$/;
const INT64 = /^-?\d{1,19}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function scalarOf(text: string): DamlValue {
  const guess: DamlValue = PARTY.test(text)
    ? { party: text }
    : CONTRACT_ID.test(text)
      ? { contractId: text }
      : NUMERIC.test(text)
        ? { numeric: text }
        : INT64.test(text)
          ? { int64: text }
          : TIMESTAMP.test(text)
            ? { timestamp: text }
            : { text };
  if ('text' in guess) return guess;
  try {
    if ('timestamp' in guess) return V.timestamp(text);
    assertDamlValue(guess, '$');
    return guess;
  } catch {
    return { text };
  }
}

/**
 * A lossless value for a compact one whose Daml type is unknown, such that `toCompact` gives the
 * compact value back: objects are records (`{tag, value}` a variant, keys that are no Daml identifier a text map), arrays lists, `null` a
 * `None`, strings a scalar by their look. `{}` is `emptyObject` (a unit result, or a record with
 * no fields where a record is required).
 */
export function inferDamlValue(compact: unknown, emptyObject: 'record' | 'unit' = 'unit'): DamlValue {
  if (typeof compact === 'string') return scalarOf(compact);
  if (typeof compact === 'boolean') return { bool: compact };
  if (compact === null) return V.none();
  if (Array.isArray(compact)) return V.list(compact.map((item) => inferDamlValue(item)));
  if (typeof compact !== 'object')
    throw new LedgerConvertError(`not a compact Daml value: ${JSON.stringify(compact)}`);
  const entries = Object.entries(compact as Record<string, unknown>);
  if (entries.length === 0) return emptyObject === 'unit' ? V.unit() : V.record({});
  const { tag, value } = compact as { tag?: unknown; value?: unknown };
  if (entries.length === 2 && typeof tag === 'string' && IDENTIFIER.test(tag) && value !== undefined)
    return V.variant(tag, inferDamlValue(value));
  // Record labels are Daml identifiers; other keys make a text map (e.g. choice context values).
  if (entries.some(([key]) => !IDENTIFIER.test(key)))
    return V.textMap(entries.map(([key, v]) => [key, inferDamlValue(v)] as const));
  return V.recordOf(entries.map(([label, v]) => [label, inferDamlValue(v)] as const));
}

/** Create arguments: through the template's Daml type when it is a known Splice template. */
export function createArgumentsOf(templateId: string, compact: unknown): DamlValue {
  const template = lookupSpliceTemplate(templateId);
  if (template) {
    try {
      return fromCompact(template.payloadType, compact, template.entityName);
    } catch {
      // Another version of the template than ours: fall back to the untyped reading.
    }
  }
  return inferDamlValue(compact ?? {}, 'record');
}

function createdEventOf(e: ledgerApi.CreatedEvent, eventId: string): HistoryCreatedEvent {
  const event: HistoryCreatedEvent = {
    event_type: 'created_event',
    event_id: eventId,
    contract_id: e.contractId,
    template_id: e.templateId,
    package_name: e.packageName,
    create_arguments: createArgumentsOf(e.templateId, e.createArgument),
    created_at: e.createdAt,
    signatories: e.signatories,
    observers: e.observers,
  };
  // "" means the participant has no blob to give: left out, as in history that carries none.
  if (e.createdEventBlob) event.created_event_blob = e.createdEventBlob;
  return event;
}

function exercisedEventOf(
  e: ledgerApi.ExercisedEvent,
  eventId: string,
  childEventIds: string[],
): HistoryExercisedEvent {
  const event: HistoryExercisedEvent = {
    event_type: 'exercised_event',
    event_id: eventId,
    contract_id: e.contractId,
    template_id: e.templateId,
    package_name: e.packageName,
    choice: e.choice,
    choice_argument: inferDamlValue(e.choiceArgument ?? {}, 'record'),
    child_event_ids: childEventIds,
    exercise_result: inferDamlValue(e.exerciseResult ?? {}),
    consuming: e.consuming,
    acting_parties: e.actingParties,
  };
  if (e.interfaceId !== undefined) event.interface_id = e.interfaceId;
  return event;
}

type TreeEvent = { created: ledgerApi.CreatedEvent } | { exercised: ledgerApi.ExercisedEvent };

const nodeOf = (e: TreeEvent) => ('created' in e ? e.created.nodeId : e.exercised.nodeId);

/**
 * The event forest of a transaction from its events' node ids: a node's children are the nodes
 * inside its subtree (up to its `lastDescendantNodeId`) not inside a nearer one. Returns the
 * roots and children as indexes into `events` (sorted by node id), in pre-order.
 */
export function eventForest(events: TreeEvent[]): { roots: number[]; children: number[][] } {
  const roots: number[] = [];
  const children: number[][] = events.map(() => []);
  const open: { index: number; last: number }[] = [];
  events.forEach((e, index) => {
    const node = nodeOf(e);
    if (index > 0 && node <= nodeOf(events[index - 1]))
      throw new LedgerConvertError(`node id ${node} appears twice or out of order`);
    while (open.length > 0 && open[open.length - 1].last < node) open.pop();
    if (open.length > 0) children[open[open.length - 1].index].push(index);
    else roots.push(index);
    if ('exercised' in e) open.push({ index, last: e.exercised.lastDescendantNodeId });
  });
  return { roots, children };
}

/**
 * A transaction as a history transaction. Node ids are kept when they count 0, 1, 2, ... as the
 * store requires; a participant that shows only part of a transaction (its parties' projection)
 * leaves gaps, and the visible nodes are then renumbered in pre-order.
 */
export function transactionOf(tx: ledgerApi.Transaction, migrationId: number): HistoryTransaction {
  const events: TreeEvent[] = tx.events.map((item) => {
    if ('CreatedEvent' in item) return { created: item.CreatedEvent };
    if ('ExercisedEvent' in item) return { exercised: item.ExercisedEvent };
    throw new LedgerConvertError(
      `update ${tx.updateId} holds an archived event: the feed needs the ledger-effects shape`,
    );
  });
  events.sort((a, b) => nodeOf(a) - nodeOf(b));
  if (events.length === 0) throw new LedgerConvertError(`transaction ${tx.updateId} shows no event`);
  const { roots, children } = eventForest(events);
  const order: number[] = [];
  const visit = (index: number) => (order.push(index), children[index].forEach(visit));
  roots.forEach(visit);
  const dense = order.every((index, position) => nodeOf(events[index]) === position);
  const eventIds = new Map(
    order.map((index, position) => [index, `${tx.updateId}:${dense ? nodeOf(events[index]) : position}`]),
  );
  const eventsById: Record<string, HistoryTreeEvent> = {};
  for (const index of order) {
    const e = events[index];
    const id = eventIds.get(index)!;
    eventsById[id] =
      'created' in e
        ? createdEventOf(e.created, id)
        : exercisedEventOf(
            e.exercised,
            id,
            children[index].map((c) => eventIds.get(c)!),
          );
  }
  const out: HistoryTransaction = {
    update_id: tx.updateId,
    migration_id: migrationId,
    workflow_id: tx.workflowId,
    record_time: tx.recordTime,
    synchronizer_id: tx.synchronizerId,
    effective_at: tx.effectiveAt,
    offset: storeOffset(tx.offset),
    root_event_ids: roots.map((index) => eventIds.get(index)!),
    events_by_id: eventsById,
    command_id: tx.commandId,
  };
  if (tx.externalTransactionHash !== undefined) out.external_transaction_hash = tx.externalTransactionHash;
  return out;
}

/** A reassignment of one contract as a history reassignment (the store holds one event per update). */
export function reassignmentOf(r: ledgerApi.Reassignment, migrationId: number): HistoryReassignment {
  if (r.events.length !== 1)
    throw new LedgerConvertError(
      `reassignment ${r.updateId} moves ${r.events.length} contracts; the store holds one per update`,
    );
  const [item] = r.events;
  const base = { update_id: r.updateId, offset: storeOffset(r.offset), record_time: r.recordTime };
  if ('JsAssignmentEvent' in item) {
    const e = item.JsAssignmentEvent;
    return {
      ...base,
      event: {
        submitter: e.submitter,
        source_synchronizer: e.source,
        target_synchronizer: e.target,
        migration_id: migrationId,
        unassign_id: e.reassignmentId,
        created_event: createdEventOf(e.createdEvent, `${r.updateId}:${e.createdEvent.nodeId}`),
        reassignment_counter: e.reassignmentCounter,
      },
    };
  }
  const e = item.JsUnassignedEvent;
  return {
    ...base,
    event: {
      submitter: e.submitter,
      source_synchronizer: e.source,
      migration_id: migrationId,
      target_synchronizer: e.target,
      unassign_id: e.reassignmentId,
      reassignment_counter: e.reassignmentCounter,
      contract_id: e.contractId,
    },
  };
}

/** The offset an item of the update stream stands at (checkpoints included). */
export function offsetOfItem(item: ledgerApi.GetUpdatesResponse): number {
  const u = item.update;
  if ('Transaction' in u) return u.Transaction.value.offset;
  if ('Reassignment' in u) return u.Reassignment.value.offset;
  if ('OffsetCheckpoint' in u) return u.OffsetCheckpoint.value.offset;
  return u.TopologyTransaction.value.offset;
}

/**
 * The history update of one stream item; undefined for what the store does not record
 * (offset checkpoints, topology transactions).
 */
export function historyUpdateOf(
  item: ledgerApi.GetUpdatesResponse,
  migrationId: number,
): HistoryUpdate | undefined {
  const u = item.update;
  if ('Transaction' in u) return transactionOf(u.Transaction.value, migrationId);
  if ('Reassignment' in u) return reassignmentOf(u.Reassignment.value, migrationId);
  return undefined;
}
