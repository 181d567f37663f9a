import { prepared, type RowSource } from '../../database/db';
import type { DamlValue } from '../../daml-value/daml-value.types';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { losslessV1PageBody, tree, treeStatement } from './update-tree.sql';
import { itemsTextFold, refuseCompactOnly, type ItemForm } from './update-history.mapper';
import { synchronizerIdOf } from '../../synchronizers/synchronizer-sql';
export {
  requireLosslessBody,
  updateTreeColumns,
  updateTreeStatement,
  type EventIdStyle,
} from './update-tree.sql';

/**
 * One row per (update, event) pair of an update tree, with the JSON text PostgreSQL wrote for
 * it (update-tree.text.ts assembles items from these). The update columns repeat on each of its
 * event rows; the event columns are null only for an update without events (an unassignment).
 */
export interface UpdateTreeRow {
  row_id: string;
  kind: 'transaction' | 'assignment' | 'unassignment';
  /** JSON-quoted update id. */
  update_id: string;
  migration_id: string;
  /** JSON-quoted record time (microsecond UTC). */
  record_time: string;
  /** JSON-quoted scan offset (`""` for import updates); null for a compact-only update (it has none). */
  scan_offset: string | null;
  /** Loaded from compact-only history: its payloads are compact JSON as given (no lossless form). */
  compact_only: boolean;
  /** Transactions: `"workflow_id":…,"record_time":…,"synchronizer_id":…,"effective_at":…` (no braces). */
  tx_fields: string | null;
  /** Transactions: the root event ids as a JSON array. */
  root_event_ids: string | null;
  /** Transactions: the JSON-quoted external transaction hash, when there is one. */
  external_transaction_hash: string | null;
  /**
   * Reassignments: their event as JSON text — an unassignment's whole event, an assignment's up
   * to its `"created_event":` (its created event and `reassignment_counter` follow).
   */
  reassignment_fields: string | null;
  reassignment_counter: string | null;
  /** JSON-quoted event id; null for an update without events. */
  event_id: string | null;
  /** The event's whole JSON text, or null when a payload must be made compact in Node. */
  event: string | null;
  /**
   * When `event` is null: the event is `pre` + compact(`first`) + `mid` [+ compact(`second`)] +
   * `post` (a created event: its create arguments; an exercised one: choice argument, result).
   */
  pre: string | null;
  first: DamlValue | null;
  mid: string | null;
  second: DamlValue | null;
  post: string | null;
}

/** The two columns the lossless check reads, null on a row without an update (the event list's verdicts alone). */
interface EventTreeRowPart {
  compact_only: boolean | null;
  update_id: string | null;
}

/**
 * Refuses a lossless answer that would include a compact-only update (CompactOnlyHistory,
 * naming the first): its payloads have no lossless form, and none is made up.
 */
export function requireLosslessRows(rows: readonly EventTreeRowPart[]): void {
  for (const row of rows) refuseCompactOnly(row);
}

/**
 * Reads recorded updates with their event trees as JSON text: `updates` joined with `events`
 * (ux_updates_update_id / ix_updates_migration_record_time / ix_updates_import, then pk_events),
 * rows in node order, each carrying the text PostgreSQL wrote for it.
 */
export class UpdateHistoryRepository {
  constructor(private readonly db: RowSource) {}

  /** The rows of one update by id; empty when unknown. $2: lossless. */
  static readonly BY_ID = prepared(
    'scan_update_tree_by_id',
    treeStatement(
      '$2::boolean',
      `${tree('$2::boolean', 'plain', 'one')} FROM updates u`,
      'WHERE u.update_id = $1',
      'e.node_id',
    ),
  );

  /** CompactOnlyHistory when `lossless` and the update was loaded compact-only. */
  async findRowsById(updateId: string, lossless: boolean): Promise<UpdateTreeRow[]> {
    const rows: UpdateTreeRow[] = await this.db.query(UpdateHistoryRepository.BY_ID, [updateId, lossless]);
    if (lossless) requireLosslessRows(rows);
    return rows;
  }

  /**
   * The rows of the first transaction recorded with that external transaction hash (by
   * ix_updates_external_transaction_hash); empty when none. $2: lossless.
   */
  static readonly BY_HASH = prepared(
    'scan_update_tree_by_hash',
    `WITH hit AS MATERIALIZED (
        SELECT u.row_id, u.migration_id FROM updates u
         WHERE u.external_transaction_hash = $1 AND u.external_transaction_hash IS NOT NULL
         ORDER BY u.migration_id, u.row_id LIMIT 1)
      ${treeStatement('$2::boolean', `${tree('$2::boolean', 'plain', 'one')} FROM hit h JOIN updates u ON u.row_id = h.row_id AND u.migration_id = h.migration_id`, '', 'e.node_id')}`,
  );

