/**
 * Template indexes keyed on a 4-byte hash of the names instead of the names (docs/scaling.md
 * "Cuts made", templates): `ix_contracts_template` and `ix_contracts_active_template` hold
 * `hashtext(...)` of the text a filter compares, so a filter states the hash (which the index
 * serves) and the names themselves (which PostgreSQL re-checks on the rows the hash found: two
 * names of one hash are told apart there). (Events' template filters go through the templates
 * dictionary, templates/template-sql.ts.) The expressions are
 * written exactly as in the migration TemplateHashIndexes, so that the planner matches them.
 */

/** The hashed key of a contract's template, `package_name:Module:Entity` (contracts alias `alias`). */
export function contractTemplateKey(alias: string): string {
  return `hashtext(${alias}.package_name || ':' || ${alias}.module_name || ':' || ${alias}.entity_name)`;
}

/**
 * A filter of `contracts` (alias `alias`) on one template by package name, module and entity,
 * each a text SQL expression (a literal, a parameter or a column): the hashed key first, then the
 * names.
 */
export function contractTemplateFilter(
  alias: string,
  packageName: string,
  moduleName: string,
  entityName: string,
): string {
  return `${contractTemplateKey(alias)} = hashtext(${packageName}::text || ':' || ${moduleName}::text || ':' || ${entityName}::text)
    AND ${alias}.package_name = ${packageName} AND ${alias}.module_name = ${moduleName} AND ${alias}.entity_name = ${entityName}`;
}

/**
 * A contract's template id, `package_id:Module:Entity`, from its parts (contracts alias `alias`):
 * the writer stores no `template_id` on contracts (docs/scaling.md "Cuts made", templates; the
 * writer accepts only template ids of three parts, update-validation.ts TEMPLATE_ID).
 */
export function contractTemplateId(alias: string): string {
  return `(${alias}.package_id || ':' || ${alias}.module_name || ':' || ${alias}.entity_name)`;
}
