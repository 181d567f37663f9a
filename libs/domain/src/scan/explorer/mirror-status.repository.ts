import { prepared, type Db } from '../../database/db';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';

/** One peer's row with the store's newest record time beside it (peer columns null without peers). */
export interface MirrorStatusRow {
  store_migration_id: string | null;
  store_record_time: string | null;
  peer_url: string | null;
  last_poll_at: string | null;
  migration_id: string | null;
  newest_record_time: string | null;
  /** Seconds from the peer's newest record time to the newest known (the store's or any peer's). */
  lag_seconds: string | null;
  agrees: boolean | null;
  last_disagreement_at: string | null;
  last_disagreement: string | null;
  consecutive_failures: number | null;
  last_error: string | null;
  last_error_at: string | null;
  mirror_migration_id: string | null;
  mirror_record_time: string | null;
  mirror_lag_seconds: number | null;
  updated_at: string | null;
}

/**
 * The mirror's status as it last wrote it, one row per peer in URL order, each with the store's
 * newest regular record time (as the network summary finds it: ix_updates_migration_record_time)
 * and the peer's lag to the newest record time known, the store's or any peer's. Without peers,
 * one row of the store's columns alone; the table is a handful of rows, read whole.
 */
const MIRROR_STATUS = prepared(
  'explorer_mirror_status',
  `WITH store AS (
     SELECT u.migration_id, u.record_time FROM updates u WHERE u.record_time > $1::timestamptz
      ORDER BY u.migration_id DESC, u.record_time DESC LIMIT 1),
   peers AS (
     SELECT p.*, greatest(max(p.newest_record_time) OVER (), (SELECT s.record_time FROM store s)) AS front
       FROM mirror_peer_status p)
   SELECT s.migration_id::text AS store_migration_id, s.record_time AS store_record_time,
          p.peer_url, p.last_poll_at, p.migration_id::text AS migration_id, p.newest_record_time,
          CASE WHEN p.newest_record_time IS NOT NULL
               THEN greatest(0, extract(epoch FROM p.front - p.newest_record_time))::text END AS lag_seconds,
          p.agrees, p.last_disagreement_at, p.last_disagreement, p.consecutive_failures,
          p.last_error, p.last_error_at, p.mirror_migration_id::text AS mirror_migration_id,
          p.mirror_record_time, p.mirror_lag_seconds, p.updated_at
     FROM (SELECT 1) one
     LEFT JOIN store s ON true
     LEFT JOIN peers p ON true
    ORDER BY p.peer_url COLLATE "C"`,
);

export class MirrorStatusRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<MirrorStatusRow[]> {
    return this.db.query(MIRROR_STATUS, [IMPORT_RECORD_TIME]);
  }
}
