import { prepared, type Db } from '../../database/db';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import type {
  EventTreeColumn,
  HistoryEventRow,
  HistoryUpdateRow,
  OuterJoined,
  Stored,
  UpdateHeaderColumn,
} from '../../history/history-rows';

/**
 * One row per (update, event) pair; the update columns repeat on each of its event rows. The
 * event columns are null only for an update without events (an unassignment).
 */
export type UpdateEventRow = Pick<Stored<HistoryUpdateRow>, UpdateHeaderColumn | 'ledger_offset'> &
  OuterJoined<Pick<Stored<HistoryEventRow>, EventTreeColumn>>;

const UPDATE_COLUMNS = `u.row_id, u.update_id, u.migration_id, u.kind, u.record_time, u.effective_at, u.synchronizer_id, u.workflow_id,
  u.ledger_offset, u.external_transaction_hash, u.root_node_ids, u.submitter, u.source_synchronizer, u.target_synchronizer,
  u.unassign_id, u.reassignment_counter, u.reassigned_contract_id`;
const EVENT_COLUMNS = `e.node_id, e.event_type, e.contract_id, e.template_id, e.package_name, e.create_arguments, e.created_at,
  e.signatories, e.observers, e.choice, e.choice_argument, e.exercise_result, e.consuming, e.acting_parties, e.interface_id,
  e.child_node_ids`;

/**
 * Reads recorded updates with their event trees: `updates` joined with `events` in one
 * statement (ux_updates_update_id / ix_updates_import, then pk_events), rows in node order.
 */
export class UpdateHistoryRepository {
  constructor(private readonly db: Db) {}

  /** The rows of one update by id; empty when unknown. */
  static readonly BY_ID = prepared(
    'scan_update_by_id',
    `SELECT ${UPDATE_COLUMNS}, ${EVENT_COLUMNS}
      FROM updates u LEFT JOIN events e ON e.update_row_id = u.row_id
     WHERE u.update_id = $1
     ORDER BY e.node_id`,
  );

  async findRowsById(updateId: string): Promise<UpdateEventRow[]> {
    return this.db.query(UpdateHistoryRepository.BY_ID, [updateId]);
  }

  static readonly IMPORT_PAGE_SQL = `WITH page AS MATERIALIZED (
        SELECT u.row_id FROM updates u
         WHERE u.migration_id = $1 AND u.is_import AND u.update_id > $2
         ORDER BY u.update_id LIMIT $3)
      SELECT ${UPDATE_COLUMNS}, ${EVENT_COLUMNS}
        FROM page p JOIN updates u ON u.row_id = p.row_id LEFT JOIN events e ON e.update_row_id = u.row_id
       ORDER BY u.update_id, e.node_id`;

  /**
   * A page of the update list: non-import updates after `(migration, record time)`, ascending.
   * Migrations are walked one by one (a loose index scan of their ids), each read from
   * ix_updates_migration_record_time starting past its import updates (which all carry the
   * import record time), so neither the imports of a migration nor earlier pages are scanned.
   * The page is not materialised: inlined, its order is known to the planner, which then only
   * sorts each update's few events by node id (an incremental sort) instead of sorting every
   * wide (update, event) row of the page (docs/performance.md "Update tree statement").
   */
  static readonly LIST_PAGE = prepared(
    'scan_update_list_page',
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
      SELECT ${UPDATE_COLUMNS}, ${EVENT_COLUMNS}
        FROM page p JOIN updates u ON u.row_id = p.row_id LEFT JOIN events e ON e.update_row_id = u.row_id
       ORDER BY p.migration_id, p.record_time, e.node_id`,
  );

  /**
   * Rows of at most `limit` non-import updates strictly after `(afterMigrationId,
   * afterRecordTime)` in `(migration_id, record_time)` order (from the beginning without `after`).
   */
  async findListPageRows(
    after: { migrationId: number; recordTime: string } | undefined,
    limit: number,
  ): Promise<UpdateEventRow[]> {
    return this.db.query(UpdateHistoryRepository.LIST_PAGE, [
      after?.migrationId ?? 0,
      after?.recordTime ?? IMPORT_RECORD_TIME,
      limit,
      IMPORT_RECORD_TIME,
    ]);
  }

  /** Rows of a migration's import updates with update id > `afterUpdateId`, ascending, at most `limit` updates. */
  async findImportPageRows(
    migrationId: number,
    afterUpdateId: string,
    limit: number,
  ): Promise<UpdateEventRow[]> {
    return this.db.query(UpdateHistoryRepository.IMPORT_PAGE_SQL, [migrationId, afterUpdateId, limit]);
  }
}
