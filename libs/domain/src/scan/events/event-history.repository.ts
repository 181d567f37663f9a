import { prepared, type Db } from '../../database/db';
import { microsJsonSql } from '../../database/timestamp-sql';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { groupedTextFold, refuseCompactOnly } from '../updates/update-history.mapper';
import {
  requireLosslessRows,
  updateTreeColumns,
  updateTreeStatement,
  type UpdateTreeRow,
} from '../updates/update-history.repository';
import { unpackVerdict } from './verdict-codec';

/** A stored verdict with the JSON text of its parts as received. */
export interface VerdictTextRow {
  migration_id: string;
  /** JSON-quoted record time (microsecond UTC): the key the event merges on. */
  record_time: string;
  verdict: string;
  traffic_summary: string | null;
  app_activity_records: string | null;
}

/**
 * One row of an event page: the update tree row of the event's update (all update columns null
 * for a verdict alone), with the event's key and, on the first row of each event only, its
 * verdict's JSON texts (null when it has none).
 */
export interface EventPageRow extends Nullable<UpdateTreeRow> {
  /** The event's migration id. */
  key_migration_id: string;
  /** The event's JSON-quoted record time (microsecond UTC). */
  key_record_time: string;
  verdict: string | null;
  traffic_summary: string | null;
  app_activity_records: string | null;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

const VERDICT_COLUMNS = `v.migration_id::text AS migration_id, ${microsJsonSql('v.record_time')} AS record_time,
  v.verdict, v.traffic_summary::text AS traffic_summary, v.app_activity_records::text AS app_activity_records`;

/** A verdict column for the first row of its event only (the window \`ev\`: the event's rows in node order). */
const onFirstRow = (value: string, as: string) =>
  `CASE WHEN row_number() OVER ev = 1 THEN ${value} END AS ${as}`;

/** Rows as read: the verdict packed (`packVerdict`), made its text in place. */
type Packed<T extends { verdict: string | null }> = Omit<T, 'verdict'> & { verdict: T['verdict'] | Buffer };

function unpackRows<T extends { verdict: string | null }>(rows: Packed<T>[]): T[] {
  for (const row of rows) if (row.verdict !== null) row.verdict = unpackVerdict(row.verdict as Buffer);
  return rows as T[];
}

/** Whether two rows of an event page belong to one event: its key, and its update when it has one. */
const sameEvent = (a: EventPageRow, b: EventPageRow) =>
  a.key_migration_id === b.key_migration_id &&
  a.key_record_time === b.key_record_time &&
  a.row_id === b.row_id;

/**
 * Reads the synchronizer's verdicts (synchronizer_verdicts) for `/v0/events`, and the event
 * list: the events after `(migration, record time)` are the merge, by that key, of the
 * non-import updates and the verdicts after it; a page of n events is a prefix of both.
 */
export class EventHistoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * The rows of the next page of at most $3 events after ($1, $2), in event order ($4: the
   * import record time; $5: lossless). One statement merges the two sides: the page's update
   * keys are found as the update list finds them (ix_updates_migration_record_time, one
   * migration at a time past its import updates), its verdict keys from
   * ux_synchronizer_verdicts_migration_record_time, each side read for at most $3 rows; the
   * first $3 keys of their full join (on the key) are the page. Each event's update tree
   * (pk_updates, pk_events) and verdict (the unique key index again) are joined to it; the
   * page is inlined, so its order is known and only each update's few events are sorted.
   */
  static readonly PAGE = prepared(
    'scan_event_page',
    `WITH RECURSIVE ms(id) AS (
        SELECT min(migration_id) FROM updates WHERE migration_id >= $1
        UNION ALL
        SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL),
      uk AS (
        SELECT p.row_id, p.migration_id, p.record_time
          FROM ms CROSS JOIN LATERAL (
            SELECT u.row_id, u.migration_id, u.record_time FROM updates u
             WHERE u.migration_id = ms.id
               AND u.record_time > CASE WHEN ms.id = $1 THEN GREATEST($2::timestamptz, $4::timestamptz) ELSE $4::timestamptz END
               AND NOT u.is_import
             ORDER BY u.record_time LIMIT $3) p
         WHERE ms.id IS NOT NULL
         ORDER BY p.migration_id, p.record_time LIMIT $3),
      vk AS (
        SELECT v.migration_id, v.record_time, v.update_id FROM synchronizer_verdicts v
         WHERE (v.migration_id, v.record_time) > ($1::bigint, $2::timestamptz)
         ORDER BY v.migration_id, v.record_time LIMIT $3),
      page AS NOT MATERIALIZED (
        SELECT coalesce(uk.migration_id, vk.migration_id) AS migration_id, coalesce(uk.record_time, vk.record_time) AS record_time,
               uk.row_id AS update_row_id, uk.migration_id AS update_migration_id, vk.update_id AS verdict_update_id
          FROM uk FULL JOIN vk ON vk.migration_id = uk.migration_id AND vk.record_time = uk.record_time
         ORDER BY 1, 2, 3 LIMIT $3)
      ${updateTreeStatement(
        '$5::boolean',
        `${updateTreeColumns('$5::boolean')},
          p.migration_id::text AS key_migration_id, ${microsJsonSql('p.record_time')} AS key_record_time,
          ${onFirstRow('v.verdict', 'verdict')}, ${onFirstRow('v.traffic_summary::text', 'traffic_summary')},
          ${onFirstRow('v.app_activity_records::text', 'app_activity_records')}
         FROM page p
         LEFT JOIN LATERAL (
           SELECT v.verdict, v.traffic_summary, v.app_activity_records FROM synchronizer_verdicts v
            WHERE v.update_id = p.verdict_update_id OFFSET 0) v ON true
         LEFT JOIN LATERAL (
           SELECT u.* FROM updates u WHERE u.row_id = p.update_row_id AND u.migration_id = p.update_migration_id OFFSET 0) u ON true`,
        'WINDOW ev AS (PARTITION BY p.migration_id, p.record_time, p.update_row_id ORDER BY e.node_id)',
        'p.migration_id, p.record_time, p.update_row_id, e.node_id',
      )}`,
  );

