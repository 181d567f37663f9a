import { prepared, type Db } from '../../database/db';
import { microsJsonSql } from '../../database/timestamp-sql';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';

/** A stored verdict with the JSON text of its parts as received. */
export interface VerdictTextRow {
  migration_id: string;
  /** JSON-quoted record time (microsecond UTC): the key the event merges on. */
  record_time: string;
  verdict: string;
  traffic_summary: string | null;
  app_activity_records: string | null;
}

/** How many updates and verdicts an event page holds, and its last key. */
export interface EventPageShape {
  updates: number;
  verdicts: number;
  last_migration_id: string | null;
  last_record_time: string | null;
}

const VERDICT_COLUMNS = `v.migration_id::text AS migration_id, ${microsJsonSql('v.record_time')} AS record_time,
  v.verdict::text AS verdict, v.traffic_summary::text AS traffic_summary, v.app_activity_records::text AS app_activity_records`;

/**
 * Reads the synchronizer's verdicts (synchronizer_verdicts) for `/v0/events`, and the page an
 * event list spans: the events after `(migration, record time)` are the merge, by that key, of
 * the non-import updates and the verdicts after it; a page of n events is a prefix of both.
 */
export class EventHistoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * The shape of the next page of at most $3 events after ($1, $2) ($4: the import record time).
   * Updates are found as the update list finds them (ix_updates_migration_record_time, one
   * migration at a time, past its import updates), verdicts from
   * ux_synchronizer_verdicts_migration_record_time; each side is read for at most $3 rows.
   */
  static readonly PAGE_SHAPE = prepared(
    'scan_event_page_shape',
    `WITH RECURSIVE ms(id) AS (
        SELECT min(migration_id) FROM updates WHERE migration_id >= $1
        UNION ALL
        SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL),
      uk AS (
        SELECT p.migration_id, p.record_time
          FROM ms CROSS JOIN LATERAL (
            SELECT u.migration_id, u.record_time FROM updates u
             WHERE u.migration_id = ms.id
               AND u.record_time > CASE WHEN ms.id = $1 THEN GREATEST($2::timestamptz, $4::timestamptz) ELSE $4::timestamptz END
               AND NOT u.is_import
             ORDER BY u.record_time LIMIT $3) p
         WHERE ms.id IS NOT NULL
         ORDER BY p.migration_id, p.record_time LIMIT $3),
      vk AS (
        SELECT v.migration_id, v.record_time FROM synchronizer_verdicts v
         WHERE (v.migration_id, v.record_time) > ($1::bigint, $2::timestamptz)
         ORDER BY v.migration_id, v.record_time LIMIT $3),
      page AS (
        SELECT k.migration_id, k.record_time, bool_or(k.is_update) AS has_update, bool_or(NOT k.is_update) AS has_verdict
          FROM (SELECT migration_id, record_time, true AS is_update FROM uk
                UNION ALL SELECT migration_id, record_time, false FROM vk) k
         GROUP BY k.migration_id, k.record_time
         ORDER BY k.migration_id, k.record_time LIMIT $3)
    SELECT count(*) FILTER (WHERE has_update)::int AS updates, count(*) FILTER (WHERE has_verdict)::int AS verdicts,
           (SELECT max(migration_id) FROM page)::text AS last_migration_id,
           (SELECT max(record_time) FROM page p WHERE p.migration_id = (SELECT max(migration_id) FROM page)) AS last_record_time
      FROM page`,
  );

  async pageShape(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
  ): Promise<EventPageShape> {
    const [row] = await this.db.query<EventPageShape>(EventHistoryRepository.PAGE_SHAPE, [
      after?.migrationId ?? 0,
      after?.recordTime ?? IMPORT_RECORD_TIME,
      limit,
      IMPORT_RECORD_TIME,
    ]);
    return row;
  }

  /** The verdicts after `after` up to and including `last` (ux_synchronizer_verdicts_migration_record_time). */
  static readonly VERDICTS_IN = prepared(
    'scan_event_verdicts_in',
    `SELECT ${VERDICT_COLUMNS} FROM synchronizer_verdicts v
      WHERE (v.migration_id, v.record_time) > ($1::bigint, $2::timestamptz)
        AND (v.migration_id, v.record_time) <= ($3::bigint, $4::timestamptz)
      ORDER BY v.migration_id, v.record_time`,
  );

  async verdictsIn(
    after: { migrationId: number; recordTime: string } | undefined,
    last: { migrationId: string; recordTime: string },
  ): Promise<VerdictTextRow[]> {
    return this.db.query(EventHistoryRepository.VERDICTS_IN, [
      after?.migrationId ?? 0,
      after?.recordTime ?? IMPORT_RECORD_TIME,
      last.migrationId,
      last.recordTime,
    ]);
  }

  /** The verdict with that update id, or the one at the (migration, record time) of that update (pk_synchronizer_verdicts). */
  static readonly VERDICT_OF = prepared(
    'scan_event_verdict_of',
    `SELECT ${VERDICT_COLUMNS} FROM synchronizer_verdicts v WHERE v.update_id = $1`,
  );

  async lookupVerdict(updateId: string): Promise<VerdictTextRow | undefined> {
    const [row] = await this.db.query<VerdictTextRow>(EventHistoryRepository.VERDICT_OF, [updateId]);
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
