import type { scanApi } from '@canton-scan/contracts';
import { notFound } from '../../errors/domain-error';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { canonicalTimestamp } from '../../database/timestamps';
import { JsonText } from '../../wire/json-text';
import { itemsText, type ScanUpdateItem } from '../updates/update-history.mapper';
import { UpdateHistoryRepository } from '../updates/update-history.repository';
import { BackfillingRepository } from './backfilling.repository';

export type MigrationInfo = scanApi.MigrationInfoResponse;

const IMPORT_TIME = canonicalTimestamp(IMPORT_RECORD_TIME)!;

/**
 * What a peer needs to backfill its history from this node (`/v0/backfilling/*`).
 *
 * This node's history enters only through the LedgerWriter, in ledger order; a migration starts
 * with its import updates. Hence:
 * - `complete` (all regular updates of the migration are here): whether the store holds the
 *   migration from its start, as the writer recorded it with the batch that brought the
 *   migration (docs/acs-snapshots.md "Migrations held"), not a rule evaluated on read.
 * - `import_updates_complete`: migration 0 has none to miss; a later migration's import updates
 *   all precede its first regular update, so they are complete once a regular update is held.
 */
export class BackfillingService {
  constructor(
    private readonly updates: UpdateHistoryRepository,
    private readonly backfilling: BackfillingRepository,
  ) {}

  /**
   * Import updates of a migration with update id > `afterUpdateId`, ascending, at most `limit`,
   * payloads in the lossless encoding (peers re-ingest them as recorded). NotFound when this
   * node holds nothing of the migration.
   */
  async importUpdates(
    migrationId: number,
    afterUpdateId: string,
    limit: number,
  ): Promise<JsonText<{ transactions: ScanUpdateItem[] }>> {
    const rows = await this.updates.findImportPageRows(migrationId, afterUpdateId, limit);
    if (rows.length === 0 && !(await this.backfilling.hasMigration(migrationId)))
      throw this.unknown(migrationId);
    return new JsonText(`{"transactions":[${itemsText(rows, 'item')}]}`);
  }

  async migrationInfo(migrationId: number): Promise<MigrationInfo> {
    const ranges = await this.backfilling.synchronizerRanges(migrationId);
    if (ranges.length === 0) throw this.unknown(migrationId);
    const facts = await this.backfilling.migrationFacts(migrationId);
    return {
      ...(facts.previousMigrationId !== undefined
        ? { previous_migration_id: facts.previousMigrationId }
        : {}),
      // A synchronizer with only import updates reports their record time as its range.
      record_time_range: ranges.map((r) => ({
        synchronizer_id: r.synchronizerId,
        min: r.min ?? IMPORT_TIME,
        max: r.max ?? IMPORT_TIME,
      })),
      ...(facts.lastImportUpdateId !== undefined ? { last_import_update_id: facts.lastImportUpdateId } : {}),
      complete: facts.fromStart,
      import_updates_complete: migrationId === 0 || facts.hasRegularUpdates,
    };
  }

  private unknown(migrationId: number) {
    return notFound(`this node holds no data for migration ${migrationId}`);
  }
}
