import type { DataSource } from 'typeorm';
import { Db, IMPORT_RECORD_TIME, readOffsetBounds } from '@canton-scan/domain';

/** Where the local store ends: what a (re)started mirror continues from. */
export interface StorePosition {
  /** The newest ledger offset of the store (0 when it holds no regular update). */
  lastOffset: bigint;
  /**
   * The greatest offset of the migration and the ones before it (0 when none): the offset its
   * next regular update follows, unless a later migration's are above (`mirrorOffsetBase`).
   * The store's newest when no later migration has regular updates.
   */
  migrationFloor: bigint;
  /** Greatest import update id of the migration ("" when none). */
  lastImportUpdateId: string;
  /** Newest regular record time of the migration, microsecond ISO, if any. */
  lastRecordTime: string | undefined;
  /**
   * Newest record time of the migration's events (its regular updates and its verdicts, a verdict
   * alone may come after the last update), microsecond ISO, if any.
   */
  lastEventRecordTime: string | undefined;
  /** Whether the store holds the migration's verdicts (`history_migrations.verdicts_held`); undefined before its first update. */
  verdictsHeld: boolean | undefined;
}

/**
 * Where a mirror copying migrations in parallel begins a migration's offsets: migration m's
 * regular updates take the offsets after m × 2^40, so that migrations copied at once never
 * interleave (the writer keeps each migration's offsets below the next one's: docs/offsets-and-ids.md
 * "Offsets across migrations"). Migration 0's are 1, 2, 3, … as in a copy one migration after
 * the other; 2^40 leaves room for a trillion updates a migration, and the offsets stay exact as
 * JavaScript numbers up to migration 8,191.
 */
export function mirrorOffsetBase(migrationId: number): bigint {
  return BigInt(migrationId) << 40n;
}

/**
 * Reads the store's position for one migration: its offsets as the writer bounds them
 * (`readOffsetBounds`), then one statement of index probes (ix_updates_import,
 * ix_updates_migration_record_time, ux_synchronizer_verdicts_migration_record_time,
 * pk_history_migrations).
 */
export async function readStorePosition(dataSource: DataSource, migrationId: number): Promise<StorePosition> {
  const db = Db.of(dataSource);
  const bounds = (await readOffsetBounds(db, [migrationId])).get(migrationId);
  const [row] = await db.query<{
    last_import: string | null;
    last_record_time: string | null;
    last_verdict_time: string | null;
    verdicts_held: boolean | null;
  }>(
    `SELECT (SELECT max(update_id) FROM updates WHERE migration_id = $1 AND is_import) AS last_import,
            (SELECT record_time FROM updates WHERE migration_id = $1 AND record_time > $2::timestamptz
              ORDER BY record_time DESC LIMIT 1) AS last_record_time,
            (SELECT record_time FROM synchronizer_verdicts WHERE migration_id = $1
              ORDER BY record_time DESC LIMIT 1) AS last_verdict_time,
            (SELECT verdicts_held FROM history_migrations WHERE migration_id = $1) AS verdicts_held`,
    [migrationId, IMPORT_RECORD_TIME],
  );
  const lastRecordTime = row.last_record_time ?? undefined;
  const lastVerdictTime = row.last_verdict_time ?? undefined;
  return {
    lastOffset: bounds?.top ?? 0n,
    migrationFloor: bounds?.floor ?? 0n,
    lastImportUpdateId: row.last_import ?? '',
    lastRecordTime,
    lastEventRecordTime:
      lastVerdictTime !== undefined && (lastRecordTime === undefined || lastVerdictTime > lastRecordTime)
        ? lastVerdictTime
        : lastRecordTime,
    verdictsHeld: row.verdicts_held ?? undefined,
  };
}
