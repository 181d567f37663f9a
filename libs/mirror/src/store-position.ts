import type { DataSource } from 'typeorm';
import { Db, IMPORT_RECORD_TIME } from '@canton-scan/domain';

/** Where the local store ends: what a (re)started mirror continues from. */
export interface StorePosition {
  /** The newest ledger offset of the store (0 when it holds no regular update). */
  lastOffset: bigint;
  /** Greatest import update id of the migration ("" when none). */
  lastImportUpdateId: string;
  /** Newest regular record time of the migration, microsecond ISO, if any. */
  lastRecordTime: string | undefined;
}

/**
 * Reads the store's position for one migration in one statement of index probes
 * (ux_updates_ledger_offset, ix_updates_import, ix_updates_migration_record_time).
 */
export async function readStorePosition(dataSource: DataSource, migrationId: number): Promise<StorePosition> {
  const [row] = await Db.of(dataSource).query<{
    last_offset: string | null;
    last_import: string | null;
    last_record_time: string | null;
  }>(
    `SELECT (SELECT max(ledger_offset)::text FROM updates) AS last_offset,
            (SELECT max(update_id) FROM updates WHERE migration_id = $1 AND is_import) AS last_import,
            (SELECT record_time FROM updates WHERE migration_id = $1 AND record_time > $2::timestamptz
              ORDER BY record_time DESC LIMIT 1) AS last_record_time`,
    [migrationId, IMPORT_RECORD_TIME],
  );
  return {
    lastOffset: row.last_offset === null ? 0n : BigInt(row.last_offset),
    lastImportUpdateId: row.last_import ?? '',
    lastRecordTime: row.last_record_time ?? undefined,
  };
}
