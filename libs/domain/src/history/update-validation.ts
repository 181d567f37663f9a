import { canonicalTimestamp } from '../database/timestamps';
import { assertDamlValue } from '../daml-value/daml-value.validation';
import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { decodeScanOffset } from './scan-offset';
import {
  IMPORT_RECORD_TIME,
  isAssignment,
  isTransaction,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
} from './update-history.types';

const TEMPLATE_ID = /^[^:\s]+:[A-Za-z_][\w.]*:[A-Za-z_][\w]*$/;
const IMPORT_MICROS_TIME = canonicalTimestamp(IMPORT_RECORD_TIME);

/** A tree node with its node id and position, checked. */
export interface ParsedNode {
  nodeId: number;
  event: HistoryCreatedEvent | HistoryExercisedEvent;
  childNodeIds: number[];
  lastDescendantNodeId: number;
}

export interface ParsedTransaction {
  kind: 'transaction';
  update: HistoryTransaction;
  migrationId: number;
  isImport: boolean;
  recordTime: string;
  effectiveAt: string;
  /** Null for import updates and for compact-only ones (v2 items carry no offset). */
  ledgerOffset: bigint | null;
  /** Loaded from compact-only history: payloads are compact JSON, kept as given. */
  compactOnly: boolean;
  rootNodeIds: number[];
  /** Pre-order. */
  nodes: ParsedNode[];
}

export interface ParsedReassignment {
  kind: 'assignment' | 'unassignment';
  update: HistoryUpdate;
  migrationId: number;
  recordTime: string;
  ledgerOffset: bigint;
  compactOnly: false;
}

export type ParsedUpdate = ParsedTransaction | ParsedReassignment;

/**
 * How the payloads of an update are encoded: `lossless` (the proto3 JSON of the Ledger API
 * `Value`, validated) or `compact` (compact-only history: Splice's compact JSON, which cannot be
 * checked against types it does not carry, so only its shape is; docs/compact-only.md).
 */
export type PayloadEncoding = 'lossless' | 'compact';

export function rejectUpdate(updateId: string, message: string): DomainError {
  return new DomainError(DomainErrorCode.InconsistentHistory, `update ${updateId}: ${message}`, { updateId });
}

