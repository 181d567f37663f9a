import { canonicalJson, type HistoryVerdictItem } from '@canton-scan/domain';
import { itemOffsets, migrationOf, type ServedItem } from './convert';

/** A served `/v0/events` item: an update (list form) and/or a verdict, with what comes with the verdict. */
export interface ServedEvent {
  update?: ServedItem | null;
  verdict?:
    (Record<string, unknown> & { update_id?: unknown; migration_id?: unknown; record_time?: unknown }) | null;
  traffic_summary?: unknown;
  app_activity_records?: unknown;
}

/** The peers' events and their updates do not line up: nothing of the page is written. */
export class EventsMismatchError extends Error {}

/** The migration of an event: its update's, else its verdict's. */
export function eventMigrationOf(event: ServedEvent): number {
  if (event.update) return migrationOf(event.update);
  return Number(event.verdict?.migration_id);
}

/** The record time of an event: its update's, else its verdict's (as served). */
export function eventRecordTimeOf(event: ServedEvent): string {
  return String(event.update ? event.update.record_time : event.verdict?.record_time);
}

/**
 * What peers must agree on of an event: its verdict, traffic summary and app activity records
 * (absent and null alike, as the writer takes them), and of its update only the id and record
 * time: the update itself is the history agreed on through `POST /v2/updates`.
 */
export function verdictKey(event: ServedEvent): string {
  return canonicalJson({
    update: event.update
      ? { update_id: event.update.update_id, record_time: event.update.record_time }
      : null,
    verdict: event.verdict ?? null,
    traffic_summary: event.traffic_summary ?? null,
    app_activity_records: event.app_activity_records ?? null,
  });
}

/** The events' updates' own offsets, in order (page-bytes.ts). */
export function eventOffsets(events: readonly ServedEvent[]): string[] {
  return itemOffsets(events.flatMap((event) => (event.update ? [event.update] : [])));
}

/** The write-path form of an event's verdict (docs/events.md "Stored"): the event without `update`. */
export function verdictItemOf(event: ServedEvent): HistoryVerdictItem {
  const item: Record<string, unknown> = { verdict: event.verdict };
  if (event.traffic_summary !== undefined && event.traffic_summary !== null)
    item.traffic_summary = event.traffic_summary;
  if (event.app_activity_records !== undefined && event.app_activity_records !== null)
    item.app_activity_records = event.app_activity_records;
  return item as unknown as HistoryVerdictItem;
}

/** How far a run of events covers a page of updates (see `coverUpdates`). */
export interface EventsCover {
  /** How many of the updates, from the first, the events cover. */
  covered: number;
  /** The verdict items of the events consumed, in order: those of the covered transactions and verdicts alone. */
  verdicts: HistoryVerdictItem[];
  /** How many of the events were consumed; the rest come after the covered updates. */
  consumed: number;
}

/**
 * Walks `events` (one migration's, in order) against `updates` (the same migration's next
 * updates, in order): each event with an update must bring the next update of the page (same
 * update id; its verdict, if any, is on that update), and covers it; an event with a verdict
 * alone (a transaction no party of the node sees) lies before the next update and is taken. The
 * walk stops at the first event that brings an update past the page, or when the events run
 * out (then only a prefix of the updates is covered). EventsMismatchError when an event brings
 * another update than the page's next one, or a verdict on another update than its own.
 */
export function coverUpdates(
  updates: readonly Record<string, unknown>[],
  events: readonly ServedEvent[],
): EventsCover {
  const verdicts: HistoryVerdictItem[] = [];
  let covered = 0;
  let consumed = 0;
  for (const event of events) {
    if (event.update) {
      if (covered === updates.length) break;
      const expected = String(updates[covered].update_id);
      const id = String(event.update.update_id);
      if (id !== expected)
        throw new EventsMismatchError(
          `the peers' events list update ${id} where their update list has ${expected} next`,
        );
      if (event.verdict && String(event.verdict.update_id) !== id)
        throw new EventsMismatchError(
          `the peers' event of update ${id} carries the verdict of update ${String(event.verdict.update_id)}`,
        );
      covered++;
    } else if (!event.verdict) {
      throw new EventsMismatchError('the peers list an event with neither an update nor a verdict');
    }
    if (event.verdict) verdicts.push(verdictItemOf(event));
    consumed++;
  }
  return { covered, verdicts, consumed };
}
