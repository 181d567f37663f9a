import type { Queryable } from '../database/db';
import { lookUpNames, type NameDictionary } from './name-dictionary';
import { SYNCHRONIZER_ID_PENDING } from './history-row-builder';
import type { HistoryTableWrites } from './history-write.repository';

const SYNCHRONIZERS: NameDictionary = {
  table: 'synchronizers',
  column: 'synchronizer',
  what: 'synchronizer',
};

/** Synchronizer id (name) to `synchronizers.id`. */
export type SynchronizerIds = ReadonlyMap<string, number>;

/**
 * Gives a batch's new rows, and its changes to stored contracts, their synchronizer's dictionary
 * id (`synchronizer`), adding the synchronizers the dictionary does not hold yet, on `connection`
 * (in its transaction, if any); as `assignPartyIds` does for parties. `known`: ids learned from
 * earlier batches, committed already (no statement when they cover the batch, i.e. nearly
 * always: a network has one synchronizer or a few). Returns the ids it looked up, for the caller
 * to keep once they are committed.
 */
export async function assignSynchronizerIds(
  connection: Queryable,
  rows: Pick<HistoryTableWrites, 'updates' | 'contracts' | 'reassignedStored'>,
  known: SynchronizerIds,
): Promise<Map<string, number>> {
  const missing = new Set<string>();
  for (const u of rows.updates) if (!known.has(u.synchronizer_id)) missing.add(u.synchronizer_id);
  for (const c of rows.contracts) if (!known.has(c.synchronizer_id)) missing.add(c.synchronizer_id);
  for (const r of rows.reassignedStored) if (!known.has(r.synchronizerId)) missing.add(r.synchronizerId);
  const looked =
    missing.size === 0
      ? new Map<string, number>()
      : await lookUpNames(connection, SYNCHRONIZERS, [...missing]);
  const idOf = (synchronizer: string) => known.get(synchronizer) ?? looked.get(synchronizer)!;
  for (const u of rows.updates) u.synchronizer = idOf(u.synchronizer_id);
  for (const c of rows.contracts) c.synchronizer = idOf(c.synchronizer_id);
  for (const r of rows.reassignedStored) r.synchronizer = idOf(r.synchronizerId);
  return looked;
}

/** A row's synchronizer id, refusing one that was not assigned (rows are never written before). */
export function assignedSynchronizerId(id: number, what: string): number {
  if (id === SYNCHRONIZER_ID_PENDING) throw new Error(`${what} of a row written without its synchronizer id`);
  return id;
}
