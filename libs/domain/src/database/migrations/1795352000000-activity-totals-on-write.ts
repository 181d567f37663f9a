import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMPUTE_ALL_PENDING_TOTALS } from '../../scan/rewards/reward-accounting.repository';

/**
 * Activity totals are computed by the writer, in the transaction that closes a round; the scan
 * endpoint only reads them. Stores written before that had them computed on read (or by
 * `npm start`): this one-off computes every closed, configured round that has none yet, with
 * the writer's arithmetic. No schema change; `down` leaves the totals (they are final).
 */
export class ActivityTotalsOnWrite1795352000000 implements MigrationInterface {
  name = 'ActivityTotalsOnWrite1795352000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(COMPUTE_ALL_PENDING_TOTALS);
  }

  async down(): Promise<void> {}
}
