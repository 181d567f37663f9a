import type { Queryable } from '../database/db';
import type { HoldingRow } from './derived-batch';
import { PARTY_IDS_PENDING } from './history-row-builder';
import type { HistoryTableWrites } from './history-write.repository';

/** Party name to `parties.id`. */
export type PartyIds = ReadonlyMap<string, number>;

/** The rows of a batch that store party ids. */
export interface PartyIdRows {
  history: Pick<HistoryTableWrites, 'events' | 'contracts'>;
  derived: { holdings: HoldingRow[] };
}

/**
 * Gives a batch's new rows their party ids (`stakeholder_ids`, `other_party_ids`, the holdings'
 * `owner_id`), adding the parties the dictionary does not hold yet, on `connection` (in its
 * transaction, if any).
 * `known`: ids learned from earlier batches, committed already (no statement when they cover the
 * batch). Returns the ids it looked up: the caller keeps them once they are committed (a rolled
 * back transaction takes the parties it added with it). Ids come from the table's identity
 * sequence, so they are never reused and need no coordination beyond the writer lock.
 */
export async function assignPartyIds(
  connection: Queryable,
  { history: rows, derived: { holdings } }: PartyIdRows,
  known: PartyIds,
): Promise<Map<string, number>> {
  const missing = new Set<string>();
  const note = (parties: readonly string[] | null) => {
    if (parties) for (const p of parties) if (!known.has(p)) missing.add(p);
  };
  for (const e of rows.events) {
    note(e.stakeholders);
    note(e.acting_parties);
  }
  for (const c of rows.contracts) note(c.stakeholders);
  // A holding's owner is a stakeholder of its contract on the network; noted all the same, so
  // that a contract whose stakeholders leave its owner out is stored rather than refused.
  note(holdings.map((h) => h.owner));
  const looked =
    missing.size === 0 ? new Map<string, number>() : await lookUpParties(connection, [...missing]);
  const idOf = (party: string) => known.get(party) ?? looked.get(party)!;
  for (const e of rows.events) {
    e.stakeholder_ids = e.stakeholders.map(idOf);
    const others = e.acting_parties?.filter((p) => !e.stakeholders.includes(p));
    e.other_party_ids = others?.length ? others.map(idOf) : null;
  }
  for (const c of rows.contracts) c.stakeholder_ids = c.stakeholders.map(idOf);
  for (const h of holdings) h.owner_id = idOf(h.owner);
  return looked;
}

/** The ids of `parties` (distinct), added to the dictionary first where missing: one statement. */
async function lookUpParties(connection: Queryable, parties: string[]): Promise<Map<string, number>> {
  // Known ones are not offered to the INSERT: ON CONFLICT would still draw a sequence value each.
  // The INSERT's rows are not visible to the statement's own SELECT, hence the UNION of both.
  const rows = await connection.query<{ id: number; party: string }>(
    `WITH wanted AS (SELECT w.party FROM unnest($1::text[]) AS w(party)),
          added AS (
            INSERT INTO parties (party)
            SELECT w.party FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM parties d WHERE d.party = w.party)
             ORDER BY w.party COLLATE "C"
            ON CONFLICT (party) DO NOTHING
            RETURNING id, party)
     SELECT id, party FROM added
     UNION ALL
     SELECT d.id, d.party FROM parties d JOIN wanted w ON w.party = d.party`,
    [parties],
  );
  const ids = new Map(rows.map((r) => [r.party, r.id]));
  if (ids.size < parties.length) {
    // Only if another session added one of them concurrently (not under the writer lock).
    for (const r of await connection.query<{ id: number; party: string }>(
      `SELECT id, party FROM parties WHERE party = ANY($1::text[])`,
      [parties.filter((p) => !ids.has(p))],
    ))
      ids.set(r.party, r.id);
  }
  for (const p of parties) if (!ids.has(p)) throw new Error(`party ${p} has no id in the parties dictionary`);
  return ids;
}

/** Whether a row's party ids were assigned (rows are never written before). */
export function partyIdsAssigned(ids: readonly number[]): boolean {
  return ids !== PARTY_IDS_PENDING;
}
