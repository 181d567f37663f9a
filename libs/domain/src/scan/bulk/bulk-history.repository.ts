import type { Queryable } from '../../database/db';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';

/** A migration's first and newest non-import record times. */
export interface MigrationSpan {
  migrationId: number;
  first: string;
  newest: string;
}

export interface BulkObjectRow {
  object_key: string;
  folder: string;
  digest: string;
}

/**
 * The bulk history tables (bulk-object.entity.ts) and the few facts of the stored history that
 * place its segments. Given a pool or a transaction's connection (the builder writes a folder
 * in one transaction).
 */
export class BulkHistoryRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Per migration holding non-import updates: its first and newest record time, read from
   * ix_updates_migration_record_time (migrations walked by a loose index scan).
   */
  async migrationSpans(): Promise<MigrationSpan[]> {
    const rows: { migration_id: string; first: string | null; newest: string | null }[] = await this.db.query(
      `WITH RECURSIVE ms(id) AS (
          SELECT min(migration_id) FROM updates
          UNION ALL
          SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL)
        SELECT ms.id AS migration_id,
          (SELECT u.record_time FROM updates u WHERE u.migration_id = ms.id AND u.record_time > $1::timestamptz
            ORDER BY u.record_time LIMIT 1) AS first,
          (SELECT u.record_time FROM updates u WHERE u.migration_id = ms.id AND u.record_time > $1::timestamptz
            ORDER BY u.record_time DESC LIMIT 1) AS newest
          FROM ms WHERE ms.id IS NOT NULL ORDER BY ms.id`,
      [IMPORT_RECORD_TIME],
    );
    return rows
      .filter((r) => r.first !== null && r.newest !== null)
      .map((r) => ({ migrationId: Number(r.migration_id), first: r.first!, newest: r.newest! }));
  }

  /** The newest ACS snapshot at 00:00 UTC, of any migration (pk_acs_snapshots; a few rows a day). */
  async newestDailySnapshot(): Promise<string | undefined> {
    const [row]: { t: string | null }[] = await this.db.query(
      `SELECT max(record_time) AS t FROM acs_snapshots WHERE record_time = date_trunc('day', record_time, 'UTC')`,
    );
    return row.t ?? undefined;
  }

  /** The lowest migration with an ACS snapshot at exactly `recordTime`. */
  async snapshotMigrationAt(recordTime: string): Promise<number | undefined> {
    const [row]: { m: string | null }[] = await this.db.query(
      `SELECT min(migration_id) AS m FROM acs_snapshots WHERE record_time = $1::timestamptz`,
      [recordTime],
    );
    return row.m === null ? undefined : Number(row.m);
  }

  /** Whether a folder was built (pk_bulk_history_folders). */
  async isBuilt(kind: string, folder: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM bulk_history_folders WHERE kind = $1 AND folder = $2`, [
      kind,
      folder,
    ]);
    return rows.length > 0;
  }

  /** Takes the transaction-scoped lock of a folder, so two builders of it take turns. */
  async lockFolder(kind: string, folder: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('bulk_history:' || $1 || ':' || $2))`, [
      kind,
      folder,
    ]);
  }

  /** The objects of these folders, by folder then index (ix_bulk_history_objects_folder). */
  async objectsOf(kind: string, folders: readonly string[]): Promise<BulkObjectRow[]> {
    return this.db.query(
      `SELECT object_key, folder, digest FROM bulk_history_objects
        WHERE kind = $1 AND folder = ANY($2::text[]) ORDER BY folder, object_index`,
      [kind, folders],
    );
  }

  /** Digests of these keys (pk_bulk_history_objects); unknown keys are absent. */
  async digests(keys: readonly string[]): Promise<Map<string, string>> {
    const rows: { object_key: string; digest: string }[] = await this.db.query(
      `SELECT object_key, digest FROM bulk_history_objects WHERE object_key = ANY($1::text[])`,
      [keys],
    );
    return new Map(rows.map((r) => [r.object_key, r.digest]));
  }

  /** An object's size and frame count; undefined when there is no such object. */
  async lookupObject(key: string): Promise<{ size: number; frames: number } | undefined> {
    const [row]: { size_bytes: string; frames: number }[] = await this.db.query(
      `SELECT o.size_bytes, (SELECT count(*)::int FROM bulk_history_frames f WHERE f.object_key = o.object_key) AS frames
         FROM bulk_history_objects o WHERE o.object_key = $1`,
      [key],
    );
    return row === undefined ? undefined : { size: Number(row.size_bytes), frames: row.frames };
  }

  /** One frame's bytes (pk_bulk_history_frames). */
  async frame(key: string, index: number): Promise<Buffer> {
    const [row]: { bytes: Buffer }[] = await this.db.query(
      `SELECT bytes FROM bulk_history_frames WHERE object_key = $1 AND frame_index = $2`,
      [key, index],
    );
    return row.bytes;
  }

  async insertFrame(key: string, index: number, bytes: Uint8Array): Promise<void> {
    await this.db.query(
      `INSERT INTO bulk_history_frames (object_key, frame_index, bytes) VALUES ($1, $2, $3)`,
      [key, index, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
  }

  async insertObject(key: string, kind: string, folder: string, index: number, digest: string, size: number) {
    await this.db.query(
      `INSERT INTO bulk_history_objects (object_key, kind, folder, object_index, digest, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [key, kind, folder, index, digest, size],
    );
  }

  async insertFolder(kind: string, folder: string, objectCount: number): Promise<void> {
    await this.db.query(`INSERT INTO bulk_history_folders (kind, folder, object_count) VALUES ($1, $2, $3)`, [
      kind,
      folder,
      objectCount,
    ]);
  }
}
