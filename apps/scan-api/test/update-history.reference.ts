/**
 * Test-only reference: the update-tree reads of `GET /v0|v2/updates/{id}` and `POST /v2/updates`
 * exactly as they were before the response text was built by PostgreSQL (issue 12 item 2) —
 * the old statements (rows of `updates` joined with `events`) and the old rows → objects mapper,
 * copied verbatim but for the event and update fields a Splice scan writes its own way (issue 27:
 * `created_at` with the fewest digits, `effective_at` as `Instant.toString`, `interface_id: null`).
 * `scan-updates-serialisation.e2e-spec.ts` compares every response of the app
 * with `JSON.stringify` of what this gives (what Nest sent before), byte for byte.
 */
import type { scanApi } from '@canton-scan/contracts';
import {
  encodeScanOffset,
  IMPORT_RECORD_TIME,
  itemTexts,
  synchronizerIdOf,
  synchronizerNameOf,
  updateTreeColumns,
  updateTreeStatement,
  type UpdateTreeRow,
  fewestDigitsText,
  instantText,
  timestampMicrosOf,
  toCompact,
  type CompactValue,
  type Db,
  type DamlValue,
} from '@canton-scan/domain';

export type PayloadEncoding = 'lossless' | 'compact';
type CompactRecord = { [key: string]: CompactValue };
type ScanPayload = DamlValue | CompactValue;
type ScanRecordPayload = DamlValue | CompactRecord;
type ScanCreatedEvent = scanApi.CreatedEvent;
type ScanExercisedEvent = scanApi.ExercisedEvent;
type ScanTreeEvent = scanApi.TreeEvent;
type ScanTransaction = scanApi.UpdateHistoryTransaction;
type ScanUpdateItem = scanApi.UpdateHistoryItem;
type ScanListItem = scanApi.UpdateHistoryItemV2;

interface UpdateEventRow {
  row_id: string;
  update_id: string;
  migration_id: string;
  kind: 'transaction' | 'assignment' | 'unassignment';
  record_time: string;
  effective_at: string | null;
  synchronizer_id: string;
  workflow_id: string;
  ledger_offset: string | null;
  external_transaction_hash: string | null;
  root_node_ids: number[] | null;
  submitter: string | null;
  source_synchronizer: string | null;
  target_synchronizer: string | null;
  unassign_id: string | null;
  reassignment_counter: string | null;
  reassigned_contract_id: string | null;
  node_id: number | null;
  event_type: 'created' | 'exercised' | null;
  contract_id: string | null;
  template_id: string | null;
  package_name: string | null;
  create_arguments: DamlValue | null;
  created_at: string | null;
  signatories: string[] | null;
  observers: string[] | null;
  choice: string | null;
  choice_argument: DamlValue | null;
  exercise_result: DamlValue | null;
  consuming: boolean | null;
  acting_parties: string[] | null;
  interface_id: string | null;
  child_node_ids: number[] | null;
}

const UPDATE_COLUMNS = `u.row_id, u.update_id, u.migration_id, u.kind, u.record_time, u.effective_at, ${synchronizerNameOf('u.synchronizer')} AS synchronizer_id, u.workflow_id,
  u.ledger_offset, u.external_transaction_hash, u.root_node_ids, u.submitter, u.source_synchronizer, u.target_synchronizer,
  u.unassign_id, u.reassignment_counter, u.reassigned_contract_id`;
// The events' template ids and package names are held in the templates dictionary (tp).
const EVENT_COLUMNS = `e.node_id, e.event_type, e.contract_id, tp.package_id || ':' || tp.module_name || ':' || tp.entity_name AS template_id,
  tp.package_name, e.create_arguments, e.created_at,
  e.signatories, e.observers, e.choice, e.choice_argument, e.exercise_result, e.consuming, e.acting_parties, e.interface_id,
  e.child_node_ids`;

const BY_ID = `SELECT ${UPDATE_COLUMNS}, ${EVENT_COLUMNS}
      FROM updates u LEFT JOIN events e ON e.update_row_id = u.row_id
      LEFT JOIN templates tp ON tp.id = e.template_ref
     WHERE u.update_id = $1
     ORDER BY e.node_id`;

const LIST_PAGE = `WITH RECURSIVE ms(id) AS (
        SELECT min(migration_id) FROM updates WHERE migration_id >= $1
        UNION ALL
        SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL),
      page AS MATERIALIZED (
        SELECT p.row_id, p.migration_id, p.record_time
          FROM ms CROSS JOIN LATERAL (
            SELECT u.row_id, u.migration_id, u.record_time FROM updates u
             WHERE u.migration_id = ms.id
               AND u.record_time > CASE WHEN ms.id = $1 THEN GREATEST($2::timestamptz, $4::timestamptz) ELSE $4::timestamptz END
               AND NOT u.is_import
             ORDER BY u.record_time LIMIT $3) p
         WHERE ms.id IS NOT NULL
         ORDER BY p.migration_id, p.record_time LIMIT $3)
      SELECT ${UPDATE_COLUMNS}, ${EVENT_COLUMNS}
        FROM page p JOIN updates u ON u.row_id = p.row_id LEFT JOIN events e ON e.update_row_id = u.row_id
      LEFT JOIN templates tp ON tp.id = e.template_ref
       ORDER BY p.migration_id, p.record_time, e.node_id`;

