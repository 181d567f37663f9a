import type { Db } from '../../database/db';
import { NEWEST_MIGRATION, SqlParams } from '../../dso/current-contracts.sql';
import { SpliceTemplates } from '../../splice/splice-templates';
import { synchronizerIdOf, synchronizerNameOfOne } from '../../synchronizers/synchronizer-sql';

/** Where an ACS export is taken: the DSO party and the synchronizer its AmuletRules is on. */
export interface ExportContext {
  dso: string;
  /** The decentralized synchronizer: where the current AmuletRules is assigned (the source while in flight). */
  synchronizerId: string;
  inFlight: boolean;
  migrationId: number;
}

function contextStatement() {
  const p = new SqlParams();
  // AmuletRules' only signatory is the DSO party.
  const text = `SELECT c.signatories[1] AS dso, ${synchronizerNameOfOne('c.synchronizer')} AS synchronizer_id, c.in_flight, c.migration_id::int AS migration_id
      FROM contracts c
     WHERE ${p.template(SpliceTemplates.AmuletRules)} AND c.archived_record_time IS NULL
       AND c.migration_id = ${NEWEST_MIGRATION}
     ORDER BY c.row_id DESC LIMIT 1`;
  return { text, values: p.values };
}

const CONTEXT = contextStatement();

/** The reads of `/v0/acs/{party}` besides the active contracts themselves (LedgerActiveContractsRepository). */
export class AcsExportRepository {
  constructor(readonly db: Db) {}

  /** The same reads through another `Db` (one replica for a whole export). */
  on(db: Db): AcsExportRepository {
    return db === this.db ? this : new AcsExportRepository(db);
  }

  /** The current AmuletRules' DSO and synchronizer (ix_contracts_active_template); undefined before one is ingested. */
  async lookupContext(): Promise<ExportContext | undefined> {
    const [row] = await this.db.query<{
      dso: string;
      synchronizer_id: string;
      in_flight: boolean;
      migration_id: number;
    }>(CONTEXT.text, CONTEXT.values);
    if (row === undefined) return undefined;
    return {
      dso: row.dso,
      synchronizerId: row.synchronizer_id,
      inFlight: row.in_flight,
      migrationId: row.migration_id,
    };
  }

  /**
   * The highest ledger offset of an update on the synchronizer recorded exactly at `recordTime`
   * (ix_updates_migration_record_time), as a participant's offset lookup by timestamp finds it
   * when not forced; undefined when no update there has that record time.
   */
  async lookupOffsetAt(
    migrationId: number,
    synchronizerId: string,
    recordTime: string,
  ): Promise<number | undefined> {
    const [row] = await this.db.query<{ offset: string | null }>(
      `SELECT max(ledger_offset)::text AS "offset" FROM updates
        WHERE migration_id = $1 AND record_time = $2::timestamptz AND synchronizer = ${synchronizerIdOf('$3::text')}
          AND ledger_offset IS NOT NULL`,
      [migrationId, recordTime, synchronizerId],
    );
    return row === undefined || row.offset === null ? undefined : Number(row.offset);
  }

  /** The first and last record times of the synchronizer's updates with an offset (for the error that names them). */
  async recordTimeRange(
    migrationId: number,
    synchronizerId: string,
  ): Promise<{ first: string; last: string } | undefined> {
    const [row] = await this.db.query<{ first: string | null; last: string | null }>(
      `WITH s AS (SELECT ${synchronizerIdOf('$2::text')} AS id)
       SELECT (SELECT record_time FROM updates WHERE migration_id = $1 AND synchronizer = (SELECT id FROM s) AND ledger_offset IS NOT NULL
                ORDER BY record_time LIMIT 1) AS first,
              (SELECT record_time FROM updates WHERE migration_id = $1 AND synchronizer = (SELECT id FROM s) AND ledger_offset IS NOT NULL
                ORDER BY record_time DESC LIMIT 1) AS last`,
      [migrationId, synchronizerId],
    );
    return row === undefined || row.first === null || row.last === null
      ? undefined
      : { first: row.first, last: row.last };
  }
}
