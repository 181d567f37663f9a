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
}
