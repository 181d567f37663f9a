import { isHostingItem, isVerdictItem, type HistoryUpdate } from '@canton-scan/domain';
import { AllocationFlow } from './allocation.flow';
import { AmuletFlow } from './amulet.flow';
import { AnsFlow } from './ans.flow';
import { BatchTransferFlow } from './batch-transfer.flow';
import { GovernanceFlow } from './governance.flow';
import { SvNodesFlow } from './sv-nodes.flow';
import {
  describeSimulatedNetwork,
  type SimParty,
  type SimSv,
  type SimulatedNetwork,
} from './network-identities';
import { ReassignmentFlow, type InFlightContract } from './reassignment.flow';
import { RoundFlow } from './round.flow';
import { SvStatusFlow } from './sv-status.flow';
import { SimContext, type SimulationStats } from './simulator.context';
import { SynchronizerEventsFlow, type SimulatedItem } from './synchronizer-events.flow';
import { PartyHostingFlow } from './party-hosting.flow';
import {
  resolveSimulationOptions,
  type ResolvedSimulationOptions,
  type SimulationOptions,
} from './simulator.options';
import { TrafficFlow } from './traffic.flow';
import { ValidatorFlow } from './validator.flow';
import { VoteFlow } from './vote.flow';
import { createTransferPreapprovals } from './preapproval.flow';
import { TransferInstructionFlow, type PendingTransferInstruction } from './transfer-instruction.flow';
import { TransferCommandFlow } from './transfer-command.flow';

/** What a run produced, for the CLI and for tests that look for particular contracts. */
export interface SimulationSummary {
  readonly options: ResolvedSimulationOptions;
  readonly network: SimulatedNetwork;
  readonly stats: SimulationStats;
  readonly landmarks: {
    readonly offboardedSv: SimSv;
    readonly lateValidator: { readonly party: SimParty; readonly onboardedInRound: number };
    readonly departedValidator: { readonly party: SimParty; readonly departedInRound: number };
    /** LockedAmulets of open allocations left unassigned: first in migration 0, then in migration 1. */
    readonly inFlight: readonly InFlightContract[];
    /** The scripted transfer instruction left pending (when `transferInstructionsPerRound` > 0). */
    readonly pendingTransferInstruction?: PendingTransferInstruction;
    readonly migration: {
      readonly fromMigrationId: 0;
      readonly toMigrationId: 1;
      readonly atRound: number;
      readonly importUpdates: number;
    };
  };
}

/**
 * Generates the history of a simulated Amulet network, one update at a time, in the order a
 * scan would record it (see the flows for what happens each round). Deterministic: the same
 * options give byte-identical updates. Memory holds the active contract set, never the history,
 * so the generator streams at any scale; the summary is the generator's return value.
 *
 * Each round (tick) k: mining rounds advance; validators record liveness and buy synchronizer
 * traffic (at onboarding, then every `trafficTopUpEveryRounds`); votes are requested,
 * cast and closed; taps, transfers and a coupon claim; allocations are created and settled; the
 * transfer instructions are offered and settled and batch payouts made (when enabled);
 * contracts are reassigned. Round 0 bootstraps the network instead of advancing rounds. At `migrationRound` the synchronizers migrate: import updates
 * re-create the active contracts, then migration 1 carries on. With `continuous` the rounds go on
 * after `rounds` without end (the generator never returns; a live driver pulls what is due).
 */
export function* simulateNetwork(
  options: SimulationOptions = {},
): Generator<HistoryUpdate, SimulationSummary, undefined> {
  const history = simulateHistory(options);
  let step = history.next();
  while (!step.done) {
    if (!isVerdictItem(step.value) && !isHostingItem(step.value)) yield step.value;
    step = history.next();
  }
  return step.value;
}

/**
 * The simulated network's history as a scan records it: the updates of `simulateNetwork`, each
 * transaction followed by what the synchronizer said of it (its verdict item), and now and then
 * a verdict alone (docs/events.md), and the hosting items of the parties each update brings to its
 * synchronizer (docs/hosting.md). What `npm start` and history files store.
 */
export function* simulateHistory(
  options: SimulationOptions = {},
): Generator<SimulatedItem, SimulationSummary, undefined> {
  const resolved = resolveSimulationOptions(options);
  const ctx = new SimContext(resolved, describeSimulatedNetwork(resolved));
  return yield* new PartyHostingFlow(ctx.network).observe(
    new SynchronizerEventsFlow(ctx).observe(runNetwork(ctx)),
  );
}

