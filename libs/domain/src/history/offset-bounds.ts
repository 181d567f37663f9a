import type { Queryable } from '../database/db';
import { rejectUpdate } from './update-validation';

/**
 * Where the next offset of a migration may go: above `floor`, and below `ceiling` or above `top`
 * (null: no bound).
 */
export interface OffsetBounds {
  /** The greatest offset of the migration and of every earlier one. */
  floor: bigint | null;
  /** The least offset of every later migration. */
  ceiling: bigint | null;
  /** The greatest offset stored, of any migration: above it an offset is always taken, as before. */
  top: bigint | null;
}

/** The least and greatest offsets of a migration's updates in a batch. */
export interface OffsetRange {
  first: bigint;
  last: bigint;
}

/**
 * Narrows where migration `m`'s next offset may go by the offsets of `ranges` (of other batches,
 * or earlier in this one): above those of `m` and of earlier migrations, below later migrations'.
 */
export function widenBounds(bounds: OffsetBounds, m: number, ranges: ReadonlyMap<number, OffsetRange>): void {
  for (const [k, r] of ranges) {
    if (k <= m) {
      if (bounds.floor === null || r.last > bounds.floor) bounds.floor = r.last;
    } else if (bounds.ceiling === null || r.first < bounds.ceiling) bounds.ceiling = r.first;
    if (bounds.top === null || r.last > bounds.top) bounds.top = r.last;
  }
}

/**
 * Reads, per migration of `migrationIds`, where a new update's offset may go: each held
 * migration's least and greatest offsets, two index probes in its partition
 * (ux_updates_ledger_offset), a few migrations, whatever the store's size.
 */
export async function readOffsetBounds(
  connection: Queryable,
  migrationIds: readonly number[],
): Promise<Map<number, OffsetBounds>> {
  const rows = await connection.query<{
    migration_id: string;
    floor: string | null;
    ceiling: string | null;
    top: string | null;
  }>(
    `WITH held AS (
       SELECT h.migration_id,
              (SELECT min(u.ledger_offset) FROM updates u WHERE u.migration_id = h.migration_id) AS first_offset,
              (SELECT max(u.ledger_offset) FROM updates u WHERE u.migration_id = h.migration_id) AS last_offset
         FROM history_migrations h
     )
     SELECT m.migration_id::text AS migration_id,
            (SELECT max(last_offset) FROM held WHERE held.migration_id <= m.migration_id)::text AS floor,
            (SELECT min(first_offset) FROM held WHERE held.migration_id > m.migration_id)::text AS ceiling,
            (SELECT max(last_offset) FROM held)::text AS top
       FROM unnest($1::bigint[]) AS m(migration_id)`,
    [migrationIds],
  );
  return new Map(
    rows.map((r) => [
      Number(r.migration_id),
      {
        floor: r.floor === null ? null : BigInt(r.floor),
        ceiling: r.ceiling === null ? null : BigInt(r.ceiling),
        top: r.top === null ? null : BigInt(r.top),
      },
    ]),
  );
}

/**
 * Checks an update's offset against the stored bounds of its migration and the offsets of the
 * batch so far (`batch`): above every offset of its migration and the earlier ones, and either
 * above every offset stored (a history written in order) or below every offset of the later
 * migrations (a migration written while a later one is, docs/offsets-and-ids.md "Offsets across
 * migrations").
 */
export function checkOffset(
  stored: OffsetBounds | undefined,
  batch: ReadonlyMap<number, OffsetRange>,
  migrationId: number,
  offset: bigint,
  updateId: string,
): void {
  const bounds: OffsetBounds = {
    floor: stored?.floor ?? null,
    ceiling: stored?.ceiling ?? null,
    top: stored?.top ?? null,
  };
  widenBounds(bounds, migrationId, batch);
  if (bounds.floor !== null && offset <= bounds.floor)
    throw rejectUpdate(
      updateId,
      `offset ${offset} does not increase (last stored or earlier in the batch: ${bounds.floor})`,
    );
  if (bounds.ceiling !== null && offset >= bounds.ceiling && bounds.top !== null && offset <= bounds.top)
    throw rejectUpdate(
      updateId,
      `offset ${offset} of migration ${migrationId} is neither below offset ${bounds.ceiling} of a later ` +
        `migration nor above every offset stored (${bounds.top})`,
    );
}
