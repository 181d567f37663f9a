import { contractTemplateFilter, contractTemplateId } from '../../contracts/template-key.sql';
import type { Db } from '../../database/db';
import type { StreamedBytes } from '../../database/streamed-bytes';
import { fewestDigitsJsonSql } from '../../database/timestamp-sql';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { lookupPartyIds } from '../../parties/party-sql';

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
  /** `partyIds` as dictionary ids (`lookupPartyIds`), which the statement takes; `AcsRepository` looks them up. */
  stakeholderIds?: readonly (number | null)[];
  /** Keep contracts of these templates, matched on package name (not package id). */
  templates?: readonly TemplateName[];
}

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
    if (selection.stakeholderIds?.length !== selection.partyIds.length)
      throw new Error('an ACS selection by party without the parties looked up');
    params.push(selection.stakeholderIds);
    clauses.push(`c.stakeholders && $${params.length}::integer[]`);
  }
  if (selection.templates?.length) {
    params.push(
      selection.templates.map((t) => t.packageName),
      selection.templates.map((t) => t.moduleName),
      selection.templates.map((t) => t.entityName),
    );
    const n = params.length;
    // One range of ix_contracts_template (its hashed key) per template.
    clauses.push(
      `EXISTS (SELECT 1 FROM unnest($${n - 2}::text[], $${n - 1}::text[], $${n}::text[]) AS t(p, m, e)
                WHERE ${contractTemplateFilter('c', 't.p', 't.m', 't.e')})`,
    );
  }
  return clauses.join(' AND ');
}

/**
 * The JSON text of a contract's CreatedEvent (contract `c`, its creating update `u`), keys in the
 * order of the spec's CreatedEvent. Strings go through `to_json` (JSON escaping); the create
 * arguments are the stored compact text; `created_at` has the fewest fraction digits that keep
 * its value, as a Splice scan writes a created event's (docs/daml-values.md).
 */
export const CREATED_EVENT_TEXT = `'{"event_type":"created_event","event_id":' || to_json(u.update_id || ':' || c.created_node_id)::text
  || ',"contract_id":' || to_json(c.contract_id)::text || ',"template_id":' || to_json(${contractTemplateId('c')})::text
  || ',"package_name":' || to_json(c.package_name)::text || ',"create_arguments":' || c.payload_compact::text
  || ',"created_at":' || ${fewestDigitsJsonSql('c.created_at')}
  || ',"signatories":' || to_json(c.signatories)::text || ',"observers":' || to_json(c.observers)::text || '}'`;

/**
 * The JSON text of the same contract as an ActiveContract (the v1 holdings pages): no event id,
 * `created_in_update_id` first, left out when an import update created the contract in this
 * migration (its update id is not the original transaction's; docs/offsets-and-ids.md).
 */
export const ACTIVE_CONTRACT_TEXT = `'{' || CASE WHEN u.record_time = '${IMPORT_RECORD_TIME}'::timestamptz THEN ''
    ELSE '"created_in_update_id":' || to_json(u.update_id)::text || ',' END
  || '"contract_id":' || to_json(c.contract_id)::text || ',"template_id":' || to_json(${contractTemplateId('c')})::text
  || ',"package_name":' || to_json(c.package_name)::text || ',"create_arguments":' || c.payload_compact::text
  || ',"created_at":' || ${fewestDigitsJsonSql('c.created_at')}
  || ',"signatories":' || to_json(c.signatories)::text || ',"observers":' || to_json(c.observers)::text || '}'`;

/** The first bytes of a page's body: record time and migration in the order of AcsResponse, then `"created_events":[`. */
export function pageBodyPrefix(migrationId: number, snapshotTime: string): string {
  return `{"record_time":${JSON.stringify(snapshotTime)},"migration_id":${JSON.stringify(migrationId)},"created_events":[`;
}

/**
 * The SQL writing a whole page body from `pageSql`, which selects the page's contract row ids
 * (`row_id`, at most `$limit` of them) of migration `$1`: `$prefix` (pageBodyPrefix), each
 * contract's `eventText`, and `next_page_token` (the page's last row id) only when the page is
 * full. Only the page's rows are read from contracts and updates.
 */
export function pageBodySql(pageSql: string, limit: string, prefix: string, eventText: string): string {
  return `WITH page AS MATERIALIZED (${pageSql}),
          events AS (
            SELECT c.row_id, ${eventText} AS event
              FROM page p JOIN contracts c ON c.row_id = p.row_id AND c.migration_id = $1
                JOIN updates u ON u.row_id = c.created_update_row_id AND u.migration_id = $1)
          SELECT ${prefix}::text || coalesce(string_agg(event, ',' ORDER BY row_id), '')
                 || CASE WHEN count(*) = ${limit}::int THEN '],"next_page_token":' || max(row_id) || '}' ELSE ']}' END AS body
            FROM events`;
}

/**
 * A page of the snapshot in creation order (row id = creation order), as the whole response body
 * (AcsResponse) PostgreSQL writes (pageBodySql). The row ids are chosen first from
 * ix_contracts_acs (migration_id, row_id INCLUDE created/archived record times), which without
 * party or template filters is an index-only scan; only the page's rows are then read. One row of
 * one text column comes back (read with `Db.textStream`: no parsing in Node).
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
  params.push(pageBodyPrefix(selection.migrationId, selection.snapshotTime));
  return {
    sql: pageBodySql(
      `SELECT c.row_id FROM contracts c WHERE ${filter} AND c.row_id > $${n - 1}::bigint ORDER BY c.row_id LIMIT $${n}`,
      `$${n}`,
      `$${n + 1}`,
      CREATED_EVENT_TEXT,
    ),
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

  /** A page's response body, as the UTF-8 bytes PostgreSQL writes (acsPageStatement), as they arrive. */
  async page(selection: AcsSelection, afterRowId: string | undefined, limit: number): Promise<StreamedBytes> {
    const { sql, params } = acsPageStatement(await this.withStakeholderIds(selection), afterRowId, limit);
    return this.db.textStream(sql, params);
  }

  async isRowOf(selection: AcsSelection, rowId: string): Promise<boolean> {
    const { sql, params } = acsRowCheckStatement(await this.withStakeholderIds(selection), rowId);
    const [row]: { ok: boolean }[] = await this.db.query(sql, params);
    return row.ok;
  }

  /** The selection with its parties' ids (one dictionary lookup), when it selects by party. */
  private async withStakeholderIds(selection: AcsSelection): Promise<AcsSelection> {
    if (!selection.partyIds?.length || selection.stakeholderIds) return selection;
    return { ...selection, stakeholderIds: await lookupPartyIds(this.db, selection.partyIds) };
  }
}
