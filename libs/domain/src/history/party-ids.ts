import type { Queryable } from '../database/db';
import { lookUpNames, type NameDictionary } from './name-dictionary';
import type { HoldingRow } from './derived-batch';
import { PARTY_IDS_PENDING } from './history-row-builder';
import type { HistoryTableWrites } from './history-write.repository';

const PARTIES: NameDictionary = { table: 'parties', column: 'party', what: 'party' };

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
    missing.size === 0 ? new Map<string, number>() : await lookUpNames(connection, PARTIES, [...missing]);
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

/** Whether a row's party ids were assigned (rows are never written before). */
export function partyIdsAssigned(ids: readonly number[]): boolean {
  return ids !== PARTY_IDS_PENDING;
}
