import type { Db } from '../../database/db';
import { contractTemplateId } from '../../contracts/template-key.sql';
import { IMPORT_RECORD_TIME } from '../../history/update-history.types';
import { EVENT_PARTY_IDS, partyIdArrayOf } from '../../parties/party-sql';
import {
  EVENT_TEMPLATE_ID,
  EVENT_TEMPLATE_JOIN,
  lookupTemplateRefs,
  templateRefsOf,
} from '../../templates/template-sql';

/** A position in the explorer's update order: (migration id, record time, row id), descending. */
export interface ExplorerUpdatesCursor {
  migrationId: string;
  recordTime: string;
  rowId: string;
}

/** A template filter: `MODULE:ENTITY`, and, when given, the package (its id or its name). */
export interface ExplorerTemplateFilter {
  suffix: string;
  packageRef?: string;
  /**
   * The `templates` ids matching `suffix` and `packageRef` (`lookupTemplateRefs`), which the
   * statement takes as a parameter; looked up inside the statement when absent.
   */
  templateRefs?: readonly number[];
}

export interface ExplorerUpdatesQuery {
  after?: ExplorerUpdatesCursor;
  party?: string;
  template?: ExplorerTemplateFilter;
  /** A choice name: updates with an exercised event of it. */
  choice?: string;
  /** A contract id: updates with an event on it (create, exercise, archive, assignment) or unassigning it. */
  contractId?: string;
  /** Rows to read: the page size plus one (the extra row says whether a next page exists). */
  limit: number;
}

export interface ExplorerUpdateRow {
  row_id: string;
  update_id: string;
  migration_id: string;
  record_time: string;
  kind: 'transaction' | 'assignment' | 'unassignment';
  workflow_id: string;
  event_count: number;
  template_ids: string[];
  root_event_ids: string[] | null;
}

/** The contract an unassignment moves (it has no event row of its own). */
const UNASSIGNED_CONTRACT = `c.migration_id = u.migration_id AND c.contract_id = u.reassigned_contract_id`;

/** The updates passing every condition of `where`, newest first, at most `limit` (a parameter). */
function pageOfUpdates(where: readonly string[], limit: string): string {
  return `SELECT u.row_id, u.update_id, u.migration_id, u.record_time, u.kind, u.workflow_id, u.root_node_ids,
                 u.reassigned_contract_id
            FROM updates u
           WHERE ${where.join('\n             AND ')}
           ORDER BY u.migration_id DESC, u.record_time DESC, u.row_id DESC
           LIMIT ${limit}`;
}

/**
 * One page of the explorer's update list, one statement: non-import updates newest first
 * (ix_updates_migration_record_time read backwards from the cursor), filtered by party
 * (ix_events_parties, the submitter of a reassignment, an unassigned contract's stakeholders)
 * and template (ix_events_template_entity, on the ids of the templates of MODULE:ENTITY; an unassigned contract's template), choice
 * (ix_events_choice) and contract id (ix_events_contract, ix_updates_reassigned_contract), each
 * with its event count, distinct sorted template ids and root event ids. The choice and contract
 * filters are semi-joins, so that the planner either walks the updates newest first probing the
 * index per update (a choice or contract on many updates) or reads the few matching events first.
 */
