import type { Queryable } from '../database/db';
import { TEMPLATE_REF_PENDING } from './history-row-builder';
import type { HistoryEventRow } from './history-rows';

/** An event's template id and package name, as one key (`templateKey`) to `templates.id`. */
export type TemplateIds = ReadonlyMap<string, number>;

/** Whether an event's template id was assigned (events are never written before). */
export function templateRefAssigned(ref: number): boolean {
  return ref !== TEMPLATE_REF_PENDING;
}

/** The dictionary key of a template id and package name (neither holds a newline). */
const templateKey = (templateId: string, packageName: string) => `${templateId}\n${packageName}`;

/**
 * Gives a batch's new events their template ids (`template_ref`), adding the templates the
 * dictionary does not hold yet, on `connection` (in its transaction, if any), as `assignPartyIds`
 * does for parties. `known`: ids learned from earlier batches, committed already (no statement
 * when they cover the batch). Returns the ids it looked up, for the caller to keep once committed.
 */
export async function assignTemplateIds(
  connection: Queryable,
  rows: { events: HistoryEventRow[] },
  known: TemplateIds,
): Promise<Map<string, number>> {
  const missing = new Map<string, { templateId: string; packageName: string }>();
  for (const e of rows.events) {
    const key = templateKey(e.template_id, e.package_name);
    if (!known.has(key) && !missing.has(key))
      missing.set(key, { templateId: e.template_id, packageName: e.package_name });
  }
  const looked =
    missing.size === 0 ? new Map<string, number>() : await lookUpTemplates(connection, [...missing.values()]);
  for (const e of rows.events) {
    const key = templateKey(e.template_id, e.package_name);
    e.template_ref = known.get(key) ?? looked.get(key)!;
  }
  return looked;
}

/** The ids of `templates` (distinct), added to the dictionary first where missing: one statement. */
async function lookUpTemplates(
  connection: Queryable,
  templates: { templateId: string; packageName: string }[],
): Promise<Map<string, number>> {
  // As lookUpParties: known ones are not offered to the INSERT (each would draw a sequence value),
  // and the INSERT's rows are not visible to the statement's own SELECT, hence the UNION.
  // Template ids are of three parts (update-validation.ts TEMPLATE_ID).
  const rows = await connection.query<{ id: number; template_id: string; package_name: string }>(
    `WITH wanted AS (
            SELECT split_part(w.template_id, ':', 1) AS package_id, split_part(w.template_id, ':', 2) AS module_name,
                   split_part(w.template_id, ':', 3) AS entity_name, w.package_name
              FROM unnest($1::text[], $2::text[]) AS w(template_id, package_name)),
          added AS (
            INSERT INTO templates (package_id, module_name, entity_name, package_name)
            SELECT w.* FROM wanted w
             WHERE NOT EXISTS (SELECT 1 FROM templates d WHERE (d.package_id, d.module_name, d.entity_name, d.package_name)
                                 = (w.package_id, w.module_name, w.entity_name, w.package_name))
             ORDER BY w.package_id COLLATE "C", w.module_name COLLATE "C", w.entity_name COLLATE "C", w.package_name COLLATE "C"
            ON CONFLICT (package_id, module_name, entity_name, package_name) DO NOTHING
            RETURNING id, package_id, module_name, entity_name, package_name)
     SELECT a.id, a.package_id || ':' || a.module_name || ':' || a.entity_name AS template_id, a.package_name FROM added a
     UNION ALL
     SELECT d.id, d.package_id || ':' || d.module_name || ':' || d.entity_name, d.package_name
       FROM templates d JOIN wanted w ON (d.package_id, d.module_name, d.entity_name, d.package_name)
                                       = (w.package_id, w.module_name, w.entity_name, w.package_name)`,
    [templates.map((t) => t.templateId), templates.map((t) => t.packageName)],
  );
  const ids = new Map(rows.map((r) => [templateKey(r.template_id, r.package_name), r.id]));
  if (ids.size < templates.length) {
    // Only if another session added one of them concurrently (not under the writer lock).
    const rest = templates.filter((t) => !ids.has(templateKey(t.templateId, t.packageName)));
    for (const r of await connection.query<{ id: number; template_id: string; package_name: string }>(
      `SELECT d.id, d.package_id || ':' || d.module_name || ':' || d.entity_name AS template_id, d.package_name
         FROM templates d JOIN unnest($1::text[], $2::text[]) AS w(template_id, package_name)
           ON d.package_id || ':' || d.module_name || ':' || d.entity_name = w.template_id AND d.package_name = w.package_name`,
      [rest.map((t) => t.templateId), rest.map((t) => t.packageName)],
    ))
      ids.set(templateKey(r.template_id, r.package_name), r.id);
  }
  for (const t of templates)
    if (!ids.has(templateKey(t.templateId, t.packageName)))
      throw new Error(`template ${t.templateId} (${t.packageName}) has no id in the templates dictionary`);
  return ids;
}
