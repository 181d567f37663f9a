import type { Db } from '../database/db';

/** The simulated network a store was filled with (table `simulated_network`). */
export interface SimulatedNetworkRecord {
  /** The simulator's options as they were given (opaque to the domain). */
  readonly options: unknown;
  /** Whether it goes on live after its pre-generated rounds. */
  readonly live: boolean;
}

/** Where the stored history ends: what a resumed simulation skips. */
export interface StoredHistoryEnd {
  /** Whether the store holds any update at all. */
  readonly empty: boolean;
  /** The newest ledger offset stored (import and compact-only updates have none), if any. */
  readonly ledgerOffset: bigint | undefined;
  /** The migration of the update at that offset. */
  readonly migrationId: number | undefined;
}

/** Reads and records the options of the simulated network a store holds. */
export class SimulatedNetworkRepository {
  constructor(private readonly db: Db) {}

  async lookupNetwork(): Promise<SimulatedNetworkRecord | undefined> {
    const [row] = await this.db.query<{ options: unknown; live: boolean }>(
      'SELECT options, live FROM simulated_network WHERE id = 1',
    );
    return row === undefined ? undefined : { options: row.options, live: row.live };
  }

  /**
   * Records the network about to fill an empty store, replacing any record left by a load that
   * never wrote an update.
   */
  async recordNetwork(record: SimulatedNetworkRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO simulated_network (id, options, live) VALUES (1, $1::jsonb, $2)
       ON CONFLICT (id) DO UPDATE SET options = EXCLUDED.options, live = EXCLUDED.live, recorded_at = now()`,
      [JSON.stringify(record.options), record.live],
    );
  }

  /** One backward probe of ux_updates_ledger_offset (and one row of updates for emptiness). */
  async lookupHistoryEnd(): Promise<StoredHistoryEnd> {
    const [row] = await this.db.query<{
      any: boolean;
      ledger_offset: string | null;
      migration_id: string | null;
    }>(
      `SELECT EXISTS (SELECT 1 FROM updates) AS any, e.ledger_offset, e.migration_id
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (
           SELECT ledger_offset::text AS ledger_offset, migration_id::text AS migration_id FROM updates
            WHERE ledger_offset IS NOT NULL ORDER BY ledger_offset DESC LIMIT 1) AS e ON true`,
    );
    return {
      empty: !row.any,
      ledgerOffset: row.ledger_offset === null ? undefined : BigInt(row.ledger_offset),
      migrationId: row.migration_id === null ? undefined : Number(row.migration_id),
    };
  }
}
