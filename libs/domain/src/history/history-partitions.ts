/**
 * The history tables partitioned by migration (LIST on `migration_id`, one partition per
 * migration, named `<table>_m<migration id>`): docs/scaling.md "Partitioned history".
 */
export const PARTITIONED_HISTORY_TABLES = ['updates', 'events', 'contracts', 'amulet_holdings'] as const;

export type PartitionedHistoryTable = (typeof PARTITIONED_HISTORY_TABLES)[number];

/** The partition of `table` holding migration `migrationId`. */
export function historyPartitionName(table: PartitionedHistoryTable, migrationId: number | string): string {
  const id = BigInt(migrationId);
  if (id < 0n) throw new Error(`no partition for a negative migration id (${migrationId})`);
  return `${table}_m${id}`;
}

/** What creating partitions needs of a connection (a DbConnection or a TypeORM QueryRunner). */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Creates the partitions of `migrationIds` that do not exist yet, in the caller's transaction
 * (the writer's batch that brings a migration's first update; the conversion migration).
 * Idempotent. A partition is created as a plain table and then attached: ATTACH PARTITION takes
 * only a SHARE UPDATE EXCLUSIVE lock on the parent, so readers of the history are not blocked
 * until the batch commits (CREATE TABLE ... PARTITION OF would take ACCESS EXCLUSIVE). The
 * parent's indexes are created on the partition by the attach; the identity of `row_id` stays
 * the parent's (inserts go through the parent).
 */
export async function ensureHistoryPartitions(
  connection: Queryable,
  migrationIds: readonly (number | string)[],
): Promise<string[]> {
  if (migrationIds.length === 0) return [];
  const existing = new Set(
    (
      (await connection.query(
        `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = ANY(ARRAY[${PARTITIONED_HISTORY_TABLES.map((t) => `'${t}'::regclass`).join(', ')}])`,
      )) as { relname: string }[]
    ).map((r) => r.relname),
  );
  const created: string[] = [];
  for (const migrationId of [...new Set(migrationIds.map((m) => BigInt(m)))]) {
    for (const table of PARTITIONED_HISTORY_TABLES) {
      const partition = historyPartitionName(table, migrationId.toString());
      if (existing.has(partition)) continue;
      await connection.query(
        `CREATE TABLE "${partition}" (LIKE "${table}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
      );
      await connection.query(
        `ALTER TABLE "${table}" ATTACH PARTITION "${partition}" FOR VALUES IN (${migrationId})`,
      );
      created.push(partition);
    }
  }
  return created;
}