  /** CompactOnlyHistory when `lossless` and the update was loaded compact-only. */
  async findRowsByHash(hash: string, lossless: boolean): Promise<UpdateTreeRow[]> {
    const rows: UpdateTreeRow[] = await this.db.query(UpdateHistoryRepository.BY_HASH, [hash, lossless]);
    if (lossless) requireLosslessRows(rows);
    return rows;
  }

  static readonly IMPORT_PAGE = prepared(
    'scan_update_tree_import_page',
    `WITH page AS MATERIALIZED (
        SELECT u.row_id FROM updates u
         WHERE u.migration_id = $1 AND u.is_import AND u.update_id > $2
         ORDER BY u.update_id LIMIT $3)
      ${treeStatement('true', `${tree('true')} FROM page p JOIN updates u ON u.row_id = p.row_id AND u.migration_id = $1`, '', 'u.update_id, e.node_id')}`,
  );

  /**
   * A page of the update list: non-import updates after `(migration, record time)`, ascending.
   * Migrations are walked one by one (a loose index scan of their ids), each read from
   * ix_updates_migration_record_time starting past its import updates (which all carry the
   * import record time), so neither the imports of a migration nor earlier pages are scanned.
   * The page is not materialised: inlined, its order is known to the planner, which then only
   * sorts each update's few events by node id (an incremental sort) instead of sorting every
   * wide (update, event) row of the page (docs/performance.md "Update tree statement").
   * $5: lossless.
   */
  static readonly LIST_PAGE = prepared(
    'scan_update_tree_list_page',
    `WITH RECURSIVE ms(id) AS (
        SELECT min(migration_id) FROM updates WHERE migration_id >= $1
        UNION ALL
        SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL),
      page AS NOT MATERIALIZED (
        SELECT p.row_id, p.migration_id, p.record_time
          FROM ms CROSS JOIN LATERAL (
            SELECT u.row_id, u.migration_id, u.record_time FROM updates u
             WHERE u.migration_id = ms.id
               AND u.record_time > CASE WHEN ms.id = $1 THEN GREATEST($2::timestamptz, $4::timestamptz) ELSE $4::timestamptz END
               AND NOT u.is_import
             ORDER BY u.record_time LIMIT $3) p
         WHERE ms.id IS NOT NULL
         ORDER BY p.migration_id, p.record_time LIMIT $3)
      ${treeStatement('$5::boolean', `${tree('$5::boolean')} FROM page p JOIN updates u ON u.row_id = p.row_id AND u.migration_id = p.migration_id`, '', 'p.migration_id, p.record_time, e.node_id')}`,
  );

  /**
   * Rows of at most `limit` non-import updates strictly after `(afterMigrationId,
   * afterRecordTime)` in `(migration_id, record_time)` order (from the beginning without `after`).
   * CompactOnlyHistory when `lossless` and the page holds an update loaded compact-only.
   */
  async findListPageRows(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
    lossless: boolean,
  ): Promise<UpdateTreeRow[]> {
    const rows: UpdateTreeRow[] = await this.db.query(
      UpdateHistoryRepository.LIST_PAGE,
      listPageParams(after, IMPORT_RECORD_TIME, limit, lossless),
    );
    if (lossless) requireLosslessRows(rows);
    return rows;
  }

  /**
   * The same page as `findListPageRows`, as its items' text in `form` (comma-separated), written
   * while the rows arrive (`itemsTextFold`).
   */
  listPageText(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
    lossless: boolean,
    form: ItemForm,
  ): Promise<string> {
    return this.db.fold(
      UpdateHistoryRepository.LIST_PAGE,
      listPageParams(after, IMPORT_RECORD_TIME, limit, lossless),
      itemsTextFold(form, lossless),
    );
  }

