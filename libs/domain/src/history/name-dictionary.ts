import type { Queryable } from '../database/db';

/**
 * A dictionary table of names (`parties (id, party)`, `synchronizers (id, synchronizer)`): an
 * identity id and a unique name. The table and column are the domain's own constants, never input.
 */
export interface NameDictionary {
  table: 'parties' | 'synchronizers';
  column: 'party' | 'synchronizer';
  /** What a name is, for the error of one that got no id (`party`, `synchronizer`). */
  what: string;
}

/**
 * The ids of `names` (distinct) in `dictionary`, added to it first where missing: one statement
 * (a second only if another session added one of them meanwhile). Known names are not offered to
 * the INSERT: ON CONFLICT would still draw a sequence value for each. The INSERT's rows are not
 * visible to the statement's own SELECT, hence the UNION of both.
 */
export async function lookUpNames(
  connection: Queryable,
  dictionary: NameDictionary,
  names: string[],
): Promise<Map<string, number>> {
  const { table, column } = dictionary;
  const rows = await connection.query<{ id: number; name: string }>(
    `WITH wanted AS (SELECT w.name FROM unnest($1::text[]) AS w(name)),
          added AS (
            INSERT INTO ${table} (${column})
            SELECT w.name FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.${column} = w.name)
             ORDER BY w.name COLLATE "C"
            ON CONFLICT (${column}) DO NOTHING
            RETURNING id, ${column} AS name)
     SELECT id, name FROM added
     UNION ALL
     SELECT d.id, d.${column} AS name FROM ${table} d JOIN wanted w ON w.name = d.${column}`,
    [names],
  );
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  if (ids.size < names.length) {
    // Only if another session added one of them concurrently (not under the writer lock).
    for (const r of await connection.query<{ id: number; name: string }>(
      `SELECT id, ${column} AS name FROM ${table} WHERE ${column} = ANY($1::text[])`,
      [names.filter((n) => !ids.has(n))],
    ))
      ids.set(r.name, r.id);
  }
  for (const n of names)
    if (!ids.has(n)) throw new Error(`${dictionary.what} ${n} has no id in the ${table} dictionary`);
  return ids;
}