export function explorerUpdatesStatement(query: ExplorerUpdatesQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [IMPORT_RECORD_TIME];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = ['NOT u.is_import', 'u.record_time > $1::timestamptz'];
  if (query.after) {
    const { migrationId, recordTime, rowId } = query.after;
    where.push(
      `(u.migration_id, u.record_time, u.row_id) < (${add(migrationId)}::bigint, ${add(recordTime)}::timestamptz, ${add(rowId)}::bigint)`,
    );
  }
  if (query.party !== undefined) {
    const p = add(query.party);
    // The parties of an event (stakeholders, which hold a created event's signatories and
    // observers, and the acting parties of an exercise) as ids, as ix_events_parties indexes them.
    const party = partyIdArrayOf(`${p}::text`);
    where.push(`(EXISTS (SELECT 1 FROM events e WHERE e.update_row_id = u.row_id AND ${EVENT_PARTY_IDS} @> ${party})
      OR u.submitter = ${p}
      OR (u.kind = 'unassignment' AND EXISTS (SELECT 1 FROM contracts c WHERE ${UNASSIGNED_CONTRACT} AND c.stakeholders @> ${party})))`);
  }
  if (query.template) {
    const { suffix, packageRef, templateRefs } = query.template;
    const [moduleName, entityName] = suffix.split(':');
    const refs = templateRefs
      ? `${add(templateRefs)}::integer[]`
      : templateRefsOf(add(suffix), packageRef === undefined ? undefined : add(packageRef));
    const pkg = packageRef === undefined ? undefined : add(packageRef);
    const contractPkg = pkg ? ` AND (c.package_id = ${pkg} OR c.package_name = ${pkg})` : '';
    // The unassigned contract is probed by its id (ux_contracts_contract_migration) per unassignment
    // walked: `OFFSET 0` keeps the planner from hashing every contract of the module and entity
    // instead, which no index serves (ix_contracts_template is keyed on the whole name's hash).
    where.push(`(EXISTS (SELECT 1 FROM events e WHERE e.update_row_id = u.row_id AND e.template_ref = ANY (${refs}))
      OR (u.kind = 'unassignment' AND EXISTS (SELECT 1 FROM contracts c WHERE ${UNASSIGNED_CONTRACT}
            AND c.module_name = ${add(moduleName)} AND c.entity_name = ${add(entityName)}${contractPkg} OFFSET 0)))`);
  }
  if (query.choice !== undefined) {
    where.push(`u.row_id IN (SELECT e.update_row_id FROM events e WHERE e.choice = ${add(query.choice)})`);
  }
  const limit = add(query.limit);
  let page = pageOfUpdates(where, limit);
  if (query.contractId !== undefined) {
    // Its events' updates, and its unassignments (which have no event): a UNION ALL of two
    // ordered branches, not an OR, so that each keeps its own index and a semi-join the planner
    // can run either way round (walking the updates, or reading the contract's events first).
    const c = add(query.contractId);
    page = `(${pageOfUpdates([...where, `u.row_id IN (SELECT e.update_row_id FROM events e WHERE e.contract_id = ${c})`], limit)})
            UNION ALL
            (${pageOfUpdates([...where, `u.kind = 'unassignment'`, `u.reassigned_contract_id = ${c}`], limit)})
            ORDER BY migration_id DESC, record_time DESC, row_id DESC
            LIMIT ${limit}`;
  }
  return {
    sql: `WITH page AS MATERIALIZED (${page})
          SELECT p.row_id::text AS row_id, p.update_id, p.migration_id::text AS migration_id, p.record_time, p.kind,
                 p.workflow_id,
                 CASE WHEN p.kind = 'transaction' THEN (SELECT count(*)::int FROM events e WHERE e.update_row_id = p.row_id)
                      ELSE 1 END AS event_count,
                 CASE WHEN p.kind = 'unassignment'
                      THEN ARRAY(SELECT ${contractTemplateId('c')} FROM contracts c
                                  WHERE c.migration_id = p.migration_id AND c.contract_id = p.reassigned_contract_id)
                      ELSE ARRAY(SELECT DISTINCT ${EVENT_TEMPLATE_ID} COLLATE "C" FROM events e ${EVENT_TEMPLATE_JOIN}
                                  WHERE e.update_row_id = p.row_id ORDER BY 1) END AS template_ids,
                 CASE WHEN p.kind = 'transaction'
                      THEN ARRAY(SELECT p.update_id || ':' || x.n FROM unnest(p.root_node_ids) WITH ORDINALITY AS x(n, o)
                                  ORDER BY x.o) END AS root_event_ids
            FROM page p
           ORDER BY p.migration_id DESC, p.record_time DESC, p.row_id DESC`,
    params,
  };
}

/** The explorer's update list (docs/explorer.md "Update list"). */
export class ExplorerUpdatesRepository {
  constructor(private readonly db: Db) {}

  async page(query: ExplorerUpdatesQuery): Promise<ExplorerUpdateRow[]> {
    const { template } = query;
    if (template && !template.templateRefs)
      query = {
        ...query,
        template: {
          ...template,
          templateRefs: await lookupTemplateRefs(this.db, template.suffix, template.packageRef),
        },
      };
    const { sql, params } = explorerUpdatesStatement(query);
    return this.db.query(sql, params);
  }
}