  /**
   * A page of the deprecated v0 update list (docs/offsets-and-ids.md "The v0 update list"): as
   * LIST_PAGE, with import updates: each migration after $1 starts with them (in update id order,
   * by ix_updates_import), and migration $1 too when $2 is before the import time ('-infinity'
   * without `after`). Event ids are `#`-prefixed. $5: lossless.
   */
  static readonly V0_LIST_PAGE = prepared(
    'scan_update_tree_v0_list_page',
    `WITH RECURSIVE ms(id) AS (
        SELECT min(migration_id) FROM updates WHERE migration_id >= $1
        UNION ALL
        SELECT (SELECT min(u.migration_id) FROM updates u WHERE u.migration_id > ms.id) FROM ms WHERE ms.id IS NOT NULL),
      page AS NOT MATERIALIZED (
        SELECT p.row_id, p.migration_id, p.record_time, p.update_id
          FROM ms CROSS JOIN LATERAL (
            (SELECT u.row_id, u.migration_id, u.record_time, u.update_id FROM updates u
              WHERE u.migration_id = ms.id AND u.is_import AND (ms.id > $1 OR $2::timestamptz < $4::timestamptz)
              ORDER BY u.update_id LIMIT $3)
            UNION ALL
            (SELECT u.row_id, u.migration_id, u.record_time, u.update_id FROM updates u
              WHERE u.migration_id = ms.id
                AND u.record_time > CASE WHEN ms.id = $1 THEN GREATEST($2::timestamptz, $4::timestamptz) ELSE $4::timestamptz END
                AND NOT u.is_import
              ORDER BY u.record_time LIMIT $3)) p
         WHERE ms.id IS NOT NULL
         ORDER BY p.migration_id, p.record_time, p.update_id LIMIT $3)
      ${treeStatement('$5::boolean', `${tree('$5::boolean', 'prefixed')} FROM page p JOIN updates u ON u.row_id = p.row_id AND u.migration_id = p.migration_id`, '', 'p.migration_id, p.record_time, p.update_id, e.node_id')}`,
  );

  /**
   * Rows of at most `limit` updates of the v0 list strictly after `(afterMigrationId,
   * afterRecordTime)` (`-infinity`: from the start of that migration, import updates included),
   * from the beginning without `after`. CompactOnlyHistory when `lossless` and the page holds an
   * update loaded compact-only.
   */
  async findV0ListPageRows(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
    lossless: boolean,
  ): Promise<UpdateTreeRow[]> {
    const rows: UpdateTreeRow[] = await this.db.query(
      UpdateHistoryRepository.V0_LIST_PAGE,
      listPageParams(after, '-infinity', limit, lossless),
    );
    if (lossless) requireLosslessRows(rows);
    return rows;
  }

  /** The same page as `findV0ListPageRows`, as its items' text (comma-separated), written while the rows arrive. */
  v0ListPageText(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
    lossless: boolean,
  ): Promise<string> {
    return this.db.fold(
      UpdateHistoryRepository.V0_LIST_PAGE,
      listPageParams(after, '-infinity', limit, lossless),
      itemsTextFold('item', lossless),
    );
  }

  /**
   * The response body of `updates-before` (losslessV1PageBody): non-import updates of one
   * migration and synchronizer with $4 <= record time < $3, newest first, at most $5, read
   * backwards from ix_updates_migration_record_time (the synchronizer is a filter on it: a
   * migration has one synchronizer or a few). Run as text bytes (`Db.textStream`), never prepared.
   */
  static readonly BEFORE_PAGE_BODY = losslessV1PageBody(
    (columns) => `SELECT ${columns} FROM updates u
       WHERE u.migration_id = $1 AND u.synchronizer = ${synchronizerIdOf('$2::text')}
         AND u.record_time < $3::timestamptz AND u.record_time >= $4::timestamptz AND NOT u.is_import
       ORDER BY u.record_time DESC, u.row_id DESC LIMIT $5`,
  );

  /**
   * Rows of a migration's import updates with update id > `afterUpdateId`, ascending, at most
   * `limit` updates (lossless: CompactOnlyHistory when one was loaded compact-only).
   */
  async findImportPageRows(
    migrationId: number,
    afterUpdateId: string,
    limit: number,
  ): Promise<UpdateTreeRow[]> {
    const rows: UpdateTreeRow[] = await this.db.query(UpdateHistoryRepository.IMPORT_PAGE, [
      migrationId,
      afterUpdateId,
      limit,
    ]);
    requireLosslessRows(rows);
    return rows;
  }
}

/** The parameters of LIST_PAGE and V0_LIST_PAGE: from migration 0 at `from` without `after`. */
function listPageParams(
  after: { migrationId: number; recordTime: string } | undefined,
  from: string,
  limit: number,
  lossless: boolean,
): unknown[] {
  return [after?.migrationId ?? 0, after?.recordTime ?? from, limit, IMPORT_RECORD_TIME, lossless];
}
