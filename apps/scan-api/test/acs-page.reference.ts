/**
 * Test-only reference: an ACS page of `POST /v0|v1|v2/state/acs` exactly as it was built before
 * PostgreSQL wrote the response text (issue 12 item 1) — the old page statement (rows of the page's
 * contracts) and the old rows → objects mapping. `scan-acs-serialisation.e2e-spec.ts` compares every
 * response with `JSON.stringify` of what this gives (what Nest sent), byte for byte.
 */
import type { scanApi } from '@canton-scan/contracts';
import { fewestDigitsText, type Db, partyIdsOf } from '@canton-scan/domain';

interface ReferenceRow {
  row_id: string;
  contract_id: string;
  template_id: string;
  package_name: string;
  payload_compact: { [key: string]: unknown };
  created_at: string;
  signatories: string[];
  observers: string[];
  created_update_id: string;
  created_node_id: number;
}

export interface ReferenceSelection {
  migrationId: number;
  snapshotTime: string;
  partyIds?: string[];
  templates?: { packageName: string; moduleName: string; entityName: string }[];
}

export async function referenceAcsPage(
  db: Db,
  selection: ReferenceSelection,
  after: number | undefined,
  pageSize: number,
): Promise<scanApi.AcsResponse> {
  const params: unknown[] = [selection.migrationId, selection.snapshotTime];
  const clauses = [
    'c.migration_id = $1',
    'c.created_record_time < $2::timestamptz',
    '(c.archived_record_time IS NULL OR c.archived_record_time >= $2::timestamptz)',
  ];
  if (selection.partyIds?.length) {
    params.push(selection.partyIds);
    clauses.push(`c.stakeholders && ${partyIdsOf(`$${params.length}`)}`);
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
  params.push(String(after ?? 0), pageSize);
  const n = params.length;
  const rows: ReferenceRow[] = await db.query(
    `WITH page AS MATERIALIZED (
       SELECT c.row_id FROM contracts c WHERE ${clauses.join(' AND ')} AND c.row_id > $${n - 1}::bigint ORDER BY c.row_id LIMIT $${n})
     SELECT c.row_id, c.contract_id, tp.package_id || ':' || tp.module_name || ':' || tp.entity_name AS template_id, c.package_name, c.payload_compact, c.created_at, c.signatories,
            c.observers, u.update_id AS created_update_id, c.created_node_id
       FROM page p JOIN contracts c ON c.row_id = p.row_id JOIN updates u ON u.row_id = c.created_update_row_id
       -- The template id as the creating event holds it (contracts store only its parts).
       JOIN events ce ON ce.migration_id = c.migration_id AND ce.update_row_id = c.created_update_row_id
                     AND ce.node_id = c.created_node_id
       JOIN templates tp ON tp.id = ce.template_ref
      ORDER BY c.row_id`,
    params,
  );
  const page: scanApi.AcsResponse = {
    record_time: selection.snapshotTime,
    migration_id: selection.migrationId,
    created_events: rows.map((r) => ({
      event_type: 'created_event',
      event_id: `${r.created_update_id}:${r.created_node_id}`,
      contract_id: r.contract_id,
      template_id: r.template_id,
      package_name: r.package_name,
      create_arguments: r.payload_compact as scanApi.CreatedEvent['create_arguments'],
      created_at: fewestDigitsText(r.created_at),
      signatories: r.signatories,
      observers: r.observers,
    })),
  };
  if (rows.length === pageSize) page.next_page_token = Number(rows[rows.length - 1].row_id);
  return page;
}
