import type { Db } from '../database/db';

/** SQL of the synchronizers the recorded history uses (table updates). */
export class LedgerSynchronizersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Distinct synchronizer ids of the ledger's updates, the most used first (then by id): clients
   * such as the wallet SDK take the first as their default, which on a Splice network is the
   * global synchronizer. No index serves it (a scan of `updates`): clients read it once when they
   * connect, not on a hot path.
   */
  async listSynchronizerIds(): Promise<string[]> {
    const rows: { synchronizer_id: string }[] = await this.db.query(
      `SELECT synchronizer_id FROM updates WHERE ledger_offset IS NOT NULL GROUP BY synchronizer_id ORDER BY count(*) DESC, synchronizer_id`,
    );
    return rows.map((r) => r.synchronizer_id);
  }
}
