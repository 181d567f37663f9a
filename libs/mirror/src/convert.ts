import {
  encodeScanOffset,
  type HistoryReassignment,
  type HistoryTransaction,
  type HistoryTreeEvent,
  type HistoryUpdate,
} from '@canton-scan/domain';

/** A served update item (list, by-id or import form), payloads lossless. */
export type ServedItem = Record<string, unknown>;

/** The migration an item belongs to (a reassignment's is its event's). */
export function migrationOf(item: ServedItem): number {
  if ('events_by_id' in item) return Number(item.migration_id);
  return Number((item.event as { migration_id: number }).migration_id);
}

/**
 * The content peers must agree on: the item without `offset`, which is each node's own ledger
 * offset (docs/offsets-and-ids.md "Scan offsets") and so differs between honest peers.
 */
export function contentOf(item: ServedItem): ServedItem {
  const { offset: _offset, ...content } = item;
  return content;
}

/** The items' own offsets, in order (a transaction of the v2 list has none; a reassignment has one). */
export function itemOffsets(items: readonly ServedItem[]): string[] {
  const offsets: string[] = [];
  for (const item of items) if (item.offset !== undefined) offsets.push(String(item.offset));
  return offsets;
}

/**
 * Whether two served items have the same content (`contentOf`: `offset` aside), as their
 * canonical JSON would tell, without serialising either: field order does not count.
 */
export function sameContent(a: ServedItem, b: ServedItem): boolean {
  return sameJson(contentOf(a), contentOf(b));
}

/** Deep equality of parsed JSON values, objects compared by their members in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys)
    if (!Object.prototype.hasOwnProperty.call(y, k) || !sameJson(x[k], y[k])) return false;
  return true;
}

function nodeId(eventId: string): number {
  return Number(eventId.slice(eventId.lastIndexOf(':') + 1));
}

/**
 * The write-path form of a served item (HistoryUpdate): the mirror's own ledger offset (a node
 * numbers its ledger itself; import updates keep `""`), and a transaction's events in tree
 * order (node ids count in pre-order, docs/offsets-and-ids.md "Event ids") rather than the list
 * form's lexicographic order. `command_id` and `created_event_blob` are not served, so neither is
 * set (the mirror's writer never derives blobs; docs/current-contracts.md "Created event blobs").
 */
export function toHistoryUpdate(item: ServedItem, offset: bigint | null): HistoryUpdate {
  const scanOffset = offset === null ? '' : encodeScanOffset(offset);
  if (!('events_by_id' in item)) {
    return { ...(contentOf(item) as unknown as HistoryReassignment), offset: scanOffset };
  }
  const tx = contentOf(item) as unknown as HistoryTransaction;
  const events: Record<string, HistoryTreeEvent> = {};
  for (const id of Object.keys(tx.events_by_id).sort((a, b) => nodeId(a) - nodeId(b)))
    events[id] = tx.events_by_id[id];
  return {
    update_id: tx.update_id,
    migration_id: tx.migration_id,
    workflow_id: tx.workflow_id,
    record_time: tx.record_time,
    synchronizer_id: tx.synchronizer_id,
    effective_at: tx.effective_at,
    offset: scanOffset,
    root_event_ids: tx.root_event_ids,
    events_by_id: events,
    ...(tx.external_transaction_hash !== undefined
      ? { external_transaction_hash: tx.external_transaction_hash }
      : {}),
  };
}
