import type { Db } from '../../database/db';
import type { StreamedBytes } from '../../database/streamed-bytes';
import { requireLosslessBody, UpdateHistoryRepository } from '../updates/update-history.repository';

/** Import updates carry this record time; regular updates are strictly later. */
const IMPORT_TIME = `'0001-01-01T00:00:00Z'::timestamptz`;

export interface MigrationFacts {
  previousMigrationId: number | undefined;
  lastImportUpdateId: string | undefined;
  hasImportUpdates: boolean;
  hasRegularUpdates: boolean;
  /** Whether the store holds the migration from its start, as the writer recorded it. */
  fromStart: boolean;
}

export interface SynchronizerRange {
  synchronizerId: string;
  /** Oldest and newest non-import record time; undefined when the synchronizer only has import updates. */
  min: string | undefined;
  max: string | undefined;
}

/** What this node holds of each synchronizer migration (ix_updates_migration_record_time, ix_updates_import). */
export class BackfillingRepository {
  constructor(private readonly db: Db) {}

  /**
   * The body of `updates-before` as PostgreSQL writes it (UpdateHistoryRepository.BEFORE_PAGE_BODY):
   * at most `limit` non-import updates of `synchronizerId` in `migrationId` with `atOrAfter` <=
   * record time < `before`, newest first, lossless, as UTF-8 bytes as they arrive. CompactOnlyHistory when one
   * was loaded compact-only.
   */
  async updatesBeforeBody(
    migrationId: number,
    synchronizerId: string,
    before: string,
    atOrAfter: string,
    limit: number,
  ): Promise<StreamedBytes> {
    return requireLosslessBody(
      await this.db.textStream(UpdateHistoryRepository.BEFORE_PAGE_BODY, [
        migrationId,
        synchronizerId,
        before,
        atOrAfter,
        limit,
      ]),
    );
  }

  async hasMigration(migrationId: number): Promise<boolean> {
    const [row]: { held: boolean }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM updates WHERE migration_id = $1) AS held`,
      [migrationId],
    );
    return row.held;
  }

  /**
   * Index probes only: the previous migration, the last import update, whether regular updates
   * exist, and whether the store holds the migration from its start (pk_history_migrations).
   */
  async migrationFacts(migrationId: number): Promise<MigrationFacts> {
    const [row]: {
      previous: string | null;
      last_import: string | null;
      has_regular: boolean;
      from_start: boolean | null;
    }[] = await this.db.query(
      `SELECT (SELECT max(migration_id) FROM updates WHERE migration_id < $1) AS previous,
              (SELECT max(update_id) FROM updates WHERE migration_id = $1 AND is_import) AS last_import,
              EXISTS (SELECT 1 FROM updates WHERE migration_id = $1 AND record_time > ${IMPORT_TIME}) AS has_regular,
              (SELECT from_start FROM history_migrations WHERE migration_id = $1) AS from_start`,
      [migrationId],
    );
    return {
      previousMigrationId: row.previous === null ? undefined : Number(row.previous),
      lastImportUpdateId: row.last_import ?? undefined,
      hasImportUpdates: row.last_import !== null,
      hasRegularUpdates: row.has_regular,
      fromStart: row.from_start ?? false,
    };
  }

  /**
   * Record time range per synchronizer of the migration's regular updates. One aggregate over
   * the migration's updates (there is no index by synchronizer; the call is rare).
   */
  async synchronizerRanges(migrationId: number): Promise<SynchronizerRange[]> {
    const rows: { synchronizer_id: string; min: string | null; max: string | null }[] = await this.db.query(
      `SELECT d.synchronizer AS synchronizer_id, u.min, u.max
         FROM (SELECT synchronizer,
                      min(record_time) FILTER (WHERE record_time > ${IMPORT_TIME}) AS min,
                      max(record_time) FILTER (WHERE record_time > ${IMPORT_TIME}) AS max
                 FROM updates WHERE migration_id = $1
                GROUP BY synchronizer) u
         JOIN synchronizers d ON d.id = u.synchronizer
        ORDER BY d.synchronizer`,
      [migrationId],
    );
    return rows.map((r) => ({
      synchronizerId: r.synchronizer_id,
      min: r.min ?? undefined,
      max: r.max ?? undefined,
    }));
  }

  /**
   * Whether the store holds the network's whole history: some migration is held, every held
   * migration is held from its start (pk_history_migrations), and the oldest one has no import
   * updates (ix_updates_import), i.e. it began at genesis.
   */
  async holdsWholeHistory(): Promise<boolean> {
    const [row]: { complete: boolean | null }[] = await this.db.query(
      `SELECT bool_and(from_start)
              AND NOT EXISTS (SELECT 1 FROM updates
                               WHERE migration_id = (SELECT min(migration_id) FROM history_migrations) AND is_import)
              AS complete
         FROM history_migrations`,
    );
    return row.complete ?? false;
  }

  /** The newest migration with an update here (ix_updates_migration_record_time); undefined when none. */
  async newestMigration(): Promise<number | undefined> {
    const [row]: { id: string | null }[] = await this.db.query(`SELECT max(migration_id) AS id FROM updates`);
    return row.id === null ? undefined : Number(row.id);
  }
}
