import type { Queryable } from '../database/db';
import { SYNCHRONIZER_ID_PENDING } from './history-row-builder';
import type { HistoryTableWrites } from './history-write.repository';

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
    missing.size === 0 ? new Map<string, number>() : await lookUpSynchronizers(connection, [...missing]);
  const idOf = (synchronizer: string) => known.get(synchronizer) ?? looked.get(synchronizer)!;
  for (const u of rows.updates) u.synchronizer = idOf(u.synchronizer_id);
  for (const c of rows.contracts) c.synchronizer = idOf(c.synchronizer_id);
  for (const r of rows.reassignedStored) r.synchronizer = idOf(r.synchronizerId);
  return looked;
}

/** The ids of `synchronizers` (distinct), added to the dictionary first where missing: one statement. */
async function lookUpSynchronizers(
  connection: Queryable,
  synchronizers: string[],
): Promise<Map<string, number>> {
  // As lookUpParties (party-ids.ts): only the missing ones are offered to the INSERT, whose rows
  // the statement's own SELECT does not see.
  const rows = await connection.query<{ id: number; synchronizer: string }>(
    `WITH wanted AS (SELECT w.synchronizer FROM unnest($1::text[]) AS w(synchronizer)),
          added AS (
            INSERT INTO synchronizers (synchronizer)
            SELECT w.synchronizer FROM wanted w
             WHERE NOT EXISTS (SELECT 1 FROM synchronizers d WHERE d.synchronizer = w.synchronizer)
             ORDER BY w.synchronizer COLLATE "C"
            ON CONFLICT (synchronizer) DO NOTHING
            RETURNING id, synchronizer)
     SELECT id, synchronizer FROM added
     UNION ALL
     SELECT d.id, d.synchronizer FROM synchronizers d JOIN wanted w ON w.synchronizer = d.synchronizer`,
    [synchronizers],
  );
  const ids = new Map(rows.map((r) => [r.synchronizer, r.id]));
  if (ids.size < synchronizers.length) {
    // Only if another session added one of them concurrently (not under the writer lock).
    for (const r of await connection.query<{ id: number; synchronizer: string }>(
      `SELECT id, synchronizer FROM synchronizers WHERE synchronizer = ANY($1::text[])`,
      [synchronizers.filter((s) => !ids.has(s))],
    ))
      ids.set(r.synchronizer, r.id);
  }
  for (const s of synchronizers)
    if (!ids.has(s)) throw new Error(`synchronizer ${s} has no id in the synchronizers dictionary`);
  return ids;
}

/** A row's synchronizer id, refusing one that was not assigned (rows are never written before). */
export function assignedSynchronizerId(id: number, what: string): number {
  if (id === SYNCHRONIZER_ID_PENDING) throw new Error(`${what} of a row written without its synchronizer id`);
  return id;
}
