import { RewardAccountingRepository } from './reward-accounting.repository';

/**
 * The CIP-0104 reward-accounting process: computes the activity totals of every closed round
 * (with a recorded reward configuration) that has none yet, in batches of rounds, each batch
 * one SQL statement (see RewardAccountingRepository for the arithmetic). Idempotent and safe
 * to run from several processes at once: totals are written once per round.
 *
 * Run it after ingesting history (`computePending()`); the activity-totals endpoint also
 * computes a closed round on demand.
 */
export class RewardAccountingProcess {
  constructor(private readonly repository: RewardAccountingRepository) {}

  /** Computes every pending round; returns how many were computed. */
  async computePending(batchSize = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const computed = await this.repository.computePending(batchSize);
      total += computed.length;
      if (computed.length < batchSize) return total;
    }
  }

  /** Computes one round if it is closed, configured and not computed yet; true when this call computed it. */
  computeRound(round: number | string): Promise<boolean> {
    return this.repository.computeRound(String(round));
  }
}
