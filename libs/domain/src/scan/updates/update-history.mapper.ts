import type { scanApi } from '@canton-scan/contracts';
import { toCompact } from '../../daml-value/compact';
import type { RowFold } from '../../database/fold-rows';
import { compactOnlyHistory } from '../../errors/domain-error';
import type { UpdateTreeRow } from './update-history.repository';

// The UpdateHistoryItem of the scan spec (docs/offsets-and-ids.md); payloads in the chosen encoding.
export type ScanUpdateItem = scanApi.UpdateHistoryItem;
export type ScanListItem = scanApi.UpdateHistoryItemV2;

/**
 * How an item is written: `item` as `GET /v2/updates/{id}` and backfilling return it (events in
 * node order, the update's own offset); `v2` as `POST /v2/updates` lists it (no `offset`, events
 * keyed in lexicographic order); `v1` as the deprecated `POST /v1/updates` lists it: the v2 item
 * with the `offset` upstream hard-codes to 1 for compatibility (docs/offsets-and-ids.md
 * "Update list").
 */
export type ItemForm = 'item' | 'v2' | 'v1';

/** The offset the v1 list gives every transaction: 1, as a scan offset. */
const V1_TRANSACTION_OFFSET = '"000000000000000001"';

/**
 * Items as JSON text from the rows PostgreSQL wrote (UpdateHistoryRepository): the text is
 * spliced, keys in the order of the spec's schemas (what `JSON.stringify` of the item objects
 * gave); only the compact payloads of exercised events are derived here (`toCompact`).
 */
function eventText(r: UpdateTreeRow): string {
  if (r.event !== null) return r.event;
  const second = r.second === null ? '' : JSON.stringify(toCompact(r.second));
  return `${r.pre}${JSON.stringify(toCompact(r.first!))}${r.mid}${second}${r.post}`;
}

/**
 * One item from its rows (all of the same update, in node order). The list form of an item
 * (`POST /v2/updates`, docs/offsets-and-ids.md "Update list"): a transaction has no `offset` and
 * its events keyed in lexicographic order of their ids; a reassignment is unchanged.
 */
function itemText(rows: readonly UpdateTreeRow[], form: ItemForm): string {
  const u = rows[0];
  const head = `{"update_id":${u.update_id}`;
  switch (u.kind) {
    case 'transaction': {
      const events: [string, string][] = [];
      for (const r of rows) if (r.event_id !== null) events.push([r.event_id, eventText(r)]);
      // Quoted ids sort as the ids do (the quote sorts below every character an id has).
      if (form !== 'item') events.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const byId = events.map(([id, text]) => `${id}:${text}`).join(',');
      // A compact-only transaction has no offset (v2 items carry none): the member is left out.
      const offset =
        form === 'item'
          ? u.scan_offset === null
            ? ''
            : `,"offset":${u.scan_offset}`
          : form === 'v1'
            ? `,"offset":${V1_TRANSACTION_OFFSET}`
            : '';
      const hash =
        u.external_transaction_hash === null
          ? ''
          : `,"external_transaction_hash":${u.external_transaction_hash}`;
      return `${head},"migration_id":${u.migration_id},${u.tx_fields}${offset},"root_event_ids":${u.root_event_ids},"events_by_id":{${byId}}${hash}}`;
    }
    case 'assignment': {
      const created = rows.find((r) => r.event_id !== null);
      if (!created) throw new Error(`assignment ${u.update_id} has no created event stored`);
      return `${head},"offset":${u.scan_offset},"record_time":${u.record_time},"event":${u.reassignment_fields}${eventText(created)},"reassignment_counter":${u.reassignment_counter}}}`;
    }
    case 'unassignment':
      return `${head},"offset":${u.scan_offset},"record_time":${u.record_time},"event":${u.reassignment_fields}}`;
  }
}

/** An item's text with the key the event list merges it on (`migration_id`, JSON-quoted `record_time`). */
export interface KeyedItemText {
  migrationId: string;
  recordTime: string;
  text: string;
}

/** The items of the rows of several updates (each update's rows contiguous), in row order. */
export function itemTexts(rows: readonly UpdateTreeRow[], form: ItemForm): KeyedItemText[] {
  const items: KeyedItemText[] = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i].row_id !== rows[start].row_id) {
      const first = rows[start];
      items.push({
        migrationId: String(first.migration_id),
        recordTime: first.record_time,
        text: itemText(rows.slice(start, i), form),
      });
      start = i;
    }
  }
  return items;
}

/** Items of the rows of several updates (each update's rows contiguous), in row order, comma-separated. */
export function itemsText(rows: readonly UpdateTreeRow[], form: ItemForm): string {
  return itemTexts(rows, form)
    .map((i) => i.text)
    .join(',');
}

/**
 * Folds rows of one or more groups, each group's rows contiguous, into one text per group as the
 * rows arrive (`Db.fold`): a group is written as soon as a row of the next one comes, so the texts
 * are made while PostgreSQL still writes the rest and only one group's rows are held at a time.
 * `sameGroup` tells whether a row continues the group of the one before; `prepare`, when given,
 * sees each row first (to refuse it by throwing, or to complete it in place); the texts are
 * joined with commas.
 */
export function groupedTextFold<T>(
  sameGroup: (a: T, b: T) => boolean,
  write: (rows: readonly T[]) => string,
  prepare?: (row: T) => void,
): RowFold<T, string> {
  return {
    start() {
      let text = '';
      let group: T[] = [];
      const flush = () => {
        if (group.length === 0) return;
        text += text.length === 0 ? write(group) : `,${write(group)}`;
        group = [];
      };
      return {
        step(row: T) {
          prepare?.(row);
          if (group.length > 0 && !sameGroup(group[0], row)) flush();
          group.push(row);
        },
        finish() {
          flush();
          return text;
        },
      };
    },
  };
}

/**
 * `itemsText` as a fold of rows as they arrive (`groupedTextFold`). Lossless: CompactOnlyHistory
 * at the first row of an update loaded compact-only (`requireLosslessRows`).
 */
export function itemsTextFold(form: ItemForm, lossless: boolean): RowFold<UpdateTreeRow, string> {
  return groupedTextFold<UpdateTreeRow>(
    (a, b) => a.row_id === b.row_id,
    (rows) => itemText(rows, form),
    lossless ? refuseCompactOnly : undefined,
  );
}

/** CompactOnlyHistory for a row of an update loaded compact-only (its payloads have no lossless form). */
export function refuseCompactOnly(row: { compact_only: boolean | null; update_id: string | null }): void {
  if (row.compact_only) throw compactOnlyHistory(JSON.parse(row.update_id!) as string);
}

/** The item of one update's rows (GET by id; `v1`: the deprecated v1 form). */
export function updateText(rows: readonly UpdateTreeRow[], form: ItemForm = 'item'): string {
  return itemText(rows, form);
}
