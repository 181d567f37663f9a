import type { Db } from '../../database/db';
import type { HistoryContractRow, Stored } from '../../history/history-rows';

export interface TemplateName {
  packageName: string;
  moduleName: string;
  entityName: string;
}

/** The contracts of one ACS snapshot a request selects. */
export interface AcsSelection {
  migrationId: number;
  /** Snapshot time T: contracts created before T and not archived before T. */
  snapshotTime: string;
  /** Keep contracts with at least one of these stakeholders (ix_contracts_stakeholders). */
  partyIds?: readonly string[];
  /** Keep contracts of these templates, matched on package name (not package id). */
  templates?: readonly TemplateName[];
}

/** A contract of an ACS page, with the update that created it (for its event id). */
export type AcsContractRow = Pick<
  Stored<HistoryContractRow>,
  | 'row_id'
  | 'contract_id'
  | 'template_id'
  | 'package_name'
  | 'payload_compact'
  | 'created_at'
  | 'signatories'
  | 'observers'
  | 'created_node_id'
> & { created_update_id: string };

export interface AcsStatement {
  sql: string;
  params: unknown[];
}

/** WHERE clause of a selection; `$1` is the migration and `$2` the snapshot time. */
function selectionFilter(selection: AcsSelection, params: unknown[]): string {
  params.push(selection.migrationId, selection.snapshotTime);
  const clauses = [
    'c.migration_id = $1',
    'c.created_record_time < $2::timestamptz',
    '(c.archived_record_time IS NULL OR c.archived_record_time >= $2::timestamptz)',
  ];
  if (selection.partyIds?.length) {
    params.push(selection.partyIds);
    clauses.push(`c.stakeholders && $${params.length}::text[]`);
  }
  if (selection.templates?.length) {
    params.push(
      selection.templates.map((t) => t.packageName),
      selection.templates.map((t) => t.moduleName),
      selection.templates.map((t) => t.entityName),
    );
    const n = params.length;
    clauses.push(
      `(c.package_name, c.module_name, c.entity_name) IN (SELECT * FROM unnest($${n - 2}::text[], $${n - 1}::text[], $${n}::text[]))`,
    );
  }
  return clauses.join(' AND ');
}

/**
 * A page of the snapshot in creation order (row id = creation order). The row ids are chosen
 * first from ix_contracts_acs (migration_id, row_id INCLUDE created/archived record times), which
 * without party or template filters is an index-only scan; only the page's rows are then read.
 */
export function acsPageStatement(
  selection: AcsSelection,
  afterRowId: string | undefined,
  limit: number,
): AcsStatement {
  const params: unknown[] = [];
  const filter = selectionFilter(selection, params);
  params.push(afterRowId ?? '0', limit);
  const n = params.length;
  return {
    sql: `WITH page AS MATERIALIZED (
            SELECT c.row_id FROM contracts c WHERE ${filter} AND c.row_id > $${n - 1}::bigint ORDER BY c.row_id LIMIT $${n})
          SELECT c.row_id, c.contract_id, c.template_id, c.package_name, c.payload_compact, c.created_at, c.signatories,
                 c.observers, u.update_id AS created_update_id, c.created_node_id
            FROM page p JOIN contracts c ON c.row_id = p.row_id JOIN updates u ON u.row_id = c.created_update_row_id
           ORDER BY c.row_id`,
    params,
  };
}

/** Whether a row belongs to the selection (a page token must name one of its rows). */
export function acsRowCheckStatement(selection: AcsSelection, rowId: string): AcsStatement {
  const params: unknown[] = [];
  const filter = selectionFilter(selection, params);
  params.push(rowId);
  return {
    sql: `SELECT EXISTS (SELECT 1 FROM contracts c WHERE c.row_id = $${params.length}::bigint AND ${filter}) AS ok`,
    params,
  };
}

/** The active contract set at a snapshot, read in pages. */
export class AcsRepository {
  constructor(private readonly db: Db) {}

  async page(
    selection: AcsSelection,
    afterRowId: string | undefined,
    limit: number,
  ): Promise<AcsContractRow[]> {
    const { sql, params } = acsPageStatement(selection, afterRowId, limit);
    return this.db.query(sql, params);
  }

  async isRowOf(selection: AcsSelection, rowId: string): Promise<boolean> {
    const { sql, params } = acsRowCheckStatement(selection, rowId);
    const [row]: { ok: boolean }[] = await this.db.query(sql, params);
    return row.ok;
  }
}
