// bench:scan's figures for the event list and the backwards walk: the whole event history paged
// through POST /v0/events (1,000 per page) against the one statement the service runs, paged
// directly through `pg`; and every synchronizer of the newest migration walked backwards through
// POST /v0/backfilling/updates-before (1,000 per call) against its statement (which writes the
// whole body: read as bytes on both sides). Neither side decodes a page's JSON (both parse only the
// last item, for the cursor).
import { EventHistoryRepository, IMPORT_RECORD_TIME, UpdateHistoryRepository } from '@canton-scan/domain';
import { pageItems, postBytes, timed } from './bench-http';

const PAGE = 1000;

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface WalkFigures {
  items: number;
  httpMs: number;
  pgMs: number;
}

interface EventItem {
  update?: { record_time: string; migration_id?: number; event?: { migration_id: number } } | null;
  verdict?: { record_time: string; migration_id: number } | null;
}

export async function benchEventList(base: string, q: Query): Promise<WalkFigures> {
  const [httpCount, httpMs] = await timed(async () => {
    let n = 0;
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    for (;;) {
      const body = await postBytes(`${base}/v0/events`, { page_size: PAGE, ...(after ? { after } : {}) });
      const { count, last } = pageItems<EventItem>(body, '{"update":');
      if (last === undefined) return n;
      n += count;
      const u = last.update ?? undefined;
      after = u
        ? { after_migration_id: u.migration_id ?? u.event!.migration_id, after_record_time: u.record_time }
        : { after_migration_id: last.verdict!.migration_id, after_record_time: last.verdict!.record_time };
    }
  });
  const [pgCount, pgMs] = await timed(async () => {
    let n = 0;
    let after: [number, string] = [0, IMPORT_RECORD_TIME];
    for (;;) {
      // The one statement the service runs: updates and verdicts merged, each event's rows contiguous.
      const rows = await q<{ key_migration_id: string; key_record_time: string; row_id: string | null }>(
        EventHistoryRepository.PAGE.text,
        [after[0], after[1], PAGE, IMPORT_RECORD_TIME, false],
      );
      if (rows.length === 0) return n;
      let previous = '';
      for (const r of rows) {
        const key = `${r.key_migration_id}|${r.key_record_time}|${r.row_id}`;
        if (key !== previous) n++;
        previous = key;
      }
      const last = rows[rows.length - 1];
      after = [Number(last.key_migration_id), JSON.parse(last.key_record_time) as string];
    }
  });
  if (httpCount !== pgCount)
    throw new Error(`event list disagrees: ${httpCount} over HTTP, ${pgCount} through pg`);
  return { items: httpCount, httpMs, pgMs };
}

/** Runs a statement returning one text value and gives its bytes (runTextBytes on bench:scan's client). */
type Bytes = (sql: string, params: unknown[]) => Promise<Buffer>;

export async function benchUpdatesBefore(base: string, q: Query, bytes: Bytes): Promise<WalkFigures> {
  const [migration] = await q<{ id: number }>('SELECT max(migration_id)::int AS id FROM updates');
  const synchronizers = (
    await q<{ s: string }>(
      'SELECT DISTINCT d.synchronizer AS s FROM updates u JOIN synchronizers d ON d.id = u.synchronizer WHERE u.migration_id = $1 AND NOT u.is_import',
      [migration.id],
    )
  ).map((r) => r.s);
  const FAR = '9999-12-31T23:59:59.999999Z';
  const [httpCount, httpMs] = await timed(async () => {
    let n = 0;
    for (const synchronizer_id of synchronizers) {
      let before = FAR;
      for (;;) {
        const body = await postBytes(`${base}/v0/backfilling/updates-before`, {
          migration_id: migration.id,
          synchronizer_id,
          before,
          count: PAGE,
        });
        const { count, last } = pageItems<{ record_time: string }>(body, '{"update_id":');
        if (last === undefined) break;
        n += count;
        before = last.record_time;
      }
    }
    return n;
  });
  const [pgCount, pgMs] = await timed(async () => {
    let n = 0;
    for (const synchronizer of synchronizers) {
      let before = FAR;
      for (;;) {
        // The endpoint's own statement, read as it does: the body's bytes from a binary COPY.
        const body = await bytes(UpdateHistoryRepository.BEFORE_PAGE_BODY, [
          migration.id,
          synchronizer,
          before,
          '0001-01-01T00:00:00.000001Z',
          PAGE,
        ]);
        const { count, last } = pageItems<{ record_time: string }>(body, '{"update_id":');
        if (last === undefined) break;
        n += count;
        before = last.record_time;
      }
    }
    return n;
  });
  if (httpCount !== pgCount)
    throw new Error(`updates-before disagrees: ${httpCount} over HTTP, ${pgCount} through pg`);
  return { items: httpCount, httpMs, pgMs };
}
