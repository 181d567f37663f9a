import type { DataSource } from 'typeorm';

/** Where the local store ends: what a (re)started mirror continues from. */
export interface StorePosition {
  /** The newest ledger offset of the store (0 when it holds no regular update). */
  lastOffset: bigint;
  /** Greatest import update id of the migration ("" when none). */
  lastImportUpdateId: string;
  /** Newest regular record time of the migration, microsecond ISO, if any. */
  lastRecordTime: string | undefined;
}

const MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** Reads the store's position for one migration (index probes, no scans). */
export async function readStorePosition(dataSource: DataSource, migrationId: number): Promise<StorePosition> {
  const [offset] = await dataSource.query(`SELECT max(ledger_offset)::text AS max FROM updates`);
  const [imported] = await dataSource.query(
    `SELECT max(update_id) AS id FROM updates WHERE migration_id = $1 AND is_import`,
    [migrationId],
  );
  const [regular] = await dataSource.query(
    `SELECT to_char(record_time AT TIME ZONE 'UTC', ${MICROS}) AS t FROM updates
      WHERE migration_id = $1 AND record_time > '0001-01-01T00:00:00Z'
      ORDER BY record_time DESC LIMIT 1`,
    [migrationId],
  );
  return {
    lastOffset: offset?.max === null || offset?.max === undefined ? 0n : BigInt(offset.max as string),
    lastImportUpdateId: (imported?.id as string | null) ?? '',
    lastRecordTime: (regular?.t as string | undefined) ?? undefined,
  };
}
