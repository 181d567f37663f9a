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
      `SELECT d.synchronizer AS synchronizer_id
         FROM (SELECT synchronizer, count(*) AS n FROM updates WHERE ledger_offset IS NOT NULL GROUP BY synchronizer) u
         JOIN synchronizers d ON d.id = u.synchronizer
        ORDER BY u.n DESC, d.synchronizer`,
    );
    return rows.map((r) => r.synchronizer_id);
  }
}
