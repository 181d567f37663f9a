import {
  type DamlValue,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  mulDamlDecimal,
  SpliceChoices,
  SpliceInterfaces,
  SpliceTemplates,
  type TimeLock,
  timeLockType,
  type TransferResult,
  transferResultType,
  V,
  wholeDamlDecimal,
} from '@canton-scan/domain';
import { amuletValue, type AmuletContract, type GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import { steppedTransferFee, TRANSFER_FEES } from './network-config';
import type { RoundFlow } from './round.flow';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

export interface TransferOutput {
  readonly receiver: SimParty;
  readonly amount: bigint;
  /** Makes the output a LockedAmulet. */
  readonly lock?: TimeLock;
}

export interface TransferOutcome {
  /** One per output, in order: Amulet or LockedAmulet contracts. */
  readonly outputs: (AmuletContract | GenericContract)[];
  readonly change?: AmuletContract;
}

const MAX_RANDOM_INPUTS = 3;
/** Chance per round that a development fund coupon is claimed. */
const COUPON_CLAIM_PROBABILITY = 0.4;

/**
 * Holdings: DevNet taps (minting), `AmuletRules_Transfer`s and development fund coupon claims.
 * Keeps each user's spendable amulets (on the global
 * synchronizer, not locked, not travelling) in a wallet with O(1) add and remove.
 */
export class AmuletFlow {
  private readonly wallets: AmuletContract[][];

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly rounds: RoundFlow,
  ) {
    this.wallets = ctx.network.users.map(() => []);
  }

  addToWallet(amulet: AmuletContract): void {
    if (amulet.owner.role !== 'user' || amulet.synchronizer !== 0) return;
    const wallet = this.wallets[amulet.owner.index];
    amulet.walletSlot = wallet.length;
    wallet.push(amulet);
  }

  removeFromWallet(amulet: AmuletContract): void {
    if (amulet.walletSlot < 0) return;
    const wallet = this.wallets[amulet.owner.index];
    const last = wallet.pop()!;
    if (last !== amulet) {
      wallet[amulet.walletSlot] = last;
      last.walletSlot = amulet.walletSlot;
    }
    amulet.walletSlot = -1;
  }

  /** The spendable amulets of a user, newest last (read-only: `transfer` takes inputs out). */
  spendableOf(user: SimParty): readonly AmuletContract[] {
    return this.wallets[user.index];
  }

  /** A random spendable amulet of a random user, if anybody has one. */
  randomSpendable(): AmuletContract | undefined {
    const rng = this.ctx.rng;
    for (let attempt = 0; attempt < 8; attempt++) {
      const wallet = this.wallets[rng.int(0, this.wallets.length - 1)];
      if (wallet.length > 0) return wallet[rng.int(0, wallet.length - 1)];
    }
    return undefined;
  }

  /** Every user gets a first tap so transfers can start. */
  *genesisTaps(): Generator<HistoryUpdate> {
    for (const user of this.ctx.network.users) yield this.tap(user, this.randomWhole(500, 5000));
  }

  *tick(round: number): Generator<HistoryUpdate> {
    const { rng, network, options } = this.ctx;
    for (let i = 0; i < options.tapsPerRound; i++)
      yield this.tap(rng.pick(network.users), this.randomWhole(100, 2500));
    for (let i = 0; i < options.transfersPerRound; i++) yield* this.randomTransfer(round);
    if (this.rounds.coupons.length > 0 && rng.chance(COUPON_CLAIM_PROBABILITY)) yield this.claimCoupon(round);
  }

  /** Amulet units between min and max whole amulets, with random fractional digits. */
  randomWhole(min: number, max: number): bigint {
    const rng = this.ctx.rng;
    return wholeDamlDecimal(rng.int(min, max)) + BigInt(rng.int(0, 9_999_999)) * 1_000n;
  }

  /**
   * Picks inputs of `sender` worth at least `needed` after holding fees; taps a fresh amulet for
   * the sender first when its wallet cannot cover it.
   */
  *fund(sender: SimParty, needed: bigint, round: number, inputs: AmuletContract[]): Generator<HistoryUpdate> {
    const rng = this.ctx.rng;
    const wallet = this.wallets[sender.index];
    let available = 0n;
    const chosen = new Set<AmuletContract>();
    for (
      let attempt = 0;
      attempt < MAX_RANDOM_INPUTS * 2 &&
      available < needed &&
      chosen.size < Math.min(MAX_RANDOM_INPUTS, wallet.length);
      attempt++
    ) {
      const candidate = wallet[rng.int(0, wallet.length - 1)];
      if (chosen.has(candidate)) continue;
      chosen.add(candidate);
      available += valueAt(candidate, round);
    }
    if (available >= needed) {
      inputs.push(...chosen);
      return;
    }
    yield this.tap(sender, needed + this.randomWhole(100, 2000));
    inputs.push(wallet[wallet.length - 1]);
  }

  /**
   * Adds an `AmuletRules_Transfer` node: the inputs are archived, the outputs and the sender's
   * change created. Amounts balance to the 10th decimal (see `TransferSummary`).
   */
  transfer(
    tx: TxBuilder,
    sender: SimParty,
    inputs: readonly AmuletContract[],
    outputs: readonly TransferOutput[],
    round: number,
  ): TransferOutcome {
    const { dso } = this.ctx;
    const inputAmount = inputs.reduce((sum, a) => sum + a.amount, 0n);
    const holdingFees = inputs.reduce((sum, a) => sum + holdingFeeAt(a, round), 0n);
    const outputFees = outputs.map(
      (o) =>
        TRANSFER_FEES.createFee +
        steppedTransferFee(o.amount) +
        (o.lock ? TRANSFER_FEES.lockHolderFee * BigInt(o.lock.holders.length) : 0n),
    );
    const remainder =
      inputAmount -
      holdingFees -
      outputs.reduce((sum, o) => sum + o.amount, 0n) -
      outputFees.reduce((s, f) => s + f, 0n);
    if (remainder < 0n)
      throw new Error(`simulator bug: transfer inputs short by ${formatDamlDecimal(-remainder)}`);
    // Change worth less than two create fees is burned rather than kept as dust.
    const keepsChange = remainder > 2n * TRANSFER_FEES.createFee;
    const senderChangeFee = keepsChange ? TRANSFER_FEES.createFee : remainder;
    const senderChangeAmount = keepsChange ? remainder - TRANSFER_FEES.createFee : 0n;
    const openRound = this.rounds.openRound(round);
    const featured = this.governance.featuredAppRights.get(sender.id);
    const created: (AmuletContract | GenericContract)[] = [];
    let change: AmuletContract | undefined;
    for (const input of inputs) this.removeFromWallet(input);
    tx.exercise(
      this.governance.amuletRules,
      {
        choice: SpliceChoices.AmuletRulesTransfer,
        argument: V.record({
          transfer: V.record({
            sender: V.party(sender.id),
            provider: V.party(sender.id),
            inputs: V.list(inputs.map((a) => V.variant('InputAmulet', V.contractId(tx.contractId(a))))),
            outputs: V.list(
              outputs.map((o) =>
                V.record({
                  receiver: V.party(o.receiver.id),
                  receiverFeeRatio: V.numeric('0.0000000000'),
                  amount: V.numeric(formatDamlDecimal(o.amount)),
                  lock: V.optional(o.lock ? fromCompact(timeLockType, o.lock) : null),
                }),
              ),
            ),
            beneficiaries: V.none(),
          }),
          context: V.record({
            openMiningRound: V.contractId(tx.contractId(openRound)),
            issuingMiningRounds: V.genMap([]),
            validatorRights: V.genMap([]),
            featuredAppRight: V.optional(featured ? V.contractId(tx.contractId(featured)) : null),
          }),
          expectedDso: V.some(V.party(dso.id)),
        }),
        consuming: false,
        actingParties: [sender.id],
      },
      () => {
        for (const input of inputs) tx.archive(input, [sender.id]);
        for (const o of outputs) {
          if (o.lock) {
            created.push(
              tx.create(
                SpliceTemplates.LockedAmulet,
                V.record({
                  amulet: amuletValue(dso.id, o.receiver.id, o.amount, round),
                  lock: fromCompact(timeLockType, o.lock),
                }),
                [dso.id, o.receiver.id, ...o.lock.holders.filter((h) => h !== dso.id && h !== o.receiver.id)],
              ),
            );
          } else {
            const amulet = tx.createAmulet(dso, o.receiver, o.amount);
            this.addToWallet(amulet);
            created.push(amulet);
          }
        }
        if (keepsChange) {
          change = tx.createAmulet(dso, sender, senderChangeAmount);
          this.addToWallet(change);
        }
        const result: TransferResult = {
          round: { number: String(round) },
          summary: {
            inputAppRewardAmount: '0.0000000000',
            inputValidatorRewardAmount: '0.0000000000',
            inputSvRewardAmount: '0.0000000000',
            inputAmuletAmount: formatDamlDecimal(inputAmount),
            holdingFees: formatDamlDecimal(holdingFees),
            outputFees: outputFees.map(formatDamlDecimal),
            senderChangeFee: formatDamlDecimal(senderChangeFee),
            senderChangeAmount: formatDamlDecimal(senderChangeAmount),
            amuletPrice: '0.0050000000',
          },
          createdAmulets: created.map((c) =>
            c.kind === 'amulet'
              ? { tag: 'TransferResultAmulet', value: tx.contractId(c) }
              : { tag: 'TransferResultLockedAmulet', value: tx.contractId(c) },
          ),
          senderChangeAmulet: change ? tx.contractId(change) : null,
          meta: null,
        };
        return fromCompact(transferResultType, result);
      },
    );
    return { outputs: created, change };
  }

  private *randomTransfer(round: number): Generator<HistoryUpdate> {
    const { rng, network, options } = this.ctx;
    const users = network.users;
    const sender = rng.pick(users);
    const outputs: TransferOutput[] = Array.from({ length: options.outputsPerTransfer }, () => {
      let receiver = rng.pick(users);
      if (receiver === sender) receiver = users[(sender.index + 1) % users.length];
      return { receiver, amount: this.randomWhole(1, 150) };
    });
    const total = outputs.reduce((sum, o) => sum + o.amount, 0n);
    // Fees are at most 1% plus the fixed fees; the margin keeps the change positive.
    const needed = total + total / 50n + TRANSFER_FEES.createFee * BigInt(outputs.length + 2);
    const inputs: AmuletContract[] = [];
    yield* this.fund(sender, needed, round, inputs);
    if (sender.external) {
      yield this.ctx.transaction({ command: 'external-transfer', external: true }, (tx) => {
        tx.exercise(
          this.governance.externalPartyAmuletRules,
          {
            choice: SpliceChoices.TransferFactoryTransfer,
            argument: V.record({
              expectedAdmin: V.party(this.ctx.dso.id),
              transfer: V.record({
                sender: V.party(sender.id),
                receiver: V.party(outputs[0].receiver.id),
                amount: V.numeric(formatDamlDecimal(total)),
                instrumentId: V.record({ admin: V.party(this.ctx.dso.id), id: V.text('Amulet') }),
                requestedAt: V.timestamp(tx.effectiveAt),
                executeBefore: V.timestamp(tx.effectiveAt),
                inputHoldingCids: V.list(inputs.map((a) => V.contractId(tx.contractId(a)))),
                meta: V.record({ values: V.textMap({}) }),
              }),
              extraArgs: V.record({
                context: V.record({ values: V.textMap({}) }),
                meta: V.record({ values: V.textMap({}) }),
              }),
            }),
            consuming: false,
            actingParties: [sender.id],
            interfaceId: SpliceInterfaces.TransferFactory.interfaceId,
          },
          () => {
            const outcome = this.transfer(tx, sender, inputs, outputs, round);
            return transferInstructionResult(tx, outcome);
          },
        );
      });
    } else {
      yield this.ctx.transaction({ command: 'transfer' }, (tx) => {
        this.transfer(tx, sender, inputs, outputs, round);
      });
    }
  }

  /** A DevNet tap of `amount` for `receiver`; `onMinted` gets the new amulet (users' go to their wallets). */
  tap(receiver: SimParty, amount: bigint, onMinted?: (amulet: AmuletContract) => void): HistoryUpdate {
    const round = this.ctx.round;
    return this.ctx.transaction({ command: 'devnet-tap' }, (tx) => {
      const openRound = this.rounds.openRound(round);
      tx.exercise(
        this.governance.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesDevNetTap,
          argument: V.record({
            receiver: V.party(receiver.id),
            amount: V.numeric(formatDamlDecimal(amount)),
            openRound: V.contractId(tx.contractId(openRound)),
          }),
          consuming: false,
          actingParties: [receiver.id],
        },
        () => {
          const amulet = tx.createAmulet(this.ctx.dso, receiver, amount);
          this.addToWallet(amulet);
          onMinted?.(amulet);
          return V.record({
            amuletSum: V.record({
              amulet: V.contractId(tx.contractId(amulet)),
              round: V.record({ number: V.int64(round) }),
              amuletPrice: V.numeric('0.0050000000'),
            }),
          });
        },
      );
    });
  }

  private claimCoupon(round: number): HistoryUpdate {
    const { rng, network, dso } = this.ctx;
    const coupons = this.rounds.coupons;
    const index = rng.int(0, coupons.length - 1);
    const coupon = coupons[index];
    coupons[index] = coupons[coupons.length - 1];
    coupons.pop();
    const beneficiary = coupon.beneficiary ?? rng.pick(network.users);
    return this.ctx.transaction({ command: 'claim-development-fund-coupon' }, (tx) => {
      tx.exercise(
        coupon.contract,
        {
          choice: SpliceChoices.UnclaimedDevelopmentFundCouponClaim,
          argument: V.record({ beneficiary: V.party(beneficiary.id), reason: V.text('Development grant') }),
          consuming: true,
          actingParties: [dso.id],
        },
        () => {
          const amulet = tx.createAmulet(dso, beneficiary, coupon.amount, round);
          this.addToWallet(amulet);
          return V.record({ amulet: V.contractId(tx.contractId(amulet)) });
        },
      );
    });
  }
}

export function holdingFeeAt(amulet: { amount: bigint; round: number }, round: number): bigint {
  const fee = mulDamlDecimal(
    TRANSFER_FEES.holdingFeeRate,
    wholeDamlDecimal(Math.max(0, round - amulet.round)),
  );
  return fee < amulet.amount ? fee : amulet.amount;
}

export function valueAt(amulet: AmuletContract, round: number): bigint {
  return amulet.amount - holdingFeeAt(amulet, round);
}

function transferInstructionResult(tx: TxBuilder, outcome: TransferOutcome): DamlValue {
  return V.record({
    output: V.variant(
      'TransferInstructionResult_Completed',
      V.record({
        receiverHoldingCids: V.list(outcome.outputs.map((c) => V.contractId(tx.contractId(c)))),
      }),
    ),
    senderChangeCids: V.list(outcome.change ? [V.contractId(tx.contractId(outcome.change))] : []),
    meta: V.record({ values: V.textMap({}) }),
  });
}
