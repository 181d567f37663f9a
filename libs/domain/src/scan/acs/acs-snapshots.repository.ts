import type { Db } from '../../database/db';

/** ACS snapshot times per migration (pk_acs_snapshots: migration_id, record_time). */
export class AcsSnapshotsRepository {
  constructor(private readonly db: Db) {}

  async lookupExact(migrationId: number, recordTime: string): Promise<string | undefined> {
    const rows: { record_time: string }[] = await this.db.query(
      `SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time = $2::timestamptz`,
      [migrationId, recordTime],
    );
    return rows[0]?.record_time;
  }

  /** The latest snapshot at or before `recordTime`. */
  async lookupAtOrBefore(migrationId: number, recordTime: string): Promise<string | undefined> {
    const rows: { record_time: string }[] = await this.db.query(
      `SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time <= $2::timestamptz
        ORDER BY record_time DESC LIMIT 1`,
      [migrationId, recordTime],
    );
    return rows[0]?.record_time;
  }

  /** The latest snapshot strictly before `recordTime`. */
  async lookupBefore(migrationId: number, recordTime: string): Promise<string | undefined> {
    const rows: { record_time: string }[] = await this.db.query(
      `SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time < $2::timestamptz
        ORDER BY record_time DESC LIMIT 1`,
      [migrationId, recordTime],
    );
    return rows[0]?.record_time;
  }

  /**
   * The earliest of the first snapshot of `migrationId` strictly after `after` and the first
   * snapshot of any later migration (pk_acs_snapshots), as Splice's scan looks it up.
   */
  async lookupFirstAfter(migrationId: number, after: string): Promise<string | undefined> {
    const rows: { record_time: string }[] = await this.db.query(
      `SELECT record_time FROM (
         (SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time > $2::timestamptz
           ORDER BY record_time LIMIT 1)
         UNION ALL
         (SELECT record_time FROM acs_snapshots WHERE migration_id > $1 ORDER BY migration_id, record_time LIMIT 1)
       ) s ORDER BY record_time LIMIT 1`,
      [migrationId, after],
    );
    return rows[0]?.record_time;
  }
}
