import type { Queryable } from '../database/db';

/**
 * SQL of the template dictionary (`templates`) for the readers of `events.template_ref`: a
 * statement that prints an event's template id or package name joins the dictionary (a few
 * hundred rows, read once per statement), and a template filter looks the matching ids up first.
 */

/** The join of event `e`'s template as `et` (an inner join: every event has one). */
export const EVENT_TEMPLATE_JOIN = `JOIN templates et ON et.id = e.template_ref`;

/** A template id, `package_id:Module:Entity`, from the dictionary row `alias`. */
export function templateIdOf(alias: string): string {
  return `(${alias}.package_id || ':' || ${alias}.module_name || ':' || ${alias}.entity_name)`;
}

/** Event `e`'s template id (with `EVENT_TEMPLATE_JOIN`). */
export const EVENT_TEMPLATE_ID = templateIdOf('et');
/** Event `e`'s package name (with `EVENT_TEMPLATE_JOIN`). */
export const EVENT_PACKAGE_NAME = `et.package_name`;

/** The condition on dictionary row `t` of a template filter (text SQL expressions; see `lookupTemplateRefs`). */
function templateCondition(suffix: string, packageRef?: string): string {
  const pkg =
    packageRef === undefined ? '' : ` AND (t.package_id = ${packageRef} OR t.package_name = ${packageRef})`;
  return `t.module_name || ':' || t.entity_name = ${suffix}${pkg}`;
}

/**
 * The ids of the templates whose `MODULE:ENTITY` is `suffix`, of the package `packageRef` (its id
 * or its name) when given, sorted, for a statement to take as an `integer[]` parameter of
 * `e.template_ref = ANY (...)`: the planner then sees the ids, and estimates a filter on a
 * template that most events are of as such (ix_events_template_entity's statistics), where ids
 * looked up inside the statement are unknown values to it.
 */
export async function lookupTemplateRefs(
  db: Queryable,
  suffix: string,
  packageRef?: string,
): Promise<number[]> {
  const params = packageRef === undefined ? [suffix] : [suffix, packageRef];
  const rows = await db.query<{ id: number }>(
    `SELECT t.id FROM templates t WHERE ${templateCondition('$1::text', packageRef === undefined ? undefined : '$2::text')} ORDER BY t.id`,
    params,
  );
  return rows.map((r) => r.id);
}

/** As `lookupTemplateRefs`, as an SQL subquery of type integer[] (uncorrelated: evaluated once per statement). */
export function templateRefsOf(suffix: string, packageRef?: string): string {
  return `ARRAY(SELECT t.id FROM templates t WHERE ${templateCondition(`${suffix}::text`, packageRef === undefined ? undefined : `${packageRef}::text`)})`;
}
