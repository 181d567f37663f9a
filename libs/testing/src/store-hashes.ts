import type { DataSource } from 'typeorm';

/** Columns that hold the wall-clock time of a computation, not ledger content. */
const WALL_CLOCK_COLUMNS = new Set(['computed_at', 'as_of', 'since']);
/** Columns that hold the wall-clock time for some rows: a mapping a mirror copied takes effect when its peers agreed. */
const WALL_CLOCK_FOR: Record<string, string> = {
  'party_hosting.record_time': `CASE WHEN t.source = 'peers' THEN NULL ELSE t.record_time END`,
};
/**
 * Columns of party dictionary ids (`parties.id`), which, like row ids, depend on the order the
 * store met its parties in (and the batches it met them in): compared as the names they stand
 * for, so a store holding names there (before migration PartyIds) hashes the same.
 */
const PARTY_ID_COLUMNS = new Set(['events.stakeholders', 'contracts.stakeholders']);
/** A column of one dictionary id, compared as its name (`amulet_holdings.owner` held the name before HoldingsOwnerIds). */
const PARTY_ID_COLUMN = new Set(['amulet_holdings.owner_id']);
/**
 * Columns of synchronizer dictionary ids (`synchronizers.id`), compared as the names they stand
 * for (as party ids are), so a store holding the names (`synchronizer_id`, before migration
 * SynchronizerIds) hashes the same.
 */
const SYNCHRONIZER_ID_COLUMNS = new Set(['updates.synchronizer', 'contracts.synchronizer']);
/** Columns derived from others of their row (`events.other_party_ids`: the acting parties that are not stakeholders). */
const DERIVED_COLUMNS = new Set(['events.other_party_ids']);
/** Tables of how the store is being filled, not of what it holds (the mirror's view of its peers). */
const OPERATIONAL_TABLES = new Set(['mirror_peer_status']);
/**
 * The templates dictionary: its ids, like party ids, depend on the order the store met its
 * templates in, so it is not hashed itself; `events.template_ref` is read as the template id and
 * package name it stands for, so a store holding them as text (before migration TemplateIds)
 * hashes the same.
 */
const DICTIONARY_TABLES = new Set(['templates']);
const EVENT_TEMPLATE_COLUMNS: [string, string][] = [
  [
    'template_id',
    `(SELECT d.package_id || ':' || d.module_name || ':' || d.entity_name FROM templates d WHERE d.id = t."template_ref")`,
  ],
  ['package_name', `(SELECT d.package_name FROM templates d WHERE d.id = t."template_ref")`],
];

/**
 * Per table of the store: its row count and an md5 of its rows' content, to tell whether two
 * stores hold the same data. Identity row ids depend on the store's history of transactions
 * (a rolled-back insert uses up ids), so a `row_id` is left out and a reference to one is
 * replaced by the natural key it points at (an update's `update_id`, a contract's
 * `contract_id`); dictionary ids likewise (`parties.id` and `synchronizers.id` left out, an id or
 * an array of them read as the names). Rows are hashed in sorted order of their text.
 */
export async function storeContentHashes(
  dataSource: DataSource,
): Promise<Record<string, { rows: number; md5: string }>> {
  const columns: { table_name: string; column_name: string; udt_name: string }[] = await dataSource.query(
    `SELECT table_name, column_name, udt_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'migrations' AND NOT (table_name = ANY ($1::text[]))
        -- A partition's rows are its parent's (docs/scaling.md "Partitioned history").
        AND NOT EXISTS (SELECT 1 FROM pg_class p WHERE p.relname = table_name AND p.relispartition)
      ORDER BY table_name, ordinal_position`,
    [[...OPERATIONAL_TABLES, ...DICTIONARY_TABLES]],
  );
  // Per table, each column's value by the column's name, hashed in name order: a migration that
  // turns columns into others (TemplateIds) changes their places in the table, not the hashes.
  const tables = new Map<string, [string, string][]>();
  const add = (table: string, column: string, value: string) =>
    tables.set(table, [...(tables.get(table) ?? []), [column, value]]);
  for (const { table_name, column_name, udt_name } of columns) {
    if (table_name === 'events' && column_name === 'template_ref') {
      for (const [name, value] of EVENT_TEMPLATE_COLUMNS) add(table_name, name, value);
      continue;
    }
    if (column_name === 'row_id' || WALL_CLOCK_COLUMNS.has(column_name)) continue;
    if (DERIVED_COLUMNS.has(`${table_name}.${column_name}`)) continue;
    if ((table_name === 'parties' || table_name === 'synchronizers') && column_name === 'id') continue;
    const value =
      WALL_CLOCK_FOR[`${table_name}.${column_name}`] ??
      (PARTY_ID_COLUMNS.has(`${table_name}.${column_name}`) && udt_name === '_int4'
        ? `CASE WHEN t."${column_name}" IS NOT NULL THEN ARRAY(SELECT d.party FROM unnest(t."${column_name}") WITH ORDINALITY AS s(id, n) JOIN parties d ON d.id = s.id ORDER BY s.n) END`
        : undefined) ??
      (PARTY_ID_COLUMN.has(`${table_name}.${column_name}`)
        ? `(SELECT d.party FROM parties d WHERE d.id = t."${column_name}")`
        : undefined) ??
      (SYNCHRONIZER_ID_COLUMNS.has(`${table_name}.${column_name}`)
        ? `(SELECT d.synchronizer FROM synchronizers d WHERE d.id = t."${column_name}")`
        : undefined) ??
      (column_name.endsWith('update_row_id')
        ? `(SELECT u.update_id FROM updates u WHERE u.row_id = t."${column_name}")`
        : column_name === 'contract_row_id'
          ? `(SELECT c.contract_id FROM contracts c WHERE c.row_id = t."${column_name}")`
          : `t."${column_name}"`);
    add(table_name, column_name, value);
  }
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const [table, named] of tables) {
    const values = named.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
    const [row] = await dataSource.query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS md5
         FROM (SELECT json_build_array(${values.join(', ')})::text AS r FROM "${table}" t) x`,
    );
    out[table] = row;
  }
  return out;
}