  /**
   * The rows of at most `limit` events strictly after `after` (from the beginning without it),
   * in `(migration id, record time)` order. CompactOnlyHistory when `lossless` and the page
   * holds an update loaded compact-only.
   */
  async pageRows(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
    lossless: boolean,
  ): Promise<EventPageRow[]> {
    const rows = await this.db.query<Packed<EventPageRow>>(
      EventHistoryRepository.PAGE,
      pageParams(after, limit, lossless),
    );
    if (lossless) requireLosslessRows(rows);
    return unpackRows<EventPageRow>(rows);
  }

  /**
   * The same page as `pageRows`, as the texts `write` makes of each event's rows (contiguous, in
   * node order), comma-separated, written while the rows arrive (`groupedTextFold`).
   */
  pageText(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
    lossless: boolean,
    write: (rows: readonly EventPageRow[]) => string,
  ): Promise<string> {
    return this.db.fold(
      EventHistoryRepository.PAGE,
      pageParams(after, limit, lossless),
      groupedTextFold<EventPageRow>(sameEvent, write, (row) => {
        if (lossless) refuseCompactOnly(row);
        const packed = row as Packed<EventPageRow>;
        if (packed.verdict !== null) row.verdict = unpackVerdict(packed.verdict as Buffer);
      }),
    );
  }

  /** The verdict with that update id, or the one at the (migration, record time) of that update (pk_synchronizer_verdicts). */
  static readonly VERDICT_OF = prepared(
    'scan_event_verdict_of',
    `SELECT ${VERDICT_COLUMNS} FROM synchronizer_verdicts v WHERE v.update_id = $1`,
  );

  async lookupVerdict(updateId: string): Promise<VerdictTextRow | undefined> {
    const [row] = unpackRows<VerdictTextRow>(
      await this.db.query<Packed<VerdictTextRow>>(EventHistoryRepository.VERDICT_OF, [updateId]),
    );
    return row;
  }

  /** Whether the store carries the verdicts of migration `migrationId` (history_migrations). */
  async verdictsHeldOf(migrationId: number): Promise<boolean> {
    const [row] = await this.db.query<{ held: boolean }>(
      'SELECT verdicts_held AS held FROM history_migrations WHERE migration_id = $1',
      [migrationId],
    );
    return row?.held ?? true;
  }

  /**
   * Whether the store carries the verdicts of every migration it holds from `migrationId` on
   * (history_migrations; true for a store that holds none yet).
   */
  async verdictsHeldFrom(migrationId: number): Promise<boolean> {
    const [row] = await this.db.query<{ held: boolean | null }>(
      'SELECT bool_and(verdicts_held) AS held FROM history_migrations WHERE migration_id >= $1',
      [migrationId],
    );
    return row.held ?? true;
  }
}

/** The parameters of PAGE: from the start of migration 0 without `after`. */
function pageParams(
  after: { migrationId: number; recordTime: string } | undefined,
  limit: number,
  lossless: boolean,
): unknown[] {
  return [
    after?.migrationId ?? 0,
    after?.recordTime ?? IMPORT_RECORD_TIME,
    limit,
    IMPORT_RECORD_TIME,
    lossless,
  ];
}
