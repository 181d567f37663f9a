import type { Queryable } from '../database/db';

/**
 * SQL of the party dictionary (`parties`) for the readers of the id columns
 * (`events.stakeholders`, `events.other_party_ids`, `contracts.stakeholders`).
 */

/**
 * The ids of the party names `names`, in their order, null for a party the dictionary does not
 * hold (see `partyIdsOf`), for a statement to take as an `integer[]` parameter: the planner then
 * sees the ids, and estimates a filter on a party that most rows hold (the DSO) as such, where an
 * id looked up inside the statement is an unknown value to it.
 */
export async function lookupPartyIds(db: Queryable, names: readonly string[]): Promise<(number | null)[]> {
  if (names.length === 0) return [];
  const rows = await db.query<{ id: number | null }>(
    `SELECT d.id FROM unnest($1::text[]) WITH ORDINALITY AS q(party, n) LEFT JOIN parties d ON d.party = q.party ORDER BY q.n`,
    [[...names]],
  );
  return rows.map((r) => r.id);
}

/**
 * The ids of the party names `names` (an SQL expression of type text[], e.g. a parameter), in
 * their order, null for a party the dictionary does not hold: a never-seen party then matches
 * nothing, under `&&` (null elements overlap nothing) as under `@>` (an array holding a null
 * contains nothing). Uncorrelated, so it is evaluated once per statement (an InitPlan), and an
 * index condition on a GIN index over the ids.
 */
export function partyIdsOf(names: string): string {
  return `ARRAY(SELECT (SELECT d.id FROM parties d WHERE d.party = q.party) FROM unnest(${names}::text[]) WITH ORDINALITY AS q(party, n) ORDER BY q.n)`;
}

/** The id of the party name `name` (an SQL text expression) as a one-element array; `{NULL}` when unknown (see `partyIdsOf`). */
export function partyIdArrayOf(name: string): string {
  return `ARRAY[(SELECT d.id FROM parties d WHERE d.party = ${name})]`;
}

/** The party names of the ids `ids` (an SQL expression of type int4[], e.g. a column), in their order. */
export function partyNamesOf(ids: string): string {
  return `ARRAY(SELECT d.party FROM unnest(${ids}) WITH ORDINALITY AS s(id, n) JOIN parties d ON d.id = s.id ORDER BY s.n)`;
}

/**
 * The ids of an event's parties: its stakeholders and the acting parties that are not among them.
 * Written exactly as in ix_events_parties, so that the GIN index serves `@>` and `&&` on it.
 */
export const EVENT_PARTY_IDS = `(e.stakeholders || coalesce(e.other_party_ids, '{}'::integer[]))`;
