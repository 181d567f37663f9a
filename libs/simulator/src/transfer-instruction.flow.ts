import {
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  SpliceChoices,
  SpliceInterfaces,
  SpliceTemplates,
  type TokenTransfer,
  tokenTransferType,
  V,
} from '@canton-scan/domain';
import type { AmuletFlow } from './amulet.flow';
import type { AmuletContract, GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import type { RoundFlow } from './round.flow';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import { runHorizonMicros } from './simulator.options';
import type { TxBuilder } from './transaction.builder';
import { unlockAmulet } from './locked-amulet';

/** How a transfer instruction ends: accepted or rejected by the receiver, withdrawn by the sender, or left pending. */
export type TransferInstructionPlan = 'accept' | 'reject' | 'withdraw' | 'pending';

/** An AmuletTransferInstruction waiting for its receiver, with the LockedAmulet holding its funds. */
export interface PendingTransferInstruction {
  readonly instruction: GenericContract;
  readonly lockedAmulet: GenericContract;
  readonly sender: SimParty;
  readonly receiver: SimParty;
  /** Locked amount (10^-10 units) and the round the locked amulet's amount is as of. */
  readonly amount: bigint;
  readonly lockedRound: number;
  /** Holding fee rate of the locked amulet. */
  readonly rate: bigint;
  readonly plan: TransferInstructionPlan;
  readonly dueRound: number;
}

/**
 * Two-step amulet transfers of the token standard (CIP-0056) to receivers without a
 * TransferPreapproval: the sender's `TransferFactory_Transfer` on ExternalPartyAmuletRules locks
 * the funds in a LockedAmulet and creates an AmuletTransferInstruction offered to the receiver
 * (result `TransferInstructionResult_Pending`). Later the receiver accepts it
 * (`TransferInstruction_Accept`: the receiver gets an Amulet) or rejects it
 * (`TransferInstruction_Reject`), or the sender withdraws it (`TransferInstruction_Withdraw`);
 * the last two unlock the sender's amulet. Some stay pending.
 *
 * `transferInstructionsPerRound` per round (fractions accumulate), none by default. When enabled,
 * the first four are scripted so every ending appears whatever the seed: in round 1 one accepted,
 * one rejected and one withdrawn (each a round later), in round 2 one left pending until the end.
 */
export class TransferInstructionFlow {
  readonly pending: PendingTransferInstruction[] = [];
  /** The scripted instruction that stays pending, once created. */
  keptPending?: PendingTransferInstruction;
  private credit = 0;
  private created = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly amulets: AmuletFlow,
    private readonly rounds: RoundFlow,
  ) {}

  /** Users without a TransferPreapproval: the ones an instruction may be offered to. */
  private get receivers(): readonly SimParty[] {
    return this.ctx.network.users.slice(this.ctx.options.transferPreapprovalParties);
  }

  *tick(round: number): Generator<HistoryUpdate> {
    const rate = this.ctx.options.transferInstructionsPerRound;
    if (rate === 0 || this.receivers.length === 0) return;
    for (const t of this.pending.filter((x) => x.dueRound === round && x.plan !== 'pending')) {
      this.pending.splice(this.pending.indexOf(t), 1);
      yield this.settle(t, round);
    }
    const scripted: TransferInstructionPlan[] =
      round === 1 ? ['accept', 'reject', 'withdraw'] : round === 2 ? ['pending'] : [];
    for (const plan of scripted) yield* this.instruct(round, plan, round + 1, true);
    this.credit += rate;
    while (this.credit >= 1) {
      this.credit -= 1;
      const roll = this.ctx.rng.float();
      const plan: TransferInstructionPlan =
        roll < 0.5 ? 'accept' : roll < 0.7 ? 'reject' : roll < 0.9 ? 'withdraw' : 'pending';
      yield* this.instruct(round, plan, round + this.ctx.rng.int(1, 3), false);
    }
  }

  private *instruct(
    round: number,
    plan: TransferInstructionPlan,
    dueRound: number,
    scripted: boolean,
  ): Generator<HistoryUpdate> {
    const { rng, network, options, dso } = this.ctx;
    const receivers = this.receivers;
    const receiver = rng.pick(receivers);
    const users = network.users;
    const sender = users[(receiver.index + rng.int(1, users.length - 1)) % users.length];
    const amount = this.amulets.randomWhole(5, 200);
    const inputs: AmuletContract[] = [];
    yield* this.amulets.fund(sender, amount, round, inputs);
    const workflowId = `transfer-instruction-${this.created++}`;
    yield this.ctx.transaction(
      { command: 'instruct-transfer', workflowId, external: sender.external },
      (tx) => {
        const tick = options.tickMicros;
        // A pending instruction stays acceptable for the whole run; the others until their due round has passed.
        const executeBefore = formatMicros(
          tx.effectiveMicros +
            (plan === 'pending' ? runHorizonMicros(options) : (dueRound - round + 2) * tick),
        );
        const transfer: TokenTransfer = {
          sender: sender.id,
          receiver: receiver.id,
          amount: formatDamlDecimal(amount),
          instrumentId: { admin: dso.id, id: 'Amulet' },
          requestedAt: tx.effectiveAt,
          executeBefore,
          inputHoldingCids: inputs.map((a) => tx.contractId(a)),
          meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'payment' } },
        };
        tx.exercise(
          this.governance.externalPartyAmuletRules,
          {
            choice: SpliceChoices.TransferFactoryTransfer,
            argument: V.record({
              expectedAdmin: V.party(dso.id),
              transfer: fromCompact(tokenTransferType, transfer),
              extraArgs: extraArgs({
                'amulet-rules': anyContractId(tx.contractId(this.governance.amuletRules)),
                'open-round': anyContractId(tx.contractId(this.rounds.openRound(round))),
              }),
            }),
            consuming: false,
            actingParties: [sender.id],
            interfaceId: SpliceInterfaces.TransferFactory.interfaceId,
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
                    expiresAt: executeBefore,
                    optContext: `transfer to ${receiver.id}`,
                  },
                },
              ],
              round,
            );
            const lockedAmulet = outcome.outputs[0] as GenericContract;
            const instruction = tx.create(
              SpliceTemplates.AmuletTransferInstruction,
              buildSplicePayload(SpliceTemplates.AmuletTransferInstruction, {
                lockedAmulet: tx.contractId(lockedAmulet),
                transfer,
              }),
              [dso.id, sender.id],
              [receiver.id],
            );
            const pending: PendingTransferInstruction = {
              instruction,
              lockedAmulet,
              sender,
              receiver,
              amount,
              lockedRound: round,
              rate: outcome.rate,
              plan,
              dueRound,
            };
            this.pending.push(pending);
            if (scripted && plan === 'pending') this.keptPending = pending;
            return V.record({
              output: V.variant(
                'TransferInstructionResult_Pending',
                V.record({ transferInstructionCid: V.contractId(tx.contractId(instruction)) }),
              ),
              senderChangeCids: V.list(outcome.change ? [V.contractId(tx.contractId(outcome.change))] : []),
              meta: V.record({ values: V.textMap({}) }),
            });
          },
        );
      },
    );
  }

  /** The receiver accepts or rejects, or the sender withdraws. */
  private settle(t: PendingTransferInstruction, round: number): HistoryUpdate {
    const workflowId = `transfer-instruction-${this.ctx.contractId(t.instruction).slice(0, 16)}`;
    const bySender = t.plan === 'withdraw';
    const choice =
      t.plan === 'accept'
        ? SpliceChoices.TransferInstructionAccept
        : t.plan === 'reject'
          ? SpliceChoices.TransferInstructionReject
          : SpliceChoices.TransferInstructionWithdraw;
    const actor = bySender ? t.sender : t.receiver;
    return this.ctx.transaction(
      { command: `${t.plan}-transfer-instruction`, workflowId, external: actor.external },
      (tx) => {
        const context: Record<string, DamlValue> =
          t.plan === 'accept'
            ? {
                'amulet-rules': anyContractId(tx.contractId(this.governance.amuletRules)),
                'open-round': anyContractId(tx.contractId(this.rounds.openRound(round))),
              }
            : { 'expire-lock': V.variant('AV_Bool', V.bool(true)) };
        tx.exercise(
          t.instruction,
          {
            choice,
            argument: V.record({ extraArgs: extraArgs(context) }),
            consuming: true,
            actingParties: [actor.id],
            interfaceId: SpliceInterfaces.TransferInstruction.interfaceId,
          },
          () => {
            const unlocked = this.unlock(tx, t, round);
            if (t.plan !== 'accept') {
              this.amulets.addToWallet(unlocked);
              return instructionResult('TransferInstructionResult_Failed', V.unit(), [
                V.contractId(tx.contractId(unlocked)),
              ]);
            }
            // The unlocked amulet holds exactly the instructed amount; no fee is charged on it.
            const amount = unlocked.amount;
            const outcome = this.amulets.transfer(
              tx,
              t.sender,
              [unlocked],
              [{ receiver: t.receiver, amount }],
              round,
            );
            return instructionResult(
              'TransferInstructionResult_Completed',
              V.record({
                receiverHoldingCids: V.list(outcome.outputs.map((c) => V.contractId(tx.contractId(c)))),
              }),
              [],
            );
          },
        );
      },
    );
  }

  /** `LockedAmulet_Unlock` of the instruction's locked amulet in the round's open round context. */
  private unlock(tx: TxBuilder, t: PendingTransferInstruction, round: number): AmuletContract {
    return unlockAmulet(
      tx,
      this.ctx.dso,
      { contract: this.rounds.openRound(round), round, amuletPrice: this.rounds.amuletPriceOf(round) },
      t,
    );
  }
}

function instructionResult(tag: string, output: DamlValue, senderChange: DamlValue[]): DamlValue {
  return V.record({
    output: V.variant(tag, output),
    senderChangeCids: V.list(senderChange),
    meta: V.record({ values: V.textMap({}) }),
  });
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