function* runNetwork(ctx: SimContext): Generator<HistoryUpdate, SimulationSummary, undefined> {
  const resolved = ctx.options;
  const network = ctx.network;
  const governance = new GovernanceFlow(ctx);
  const votes = new VoteFlow(ctx, governance);
  const svNodes = new SvNodesFlow(ctx, governance);
  const rounds = new RoundFlow(ctx, governance);
  const svStatus = new SvStatusFlow(ctx, governance, rounds);
  const validators = new ValidatorFlow(ctx, governance, rounds);
  const amulets = new AmuletFlow(ctx, governance, rounds);
  const traffic = new TrafficFlow(ctx, governance, rounds, amulets, validators);
  const allocations = new AllocationFlow(ctx, governance, amulets, rounds);
  const transferInstructions = new TransferInstructionFlow(ctx, governance, amulets, rounds);
  const transferCommands = new TransferCommandFlow(ctx, governance, amulets, rounds);
  const batchTransfers = new BatchTransferFlow(ctx, amulets);
  const ans = new AnsFlow(ctx, governance, rounds, amulets);
  const reassignments = new ReassignmentFlow(ctx, amulets, allocations);
  const expectedPerRound =
    12 +
    resolved.validatorCount +
    2 * resolved.tapsPerRound +
    2 * resolved.transfersPerRound +
    3 * Math.ceil(resolved.allocationsPerRound) +
    2 * Math.ceil(resolved.transferInstructionsPerRound) +
    3 * Math.ceil(resolved.transferCommandsPerRound) +
    2 * Math.ceil(resolved.batchTransfersPerRound) +
    // SV automation: reward coupons, status reports, confirmations of issuing and archiving rounds
    4 * resolved.svCount +
    4;
  let importUpdates = 0;

  for (let round = 0; resolved.continuous || round < resolved.rounds; round++) {
    ctx.round = round;
    ctx.clock.startTick(
      round,
      round === 0
        ? expectedPerRound + resolved.partyCount + 3 * resolved.validatorCount + 4 * resolved.svCount
        : expectedPerRound,
    );
    if (round === resolved.migrationRound) {
      importUpdates = yield* migrate(ctx);
      yield* svNodes.publishMigratedNodes();
    }
    if (round === 0) {
      yield ctx.transaction({ command: 'bootstrap-network' }, (tx) =>
        governance.bootstrap(tx, (t) => rounds.bootstrap(t)),
      );
      yield* governance.addGenesisSvs();
      yield* svNodes.markGenesisSequencers();
      for (const provider of network.appProviders.slice(0, 2))
        yield* governance.grantFeaturedAppRight(provider);
      yield* validators.onboardGenesisValidators();
      yield* amulets.genesisTaps();
      yield* createTransferPreapprovals(ctx, governance, rounds, amulets, (r, p, c) =>
        transferCommands.preapprovalCreated(r, p, c),
      );
    } else {
      yield* rounds.advance(round);
    }
    yield* svStatus.tick(round);
    yield* validators.tick(round);
    yield* traffic.tick(round);
    yield* votes.tick(round);
    yield* amulets.tick(round);
    yield* allocations.tick(round);
    yield* transferInstructions.tick(round);
    yield* transferCommands.tick(round);
    yield* batchTransfers.tick(round);
    yield* ans.tick(round);
    yield* reassignments.tick(round);
  }

  return {
    options: resolved,
    network,
    stats: ctx.stats(),
    landmarks: {
      offboardedSv: network.offboardedSv,
      lateValidator: network.lateValidator,
      departedValidator: network.departedValidator,
      inFlight: reassignments.inFlight,
      pendingTransferInstruction: transferInstructions.keptPending,
      migration: { fromMigrationId: 0, toMigrationId: 1, atRound: resolved.migrationRound, importUpdates },
    },
  };
}

/**
 * A synchronizer migration: the next migration starts with one import update per active
 * contract (contracts in flight are not active anywhere and are left behind), in ascending
 * update id (= contract id) order, as `/v0/backfilling/import-updates` pages them.
 */
function* migrate(ctx: SimContext): Generator<HistoryUpdate, number> {
  ctx.migrationId += 1;
  ctx.store.leaveInFlightBehind();
  const contracts = Array.from(ctx.store.activeContracts(), (contract) => ({
    id: ctx.contractId(contract),
    contract,
  }));
  contracts.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const { id, contract } of contracts) yield ctx.importUpdate(contract, id);
  return contracts.length;
}

/** Who is who in the network `simulateNetwork(options)` generates, without generating it. */
export function simulatedNetworkOf(options: SimulationOptions = {}): SimulatedNetwork {
  return describeSimulatedNetwork(resolveSimulationOptions(options));
}
