import {
  type AllocationSpecification,
  allocationSpecificationType,
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceInterfaces,
  SpliceTemplates,
  V,
} from '@canton-scan/domain';
import type { AmuletFlow } from './amulet.flow';
import type { AmuletContract, GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import type { RoundFlow } from './round.flow';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';
import { unlockAmulet } from './locked-amulet';

export type AllocationPlan = 'execute' | 'withdraw' | 'open';

/** An AmuletAllocation with the LockedAmulet holding its funds. */
export interface OpenAllocation {
  readonly settlementId: string;
  readonly allocation: GenericContract;
  readonly lockedAmulet: GenericContract;
  readonly sender: SimParty;
  readonly receiver: SimParty;
  readonly executor: SimParty;
  /** Locked amount (10^-10 units) and the round the locked amulet's amount is as of. */
  readonly amount: bigint;
  readonly lockedRound: number;
  /** Holding fee rate of the locked amulet. */
  readonly rate: bigint;
  readonly plan: AllocationPlan;
  readonly dueRound: number;
  /** The locked amulet left for another synchronizer: nothing may touch this allocation now. */
  frozen: boolean;
}

/**
 * Token-standard allocations of amulet (CIP-0056): `AllocationFactory_Allocate` on
 * ExternalPartyAmuletRules locks the sender's funds in a LockedAmulet and creates the
 * AmuletAllocation; later the executor settles it (`Allocation_ExecuteTransfer`) or the sender
 * takes it back (`Allocation_Withdraw`); some stay open. The first four are scripted so every
 * ending appears whatever the seed: round 1 one executed and one withdrawn, rounds 2 and 3 one
 * each left open (their LockedAmulets are the in-flight contracts of the reassignment flow).
 */
export class AllocationFlow {
  readonly open: OpenAllocation[] = [];
  /** The scripted allocations that stay open, in creation order. */
  readonly keptOpen: OpenAllocation[] = [];
  private credit = 0;
  private created = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly amulets: AmuletFlow,
    private readonly rounds: RoundFlow,
  ) {}

  *tick(round: number): Generator<HistoryUpdate> {
    for (const a of this.open.filter((x) => x.dueRound === round && !x.frozen && x.plan !== 'open')) {
      this.open.splice(this.open.indexOf(a), 1);
      yield a.plan === 'execute' ? this.execute(a, round) : this.withdraw(a, round);
    }
    const scripted: AllocationPlan[] =
      round === 1 ? ['execute', 'withdraw'] : round === 2 || round === 3 ? ['open'] : [];
    for (const plan of scripted) yield* this.allocate(round, plan, true);
    this.credit += this.ctx.options.allocationsPerRound;
    while (this.credit >= 1) {
      this.credit -= 1;
      const roll = this.ctx.rng.float();
      yield* this.allocate(round, roll < 0.5 ? 'execute' : roll < 0.8 ? 'withdraw' : 'open', false);
    }
  }

  private *allocate(round: number, plan: AllocationPlan, scripted: boolean): Generator<HistoryUpdate> {
    const { rng, network, options, dso } = this.ctx;
    const users = network.users;
    const sender = rng.pick(users);
    const receiver = users[(sender.index + rng.int(1, users.length - 1)) % users.length];
    const providers = network.appProviders;
    const executor = providers[this.created % providers.length];
    const amount = this.amulets.randomWhole(5, 300);
    const inputs: AmuletContract[] = [];
    yield* this.amulets.fund(sender, amount, round, inputs);
    const settlementId = `settlement-${this.created++}`;
    const dueRound = round + rng.int(1, 4);
    yield this.ctx.transaction(
      { command: 'allocate', workflowId: settlementId, external: sender.external },
      (tx) => {
        const tick = options.tickMicros;
        const settleBefore = formatMicros(tx.effectiveMicros + (dueRound - round + 2) * tick);
        const spec: AllocationSpecification = {
          settlement: {
            executor: executor.id,
            settlementRef: { id: settlementId, cid: null },
            requestedAt: tx.effectiveAt,
            allocateBefore: formatMicros(tx.effectiveMicros + tick),
            settleBefore,
            meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'trade settlement' } },
          },
          transferLegId: 'leg-0',
          transferLeg: {
            sender: sender.id,
            receiver: receiver.id,
            amount: formatDamlDecimal(amount),
            instrumentId: { admin: dso.id, id: 'Amulet' },
            meta: { values: {} },
          },
        };
        tx.exercise(
          this.governance.externalPartyAmuletRules,
          {
            choice: SpliceChoices.AllocationFactoryAllocate,
            argument: V.record({
              expectedAdmin: V.party(dso.id),
              allocation: fromCompact(allocationSpecificationType, spec),
              requestedAt: V.timestamp(tx.effectiveAt),
              inputHoldingCids: V.list(inputs.map((a) => V.contractId(tx.contractId(a)))),
              extraArgs: emptyExtraArgs(),
            }),
            consuming: false,
            actingParties: [sender.id],
            interfaceId: SpliceInterfaces.AllocationFactory.interfaceId,
          },
          () => {
            const outcome = this.amulets.transfer(
              tx,
              sender,
              inputs,
              [
                {
                  receiver: sender,
                  amount,
                  lock: {
                    holders: [dso.id],
                    expiresAt: settleBefore,
                    optContext: `allocation ${settlementId}/leg-0`,
                  },
                },
              ],
              round,
            );
            const lockedAmulet = outcome.outputs[0] as GenericContract;
            const allocation = tx.create(
              SpliceTemplates.AmuletAllocation,
              buildSplicePayload(SpliceTemplates.AmuletAllocation, {
                lockedAmulet: tx.contractId(lockedAmulet),
                allocation: spec,
              }),
              [dso.id, sender.id],
              [executor.id, receiver.id],
            );
            const open: OpenAllocation = {
              settlementId,
              allocation,
              lockedAmulet,
              sender,
              receiver,
              executor,
              amount,
              lockedRound: round,
              rate: outcome.rate,
              plan,
              dueRound,
              frozen: false,
            };
            this.open.push(open);
            if (scripted && plan === 'open') this.keptOpen.push(open);
            return V.record({
              output: V.variant(
                'AllocationInstructionResult_Completed',
                V.record({ allocationCid: V.contractId(tx.contractId(allocation)) }),
              ),
              senderChangeCids: V.list(outcome.change ? [V.contractId(tx.contractId(outcome.change))] : []),
              meta: V.record({ values: V.textMap({}) }),
            });
          },
        );
      },
    );
  }

  private execute(a: OpenAllocation, round: number): HistoryUpdate {
    const featured = this.governance.featuredAppRights.get(a.executor.id);
    return this.ctx.transaction({ command: 'execute-allocation', workflowId: a.settlementId }, (tx) => {
      const context: Record<string, DamlValue> = {
        'amulet-rules': anyContractId(tx.contractId(this.governance.amuletRules)),
        'open-round': anyContractId(tx.contractId(this.rounds.openRound(round))),
      };
      if (featured) context['featured-app-right'] = anyContractId(tx.contractId(featured));
      tx.exercise(
        a.allocation,
        {
          choice: SpliceChoices.AllocationExecuteTransfer,
          argument: V.record({ extraArgs: extraArgs(context) }),
          consuming: true,
          actingParties: [a.executor.id, a.sender.id, a.receiver.id],
          interfaceId: SpliceInterfaces.Allocation.interfaceId,
        },
        () => {
          const unlocked = this.unlock(tx, a, round);
          // The unlocked amulet holds exactly the allocated amount; no fee is charged on it.
          const amount = unlocked.amount;
          const outcome = this.amulets.transfer(
            tx,
            a.sender,
            [unlocked],
            [{ receiver: a.receiver, amount }],
            round,
          );
          return V.record({
            senderHoldingCids: V.list([]),
            receiverHoldingCids: V.list(outcome.outputs.map((c) => V.contractId(tx.contractId(c)))),
            meta: V.record({ values: V.textMap({}) }),
          });
        },
      );
    });
  }

  private withdraw(a: OpenAllocation, round: number): HistoryUpdate {
    return this.ctx.transaction(
      { command: 'withdraw-allocation', workflowId: a.settlementId, external: a.sender.external },
      (tx) => {
        tx.exercise(
          a.allocation,
          {
            choice: SpliceChoices.AllocationWithdraw,
            argument: V.record({
              extraArgs: extraArgs({ 'expire-lock': V.variant('AV_Bool', V.bool(true)) }),
            }),
            consuming: true,
            actingParties: [a.sender.id],
            interfaceId: SpliceInterfaces.Allocation.interfaceId,
          },
          () => {
            const unlocked = this.unlock(tx, a, round);
            this.amulets.addToWallet(unlocked);
            return V.record({
              senderHoldingCids: V.list([V.contractId(tx.contractId(unlocked))]),
              meta: V.record({ values: V.textMap({}) }),
            });
          },
        );
      },
    );
  }

  /** `LockedAmulet_Unlock` of the allocation's locked amulet in the round's open round context. */
  private unlock(tx: TxBuilder, a: OpenAllocation, round: number): AmuletContract {
    return unlockAmulet(
      tx,
      this.ctx.dso,
      { contract: this.rounds.openRound(round), round, amuletPrice: this.rounds.amuletPriceOf(round) },
      a,
    );
  }
}

function anyContractId(cid: string): DamlValue {
  return V.variant('AV_ContractId', V.contractId(cid));
}

function extraArgs(context: Record<string, DamlValue>): DamlValue {
  return V.record({
    context: V.record({ values: V.textMap(context) }),
    meta: V.record({ values: V.textMap({}) }),
  });
}

function emptyExtraArgs(): DamlValue {
  return extraArgs({});
}
