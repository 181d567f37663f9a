import type { HistoryUpdate } from '@canton-scan/domain';
import type { AllocationFlow, OpenAllocation } from './allocation.flow';
import type { AmuletFlow } from './amulet.flow';
import type { AmuletContract, SimContract } from './contract-store';
import type { SimParty } from './network-identities';
import type { SimContext } from './simulator.context';

/** A contract unassigned from one synchronizer and never assigned to the other. */
export interface InFlightContract {
  readonly contractId: string;
  /** `PACKAGE_NAME:MODULE:ENTITY`. */
  readonly template: string;
  readonly migrationId: number;
  readonly sourceSynchronizer: string;
  readonly targetSynchronizer: string;
  readonly unassignUpdateId: string;
  /** The open AmuletAllocation whose LockedAmulet is travelling. */
  readonly allocationContractId: string;
  readonly settlementId: string;
}

interface ReturnTrip {
  readonly amulet: AmuletContract;
  readonly round: number;
}

/**
 * Reassignments between the two synchronizers, only when `reassignEveryRounds` > 0 (by default
 * the network has one synchronizer and none, as MainNet). Every `reassignEveryRounds` rounds (and
 * in round 2, so short runs have them too) one amulet moves to the second synchronizer for good
 * (its owner no longer spends it) and another makes a round trip there and back two rounds later
 * (its counter reaching 2).
 * Two LockedAmulets of open allocations are left in flight: one in the last round of migration 0
 * (so it is not re-imported) and one in the last round of the run.
 */
export class ReassignmentFlow {
  readonly inFlight: InFlightContract[] = [];
  private readonly returns: ReturnTrip[] = [];

  constructor(
    private readonly ctx: SimContext,
    private readonly amulets: AmuletFlow,
    private readonly allocations: AllocationFlow,
  ) {}

  *tick(round: number): Generator<HistoryUpdate> {
    const { options } = this.ctx;
    if (options.reassignEveryRounds === 0) return;
    for (const trip of this.returns.filter((t) => t.round === round)) {
      this.returns.splice(this.returns.indexOf(trip), 1);
      yield* this.move(trip.amulet, trip.amulet.owner);
      this.amulets.addToWallet(trip.amulet);
    }
    if (round === 2 || (round > 0 && round % options.reassignEveryRounds === 0)) {
      const settled = this.amulets.randomSpendable();
      if (settled && settled.synchronizer === 0) {
        this.amulets.removeFromWallet(settled);
        yield* this.move(settled, settled.owner);
      }
      const amulet = this.amulets.randomSpendable();
      if (amulet) {
        this.amulets.removeFromWallet(amulet);
        yield* this.move(amulet, amulet.owner);
        this.returns.push({ amulet, round: round + 2 });
      }
    }
    if (round === options.migrationRound - 1) yield* this.leaveInFlight(this.allocations.keptOpen[0]);
    if (round === options.rounds - 1) yield* this.leaveInFlight(this.allocations.keptOpen[1]);
  }

  private *move(contract: SimContract, submitter: SimParty): Generator<HistoryUpdate> {
    const { update, unassignId } = this.ctx.unassign(contract, submitter);
    yield update;
    yield this.ctx.assign(contract, unassignId, submitter);
  }

  private *leaveInFlight(allocation: OpenAllocation | undefined): Generator<HistoryUpdate> {
    if (!allocation) throw new Error('simulator bug: no open allocation to leave in flight');
    allocation.frozen = true;
    const [source, target] =
      allocation.lockedAmulet.synchronizer === 0
        ? this.ctx.network.synchronizers
        : [...this.ctx.network.synchronizers].reverse();
    const { update } = this.ctx.unassign(allocation.lockedAmulet, allocation.sender);
    this.inFlight.push({
      contractId: this.ctx.contractId(allocation.lockedAmulet),
      template: allocation.lockedAmulet.template.qualifiedName,
      migrationId: this.ctx.migrationId,
      sourceSynchronizer: source,
      targetSynchronizer: target,
      unassignUpdateId: update.update_id,
      allocationContractId: this.ctx.contractId(allocation.allocation),
      settlementId: allocation.settlementId,
    });
    yield update;
  }
}