const eventIdOf = (updateId: string, nodeId: number | string): string => `${updateId}:${nodeId}`;

const scanOffsetOf = (ledgerOffset: string | null): string =>
  ledgerOffset === null ? '' : encodeScanOffset(BigInt(ledgerOffset));

function payload(value: DamlValue, encoding: PayloadEncoding): ScanPayload {
  return encoding === 'lossless' ? value : toCompact(value);
}

function recordPayload(value: DamlValue, encoding: PayloadEncoding): ScanRecordPayload {
  // Create arguments are records, whose compact form is an object.
  return encoding === 'lossless' ? value : (toCompact(value) as CompactRecord);
}

/** `effective_at` as a Splice scan writes it: Java `Instant.toString`. */
const instant = (iso: string): string => instantText(timestampMicrosOf(iso)!);

function createdEvent(updateId: string, r: UpdateEventRow, encoding: PayloadEncoding): ScanCreatedEvent {
  return {
    event_type: 'created_event',
    event_id: eventIdOf(updateId, r.node_id!),
    contract_id: r.contract_id!,
    template_id: r.template_id!,
    package_name: r.package_name!,
    create_arguments: recordPayload(r.create_arguments!, encoding),
    created_at: fewestDigitsText(r.created_at!),
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
    interface_id: r.interface_id,
  };
  return event;
}

/** Rebuilds one UpdateHistoryItem from its rows (all of the same update, in node order). */
function toScanUpdate(rows: readonly UpdateEventRow[], encoding: PayloadEncoding): ScanUpdateItem {
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
        effective_at: instant(u.effective_at!),
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
function toScanUpdates(rows: readonly UpdateEventRow[], encoding: PayloadEncoding): ScanUpdateItem[] {
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

/**
 * The list form of an item (`POST /v2/updates`): a transaction loses `offset` and has its events
 * keyed in lexicographic order of their ids (docs/offsets-and-ids.md "Update list"); a
 * reassignment is unchanged.
 */
function toListItem(item: ScanUpdateItem): ScanListItem {
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

/** What `GET /v0|v2/updates/{id}` answered before; undefined for an unknown id. */
export async function referenceUpdate(
  db: Db,
  updateId: string,
  encoding: PayloadEncoding,
): Promise<ScanUpdateItem | undefined> {
  const rows = await db.query<UpdateEventRow>(BY_ID, [updateId]);
  return rows.length === 0 ? undefined : toScanUpdate(rows, encoding);
}

/** What a page of `POST /v2/updates` answered before (`after` already floored to the import time). */
export async function referenceListPage(
  db: Db,
  after: { migrationId: number; recordTime: string } | undefined,
  limit: number,
  encoding: PayloadEncoding,
): Promise<scanApi.UpdateHistoryResponseV2> {
  const rows = await db.query<UpdateEventRow>(LIST_PAGE, [
    after?.migrationId ?? 0,
    after?.recordTime ?? IMPORT_RECORD_TIME,
    limit,
    IMPORT_RECORD_TIME,
  ]);
  return { transactions: toScanUpdates(rows, encoding).map(toListItem) };
}

/**
 * The previous statement of `updates-before` (rows of the page's updates and events, each with the
 * JSON text PostgreSQL wrote for it) and the mapper's items in the v1 form: its body before
 * PostgreSQL wrote the whole of it (UpdateHistoryRepository.BEFORE_PAGE_BODY).
 */
const BEFORE_PAGE_ROWS = `WITH page AS MATERIALIZED (
    SELECT u.row_id, u.record_time FROM updates u
     WHERE u.migration_id = $1 AND u.synchronizer = ${synchronizerIdOf('$2::text')}
       AND u.record_time < $3::timestamptz AND u.record_time >= $4::timestamptz AND NOT u.is_import
     ORDER BY u.record_time DESC, u.row_id DESC LIMIT $5)
  ${updateTreeStatement('true', `${updateTreeColumns('true')} FROM page p JOIN updates u ON u.row_id = p.row_id AND u.migration_id = $1`, '', 'p.record_time DESC, u.row_id DESC, e.node_id')}`;

/** What `POST /v0/backfilling/updates-before` answered before (`before`, `atOrAfter` already rounded up). */
export async function referenceUpdatesBefore(
  db: Db,
  migrationId: number,
  synchronizerId: string,
  before: string,
  atOrAfter: string,
  limit: number,
): Promise<string> {
  const rows = await db.query<UpdateTreeRow>(BEFORE_PAGE_ROWS, [
    migrationId,
    synchronizerId,
    before,
    atOrAfter,
    limit,
  ]);
  return `{"transactions":[${itemTexts(rows, 'v1')
    .map((i) => i.text)
    .join(',')}]}`;
}
