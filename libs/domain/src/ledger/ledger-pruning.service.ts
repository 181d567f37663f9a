import { DomainError, DomainErrorCode, invalidArgument } from '../errors/domain-error';
import type { LedgerPruningRepository, PrunedOffsets } from './ledger-pruning.repository';

function prunedError(message: string, offsets: PrunedOffsets): DomainError {
  return new DomainError(DomainErrorCode.PrunedDataAccessed, message, {
    participantPrunedUpToInclusive: String(offsets.participantPrunedUpToInclusive),
  });
}

/**
 * The ledger node's pruning. Pruning here only moves the offsets below which the ledger group
 * refuses to serve; no row is deleted, so the scan group keeps its full history.
 */
export class LedgerPruningService {
  constructor(private readonly pruning: LedgerPruningRepository) {}

  latestPrunedOffsets(): Promise<PrunedOffsets> {
    return this.pruning.lookup();
  }

  /**
   * Prunes up to `upTo` (inclusive), which must be a positive offset at most the ledger end.
   * As `PruneRequest.prune_all_divulged_contracts` on a participant, the divulged-contracts
   * offset moves along only when asked, so it stays at or before the participant offset.
   * Pruning below an earlier pruning offset changes nothing.
   */
  async prune(upTo: number, pruneAllDivulgedContracts: boolean): Promise<PrunedOffsets> {
    if (!Number.isSafeInteger(upTo) || upTo < 1)
      throw invalidArgument(`the pruning offset must be a positive integer, got ${upTo}`);
    const outcome = await this.pruning.prune(upTo, pruneAllDivulgedContracts);
    if (!outcome.offsets) {
      throw invalidArgument(
        `cannot prune up to ${upTo}: it is beyond the ledger end (${outcome.ledgerEnd})`,
        { ledgerEnd: String(outcome.ledgerEnd) },
      );
    }
    return outcome.offsets;
  }

  /** A stream may start at the pruning offset, never below it. */
  async assertStreamStartNotPruned(beginExclusive: number): Promise<void> {
    const offsets = await this.pruning.lookup();
    if (beginExclusive < offsets.participantPrunedUpToInclusive) {
      throw prunedError(
        `Updates request from ${beginExclusive} precedes pruned offset ${offsets.participantPrunedUpToInclusive}`,
        offsets,
      );
    }
  }

  /** An active contract set may be taken at the pruning offset, never below it. */
  async assertSnapshotNotPruned(activeAtOffset: number): Promise<void> {
    const offsets = await this.pruning.lookup();
    if (activeAtOffset < offsets.participantPrunedUpToInclusive) {
      throw prunedError(
        `Active contracts at offset ${activeAtOffset} precede pruned offset ${offsets.participantPrunedUpToInclusive}`,
        offsets,
      );
    }
  }

  /** An offset at or below the pruning offset has been pruned. */
  async assertOffsetNotPruned(offset: number): Promise<void> {
    const offsets = await this.pruning.lookup();
    if (offset <= offsets.participantPrunedUpToInclusive) {
      throw prunedError(
        `Transaction at offset ${offset} has been pruned (pruned up to ${offsets.participantPrunedUpToInclusive})`,
        offsets,
      );
    }
  }
}