function need(cond: unknown, updateId: string, message: string): asserts cond {
  if (!cond) throw rejectUpdate(updateId, message);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function stringField(
  o: Record<string, unknown>,
  field: string,
  updateId: string,
  where: string,
  allowEmpty = false,
): string {
  const v = o[field];
  need(
    typeof v === 'string' && (allowEmpty || v !== ''),
    updateId,
    `${where}.${field} must be a ${allowEmpty ? '' : 'non-empty '}string`,
  );
  return v;
}

function partyList(o: Record<string, unknown>, field: string, updateId: string, where: string): string[] {
  const v = o[field];
  need(
    Array.isArray(v) && v.every((p) => typeof p === 'string' && p.includes('::')),
    updateId,
    `${where}.${field} must be a list of party ids`,
  );
  return v as string[];
}

function timestampField(o: Record<string, unknown>, field: string, updateId: string, where: string): string {
  const raw = stringField(o, field, updateId, where);
  const canonical = canonicalTimestamp(raw);
  need(canonical !== undefined, updateId, `${where}.${field} must be an ISO-8601 timestamp, got "${raw}"`);
  return canonical;
}

function intField(o: Record<string, unknown>, field: string, updateId: string, where: string): number {
  const v = o[field];
  need(
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
    updateId,
    `${where}.${field} must be a non-negative integer`,
  );
  return v;
}

function nodeIdOf(eventId: string, updateId: string): number {
  const sep = eventId.lastIndexOf(':');
  const suffix = eventId.slice(sep + 1);
  need(sep > 0 && /^\d+$/.test(suffix), updateId, `event id "${eventId}" must be <update_id>:<node_id>`);
  return Number(suffix);
}

function checkCreated(
  e: Record<string, unknown>,
  updateId: string,
  where: string,
  encoding: PayloadEncoding,
): void {
  stringField(e, 'contract_id', updateId, where);
  const templateId = stringField(e, 'template_id', updateId, where);
  need(
    TEMPLATE_ID.test(templateId),
    updateId,
    `${where}.template_id must be PACKAGE:MODULE:ENTITY, got "${templateId}"`,
  );
  stringField(e, 'package_name', updateId, where);
  timestampField(e, 'created_at', updateId, where);
  partyList(e, 'signatories', updateId, where);
  partyList(e, 'observers', updateId, where);
  need((e.signatories as string[]).length > 0, updateId, `${where}.signatories must not be empty`);
  if (encoding === 'compact') {
    // A compact record is an object keyed by field label.
    need(isObject(e.create_arguments), updateId, `${where}.create_arguments must be a JSON object`);
  } else checkLosslessArguments(e, updateId, where);
  need(
    e.created_event_blob === undefined || typeof e.created_event_blob === 'string',
    updateId,
    `${where}.created_event_blob must be a string`,
  );
}

function checkLosslessArguments(e: Record<string, unknown>, updateId: string, where: string): void {
  try {
    assertDamlValue(e.create_arguments, `${where}.create_arguments`);
  } catch (error) {
    throw rejectUpdate(updateId, (error as Error).message);
  }
  need(
    isObject(e.create_arguments) && 'record' in e.create_arguments,
    updateId,
    `${where}.create_arguments must be a record value`,
  );
}

function checkExercised(
  e: Record<string, unknown>,
  updateId: string,
  where: string,
  encoding: PayloadEncoding,
): void {
  stringField(e, 'contract_id', updateId, where);
  const templateId = stringField(e, 'template_id', updateId, where);
  need(
    TEMPLATE_ID.test(templateId),
    updateId,
    `${where}.template_id must be PACKAGE:MODULE:ENTITY, got "${templateId}"`,
  );
  stringField(e, 'package_name', updateId, where);
  stringField(e, 'choice', updateId, where);
  need(typeof e.consuming === 'boolean', updateId, `${where}.consuming must be a boolean`);
  partyList(e, 'acting_parties', updateId, where);
  need(
    Array.isArray(e.child_event_ids) && e.child_event_ids.every((c) => typeof c === 'string'),
    updateId,
    `${where}.child_event_ids must be a list of event ids`,
  );
  need(
    e.interface_id === undefined || e.interface_id === null || typeof e.interface_id === 'string',
    updateId,
    `${where}.interface_id must be a string or null`,
  );
  if (encoding === 'compact') {
    // Any JSON value (an Optional None is null), but present.
    need(e.choice_argument !== undefined, updateId, `${where}.choice_argument is missing`);
    need(e.exercise_result !== undefined, updateId, `${where}.exercise_result is missing`);
    return;
  }
  try {
    assertDamlValue(e.choice_argument, `${where}.choice_argument`);
    assertDamlValue(e.exercise_result, `${where}.exercise_result`);
  } catch (error) {
    throw rejectUpdate(updateId, (error as Error).message);
  }
}

/**
 * Checks one update's shape and tree, and returns it with offsets, times and node ids parsed.
 * A compact-only update (`encoding` compact) needs no `offset` (v2 items have none) and records
 * none: its `offset`, when given, is not kept (v1 lists hard-code it to 1), import updates are
 * told by their record time, and reassignments are not accepted (their offset is their place in
 * the ledger, which a compact-only store does not serve; docs/compact-only.md).
 */
export function parseUpdate(
  raw: unknown,
  index: number,
  encoding: PayloadEncoding = 'lossless',
): ParsedUpdate {
  const fallbackId = `#${index}`;
  if (!isObject(raw)) throw rejectUpdate(fallbackId, 'must be a JSON object');
  const updateId = typeof raw.update_id === 'string' && raw.update_id !== '' ? raw.update_id : undefined;
  need(updateId, fallbackId, 'update_id must be a non-empty string');
  const recordTime = timestampField(raw, 'record_time', updateId, 'update');
  if (encoding === 'compact') {
    need(
      raw.offset === undefined || typeof raw.offset === 'string',
      updateId,
      'offset must be a string when given',
    );
    need(
      isTransaction(raw as unknown as HistoryUpdate),
      updateId,
      'reassignments cannot be loaded from compact-only history (only transactions)',
    );
    return parseTransaction(raw, updateId, recordTime, null, 'compact');
  }
  need(typeof raw.offset === 'string', updateId, 'offset must be a string');
  let offset: bigint;
  try {
    offset = decodeScanOffset(raw.offset);
  } catch (error) {
    throw rejectUpdate(updateId, (error as Error).message);
  }
  const update = raw as unknown as HistoryUpdate;
  if (isTransaction(update)) return parseTransaction(raw, updateId, recordTime, offset, 'lossless');
  return parseReassignment(raw, updateId, recordTime, offset);
}

function parseTransaction(
  tx: Record<string, unknown>,
  updateId: string,
  recordTime: string,
  /** Null: compact-only (no offset recorded). */
  offset: bigint | null,
  encoding: PayloadEncoding,
): ParsedTransaction {
  const migrationId = intField(tx, 'migration_id', updateId, 'update');
  stringField(tx, 'synchronizer_id', updateId, 'update');
  need(typeof tx.workflow_id === 'string', updateId, 'workflow_id must be a string (empty when unset)');
  need(
    tx.command_id === undefined || typeof tx.command_id === 'string',
    updateId,
    'command_id must be a string',
  );
  need(
    tx.external_transaction_hash === undefined || typeof tx.external_transaction_hash === 'string',
    updateId,
    'external_transaction_hash must be a string',
  );
  const effectiveAt = timestampField(tx, 'effective_at', updateId, 'update');
  const isImport = recordTime === IMPORT_MICROS_TIME;
  need(
    offset === null || isImport === (offset === 0n),
    updateId,
    isImport ? 'import updates must have offset ""' : 'offset "" is only for import updates',
  );
  need(isObject(tx.events_by_id), updateId, 'events_by_id must be an object');
  need(
    Array.isArray(tx.root_event_ids) && tx.root_event_ids.length > 0,
    updateId,
    'root_event_ids must be a non-empty list',
  );
  const { nodes, rootNodeIds } = parseTree(tx.events_by_id, tx.root_event_ids, updateId, encoding);
  if (isImport) {
    need(
      nodes.every((n) => n.event.event_type === 'created_event'),
      updateId,
      'import updates may only create contracts',
    );
  }
  return {
    kind: 'transaction',
    update: tx as unknown as HistoryTransaction,
    migrationId,
    isImport,
    recordTime,
    effectiveAt,
    ledgerOffset: isImport ? null : offset,
    compactOnly: encoding === 'compact',
    rootNodeIds,
    nodes,
  };
}

/** The event tree of a transaction, checked, as nodes in pre-order. */
function parseTree(
  events: Record<string, unknown>,
  rootEventIds: unknown[],
  updateId: string,
  encoding: PayloadEncoding,
): { nodes: ParsedNode[]; rootNodeIds: number[] } {
  const nodes: ParsedNode[] = [];
  const visited = new Set<string>();
  // Pre-order walk from the roots; node ids must count 0, 1, 2, ... in that order.
  const walk = (eventId: unknown, where: string): ParsedNode => {
    need(typeof eventId === 'string', updateId, `${where} must be an event id`);
    const e = events[eventId];
    need(isObject(e), updateId, `${where} "${eventId}" is not a key of events_by_id`);
    need(!visited.has(eventId), updateId, `event ${eventId} appears twice in the tree`);
    visited.add(eventId);
    need(e.event_id === eventId, updateId, `events_by_id["${eventId}"].event_id must equal its key`);
    need(eventId.startsWith(`${updateId}:`), updateId, `event id "${eventId}" must start with the update id`);
    const nodeId = nodeIdOf(eventId, updateId);
    need(
      nodeId === nodes.length,
      updateId,
      `event ${eventId}: node ids must count from 0 in pre-order (expected ${nodes.length})`,
    );
    const node: ParsedNode = {
      nodeId,
      event: e as unknown as ParsedNode['event'],
      childNodeIds: [],
      lastDescendantNodeId: nodeId,
    };
    nodes.push(node);
    const path = `events_by_id["${eventId}"]`;
    if (e.event_type === 'created_event') {
      checkCreated(e, updateId, path, encoding);
    } else if (e.event_type === 'exercised_event') {
      checkExercised(e, updateId, path, encoding);
      for (const child of e.child_event_ids as string[]) {
        const c = walk(child, `${path}.child_event_ids`);
        node.childNodeIds.push(c.nodeId);
        node.lastDescendantNodeId = Math.max(node.lastDescendantNodeId, c.lastDescendantNodeId);
      }
    } else {
      throw rejectUpdate(updateId, `${path}.event_type must be created_event or exercised_event`);
    }
    return node;
  };
  const rootNodeIds = rootEventIds.map((id, i) => walk(id, `root_event_ids[${i}]`).nodeId);
  need(
    visited.size === Object.keys(events).length,
    updateId,
    'events_by_id holds events not reachable from root_event_ids',
  );
  return { nodes, rootNodeIds };
}

function parseReassignment(
  raw: Record<string, unknown>,
  updateId: string,
  recordTime: string,
  offset: bigint,
): ParsedReassignment {
  const update = raw as unknown as HistoryUpdate;
  need(isObject(raw.event), updateId, 'must have events_by_id (transaction) or event (reassignment)');
  need(offset > 0n, updateId, 'reassignments must have an offset');
  const event = raw.event;
  for (const f of ['submitter', 'source_synchronizer', 'target_synchronizer', 'unassign_id'])
    stringField(event, f, updateId, 'event');
  const migrationId = intField(event, 'migration_id', updateId, 'event');
  intField(event, 'reassignment_counter', updateId, 'event');
  if (isAssignment(raw.event as never)) {
    need(
      isObject(event.created_event) && event.created_event.event_type === 'created_event',
      updateId,
      'event.created_event must be a created event',
    );
    checkCreated(event.created_event, updateId, 'event.created_event', 'lossless');
    return { kind: 'assignment', update, migrationId, recordTime, ledgerOffset: offset, compactOnly: false };
  }
  stringField(event, 'contract_id', updateId, 'event');
  return { kind: 'unassignment', update, migrationId, recordTime, ledgerOffset: offset, compactOnly: false };
}
