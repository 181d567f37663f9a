// bench:scan's update-list figure: the whole history paged through POST /v2/updates (1,000 per
// page, compact values) against the same statement paged directly through `pg`. Neither side
// decodes the page's JSON (the HTTP side parses only the last item, for the cursor).
import { IMPORT_RECORD_TIME, UpdateHistoryRepository } from '@canton-scan/domain';
import { pageItems, postBytes, timed } from './bench-http';

const PAGE = 1000;

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

interface ListItem {
  update_id: string;
  record_time: string;
  migration_id?: number;
  event?: { migration_id: number };
}

export interface UpdateListFigures {
  updates: number;
  httpMs: number;
  pgMs: number;
}

export async function benchUpdateList(base: string, q: Query): Promise<UpdateListFigures> {
  const [httpCount, httpMs] = await timed(async () => {
    let n = 0;
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    for (;;) {
      const body = await postBytes(`${base}/v2/updates`, { page_size: PAGE, ...(after ? { after } : {}) });
      const { count, last } = pageItems<ListItem>(body, '{"update_id":');
      if (last === undefined) return n;
      n += count;
      after = {
        after_migration_id: last.migration_id ?? last.event!.migration_id,
        after_record_time: last.record_time,
      };
    }
  });
  const [pgCount, pgMs] = await timed(async () => {
    let n = 0;
    let after: [number, string] = [0, IMPORT_RECORD_TIME];
    for (;;) {
      const rows = await q<{ row_id: string; migration_id: string; record_time: string }>(
        UpdateHistoryRepository.LIST_PAGE.text,
        [after[0], after[1], PAGE, IMPORT_RECORD_TIME, false],
      );
      if (rows.length === 0) return n;
      n += new Set(rows.map((r) => r.row_id)).size;
      const last = rows[rows.length - 1];
      // The statement gives record times as JSON text (quoted).
      after = [Number(last.migration_id), JSON.parse(last.record_time) as string];
    }
  });
  if (httpCount !== pgCount)
    throw new Error(`update list disagrees: ${httpCount} over HTTP, ${pgCount} through pg`);
  return { updates: httpCount, httpMs, pgMs };
}
