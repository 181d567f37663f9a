import type { scanApi } from '@canton-scan/contracts';
import { notFound } from '../../errors/domain-error';
import { requireRequestTime } from '../time/request-time';
import { UPDATE_LIST_PAGE_LIMIT } from '../updates/update-history.service';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { canonicalTimestamp } from '../../database/timestamps';
import { JsonText } from '../../wire/json-text';
import { itemsText, type ScanUpdateItem } from '../updates/update-history.mapper';
import { UpdateHistoryRepository } from '../updates/update-history.repository';
import { BackfillingRepository } from './backfilling.repository';

export type MigrationInfo = scanApi.MigrationInfoResponse;

const IMPORT_TIME = canonicalTimestamp(IMPORT_RECORD_TIME)!;
/** The first record time after the import time: without `at_or_after`, import updates are left out. */
const IMPORT_TIME_PLUS_ONE = '0001-01-01T00:00:00.000001Z';
/** The body of a page without updates. */
const EMPTY_PAGE = Buffer.from('{"transactions":[]}');

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

  /**
   * `updates-before`: at most `count` (and UPDATE_LIST_PAGE_LIMIT) non-import updates of one
   * migration and synchronizer before `before` (and at or after `at_or_after`), newest first, as
   * upstream encodes them (lossless, v1 offsets), the body as PostgreSQL writes it. Times compare
   * at microsecond precision: `< before` is `< ceil(before)`, `>= at_or_after` is `>= ceil(at_or_after)`.
   */
  async updatesBefore(
    request: scanApi.GetUpdatesBeforeRequest,
  ): Promise<JsonText<scanApi.GetUpdatesBeforeResponse>> {
    const before = requireRequestTime('before', request.before).ceil;
    const atOrAfter =
      request.at_or_after === undefined
        ? IMPORT_TIME_PLUS_ONE
        : requireRequestTime('at_or_after', request.at_or_after).ceil;
    const body = await this.backfilling.updatesBeforeBody(
      request.migration_id,
      request.synchronizer_id,
      before,
      atOrAfter,
      Math.min(request.count, UPDATE_LIST_PAGE_LIMIT),
    );
    // An empty page (a few bytes, read whole) of a migration the node does not hold is an error.
    if (body.length !== EMPTY_PAGE.length) return new JsonText(body);
    const whole = await body.all();
    if (whole.equals(EMPTY_PAGE) && !(await this.backfilling.hasMigration(request.migration_id)))
      throw this.unknown(request.migration_id);
    return new JsonText(whole);
  }

  /** `GET /v0/backfilling/status`: whether this node holds the whole history. */
  async status(): Promise<scanApi.GetBackfillingStatusResponse> {
    return { complete: await this.backfilling.holdsWholeHistory() };
  }

  /** `GET /v0/migrations/last`: the newest migration held. */
  async lastMigration(): Promise<scanApi.GetMigrationIdResponse> {
    const migrationId = await this.backfilling.newestMigration();
    if (migrationId === undefined) throw notFound('this node holds no history yet');
    return { migration_id: migrationId };
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
