import {
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  type Metadata,
  parseDamlDecimal,
  SpliceChoices,
  SpliceInterfaces,
  SpliceTemplates,
  type TimeLock,
  timeLockType,
  type TransferResult,
  transferResultType,
  type TransferSummary,
  toCompact,
  V,
  wholeDamlDecimal,
} from '@canton-scan/domain';
import {
  feesInAmulet,
  showDecimal,
  summarizeTransfer,
  totalBurn,
  type TransferSummaryAmounts,
} from './amulet-arithmetic';
import { amuletValue, type AmuletContract, type GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import { developmentFundManager, TRANSFER_FEES } from './network-config';
import { formatMicros } from './sim-clock';
import type { RoundFlow } from './round.flow';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

export interface TransferOutput {
  readonly receiver: SimParty;
  readonly amount: bigint;
  /** Makes the output a LockedAmulet. */
  readonly lock?: TimeLock;
  /** The output's `meta` (none when absent). */
  readonly meta?: Record<string, string>;
}

/** How a caller other than a plain wallet transfer exercises `AmuletRules_Transfer`. */
export interface TransferCall {
  /** The transfer's `provider` (default: the sender); its featured app right goes in the context. */
  readonly provider?: SimParty;
}

/** A transfer input other than an amulet, valued as the Daml values it. */
export interface RewardInput {
  readonly tag: 'InputDevelopmentFundCoupon' | 'InputValidatorLivenessActivityRecord';
  readonly kind: 'developmentFund' | 'validatorFaucet';
  readonly contract: GenericContract;
  readonly amount: bigint;
  /** The IssuingMiningRound the input is valued at (in the transfer context), for round-based rewards. */
  readonly issuing?: { readonly round: number; readonly contract: GenericContract };
}

export interface TransferOutcome {
  /** One per output, in order: Amulet or LockedAmulet contracts. */
  readonly outputs: (AmuletContract | GenericContract)[];
  readonly change?: AmuletContract;
  /** The holding fee rate of every holding the transfer created. */
  readonly rate: bigint;
  /** The `TransferResult` of the `AmuletRules_Transfer` node. */
  readonly result?: TransferResult;
}

const ZERO_FEES = {
  createFee: 0n,
  holdingFeeRate: 0n,
  lockHolderFee: 0n,
  transferFee: { initialRate: 0n, steps: [] },
};

const MAX_RANDOM_INPUTS = 3;
/** Chance per round that a development fund coupon is allocated to a beneficiary. */
const COUPON_CLAIM_PROBABILITY = 0.4;
/** Rounds an allocated DevelopmentFundCoupon stays spendable. */
const DEVELOPMENT_FUND_COUPON_ROUNDS = 24;

interface AllocatedCoupon {
  readonly contract: GenericContract;
  readonly beneficiary: SimParty;
  readonly amount: bigint;
  /** Round of the allocation. */
  readonly round: number;
}

/**
 * Holdings: DevNet taps (minting), `AmuletRules_Transfer`s, and development fund coupons
 * allocated by the fund manager and spent by their beneficiaries.
 * Keeps each user's spendable amulets (on the global
 * synchronizer, not locked, not travelling) in a wallet with O(1) add and remove.
 */
export class AmuletFlow {
  private readonly wallets: AmuletContract[][];
  /** DevelopmentFundCoupons allocated to their beneficiaries and not yet spent, oldest first. */
  private readonly allocated: AllocatedCoupon[] = [];

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
    yield* this.mintLivenessRecords(round);
    // A coupon allocated in an earlier round is spent before the next one is allocated.
    if (this.allocated.length > 0 && this.allocated[0].round < round) yield this.spendAllocatedCoupon(round);
    if (this.rounds.coupons.length > 0 && rng.chance(COUPON_CLAIM_PROBABILITY))
      yield this.allocateCoupon(round);
  }

  /** Amulet units between min and max whole amulets, with random fractional digits. */
  randomWhole(min: number, max: number): bigint {
    const rng = this.ctx.rng;
    return wholeDamlDecimal(rng.int(min, max)) + BigInt(rng.int(0, 9_999_999)) * 1_000n;
  }

  /**
   * Picks inputs of `sender` whose initial amounts add up to at least `needed` (0.1.22 charges no
   * holding fee on transfer inputs); taps a fresh amulet for the sender first when its wallet
   * cannot cover it.
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
      // 0.1.22 charges no holding fee on transfer inputs: an amulet is worth its initial amount.
      available += candidate.amount;
    }
    if (available >= needed) {
      inputs.push(...chosen);
      return;
    }
    yield this.tap(sender, needed + this.randomWhole(100, 2000));
    inputs.push(wallet[wallet.length - 1]);
  }

  /**
   * Adds an `AmuletRules_Transfer` node as splice-amulet 0.1.22 executes it: the inputs (amulets,
   * and reward inputs such as development fund coupons) are archived, the outputs and the sender's
   * change created, no fee is charged (see `summarizeTransfer`), and a featured provider's transfer
   * records a `FeaturedAppActivityMarker`.
   */
  transfer(
    tx: TxBuilder,
    sender: SimParty,
    inputs: readonly AmuletContract[],
    outputs: readonly TransferOutput[],
    round: number,
    rewardInputs: readonly RewardInput[] = [],
    call: TransferCall = {},
  ): TransferOutcome {
    const provider = call.provider ?? sender;
    const { dso } = this.ctx;
    const amuletPrice = this.rounds.amuletPriceOf(round);
    const rate = this.holdingFeeRate(round);
    const byKind = (kind: RewardInput['kind']): bigint =>
      rewardInputs.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.amount, 0n);
    const summary = summarizeTransfer({
      sender: sender.id,
      openRound: round,
      amuletPrice,
      holdingFeeRate: rate,
      inputs: {
        amulets: inputs.map((a) => ({ initialAmount: a.amount, createdAt: a.round, ratePerRound: a.rate })),
        validatorFaucet: byKind('validatorFaucet'),
        developmentFund: byKind('developmentFund'),
      },
      outputs: outputs.map((o) => ({ receiver: o.receiver.id, amount: o.amount })),
    });
    const openRound = this.rounds.openRound(round);
    const featured = this.governance.featuredAppRights.get(provider.id);
    const issuing = [
      ...new Map(rewardInputs.flatMap((r) => (r.issuing ? [[r.issuing.round, r.issuing]] : []))).values(),
    ];
    const created: (AmuletContract | GenericContract)[] = [];
    let change: AmuletContract | undefined;
    let transferResult: TransferResult | undefined;
    for (const input of inputs) this.removeFromWallet(input);
    tx.exercise(
      this.governance.amuletRules,
      {
        choice: SpliceChoices.AmuletRulesTransfer,
        argument: V.record({
          transfer: V.record({
            sender: V.party(sender.id),
            provider: V.party(provider.id),
            inputs: V.list([
              ...inputs.map((a) => V.variant('InputAmulet', V.contractId(tx.contractId(a)))),
              ...rewardInputs.map((r) => V.variant(r.tag, V.contractId(tx.contractId(r.contract)))),
            ]),
            outputs: V.list(
              outputs.map((o) =>
                V.record({
                  receiver: V.party(o.receiver.id),
                  receiverFeeRatio: V.numeric('0.0000000000'),
                  amount: V.numeric(formatDamlDecimal(o.amount)),
                  lock: V.optional(o.lock ? fromCompact(timeLockType, o.lock) : null),
                  meta: V.optional(o.meta ? V.record({ values: V.textMap(mapTexts(o.meta)) }) : null),
                }),
              ),
            ),
            beneficiaries: V.none(),
          }),
          context: V.record({
            openMiningRound: V.contractId(tx.contractId(openRound)),
            issuingMiningRounds: V.genMap(
              issuing
                .sort((a, b) => a.round - b.round)
                .map((r) => [
                  V.record({ number: V.int64(r.round) }),
                  V.contractId(tx.contractId(r.contract)),
                ]),
            ),
            validatorRights: V.genMap([]),
            featuredAppRight: V.optional(featured ? V.contractId(tx.contractId(featured)) : null),
          }),
          expectedDso: V.some(V.party(dso.id)),
        }),
        consuming: false,
        actingParties: [...new Set([sender.id, provider.id])],
      },
      () => {
        for (const input of inputs) tx.archive(input, [sender.id]);
        for (const r of rewardInputs) tx.archive(r.contract, [dso.id]);
        if (featured && usesFeaturedAppMarkers(openRound))
          tx.create(
            SpliceTemplates.FeaturedAppActivityMarker,
            buildSplicePayload(SpliceTemplates.FeaturedAppActivityMarker, {
              dso: dso.id,
              provider: provider.id,
              beneficiary: provider.id,
              weight: '1.0000000000',
            }),
            [dso.id],
            [sender.id],
          );
        for (const o of outputs) {
          if (o.lock) {
            created.push(
              tx.create(
                SpliceTemplates.LockedAmulet,
                V.record({
                  amulet: amuletValue(dso.id, o.receiver.id, o.amount, round, rate),
                  lock: fromCompact(timeLockType, o.lock),
                }),
                [dso.id, o.receiver.id, ...o.lock.holders.filter((h) => h !== dso.id && h !== o.receiver.id)],
              ),
            );
          } else {
            const amulet = tx.createAmulet(dso, o.receiver, o.amount, round, rate);
            this.addToWallet(amulet);
            created.push(amulet);
          }
        }
        if (summary.senderChangeAmount > 0n) {
          change = tx.createAmulet(dso, sender, summary.senderChangeAmount, round, rate);
          this.addToWallet(change);
        }
        const selfTransfer = outputs.every(
          (o) => o.receiver === sender && (o.lock?.holders ?? []).every((h) => h === sender.id),
        );
        const result: TransferResult = {
          round: { number: String(round) },
          summary: compactSummary(summary),
          createdAmulets: created.map((c) =>
            c.kind === 'amulet'
              ? { tag: 'TransferResultAmulet', value: tx.contractId(c) }
              : { tag: 'TransferResultLockedAmulet', value: tx.contractId(c) },
          ),
          senderChangeAmulet: change ? tx.contractId(change) : null,
          meta: transferMeta(summary, selfTransfer ? null : sender.id),
        };
        transferResult = result;
        return fromCompact(transferResultType, result);
      },
    );
    return { outputs: created, change, rate, result: transferResult };
  }

  /** The holding fee per round in amulet of the amulets created in open round `round`. */
  holdingFeeRate(round: number): bigint {
    return feesInAmulet(
      { ...ZERO_FEES, holdingFeeRate: TRANSFER_FEES.holdingFeeRate },
      this.rounds.amuletPriceOf(round),
    ).holdingFeeRate;
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
    // No fee is charged, so the inputs need to cover just the outputs.
    const needed = total;
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

  /**
   * A DevNet tap of `amount` for `receiver` (`AmuletRules_DevNet_Tap`, which exercises
   * `AmuletRules_Mint` to create the amulet); `onMinted` gets the new amulet (users' go to their
   * wallets).
   */
  tap(receiver: SimParty, amount: bigint, onMinted?: (amulet: AmuletContract) => void): HistoryUpdate {
    const round = this.ctx.round;
    const { dso } = this.ctx;
    return this.ctx.transaction({ command: 'devnet-tap' }, (tx) => {
      const openRound = this.rounds.openRound(round);
      const reason = 'tapped DevNet faucet';
      const args = {
        receiver: V.party(receiver.id),
        amount: V.numeric(formatDamlDecimal(amount)),
        openRound: V.contractId(tx.contractId(openRound)),
      };
      let amuletSum: DamlValue = V.record({});
      tx.exercise(
        this.governance.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesDevNetTap,
          argument: V.record(args),
          consuming: false,
          actingParties: [receiver.id],
        },
        () => {
          tx.exercise(
            this.governance.amuletRules,
            {
              choice: SpliceChoices.AmuletRulesMint,
              argument: V.record({ ...args, reason: V.some(V.text(reason)) }),
              consuming: false,
              actingParties: [dso.id, receiver.id],
            },
            () => {
              const amulet = tx.createAmulet(dso, receiver, amount, round, this.holdingFeeRate(round));
              this.addToWallet(amulet);
              onMinted?.(amulet);
              amuletSum = V.record({
                amulet: V.contractId(tx.contractId(amulet)),
                amuletPrice: V.numeric(formatDamlDecimal(this.rounds.amuletPriceOf(round))),
                round: V.record({ number: V.int64(round) }),
              });
              return V.record({ amuletSum });
            },
          );
          return V.record({
            amuletSum,
            meta: V.some(
              metadataValue({ [`${SPLICE_META}reason`]: reason, [`${SPLICE_META}tx-kind`]: 'mint' }),
            ),
          });
        },
      );
    });
  }

  /**
   * The development fund manager allocates an UnclaimedDevelopmentFundCoupon in full to its
   * beneficiary (`AmuletRules_AllocateDevelopmentFundCoupon`, creating a DevelopmentFundCoupon).
   */
  private allocateCoupon(round: number): HistoryUpdate {
    const { rng, network, dso, options } = this.ctx;
    const coupons = this.rounds.coupons;
    const index = rng.int(0, coupons.length - 1);
    const coupon = coupons[index];
    coupons[index] = coupons[coupons.length - 1];
    coupons.pop();
    const beneficiary = coupon.beneficiary ?? rng.pick(network.users);
    const manager = developmentFundManager(network);
    const reason = 'Development grant';
    return this.ctx.transaction({ command: 'allocate-development-fund-coupon' }, (tx) => {
      const expiresAt = formatMicros(
        tx.effectiveMicros + DEVELOPMENT_FUND_COUPON_ROUNDS * options.tickMicros,
      );
      tx.exercise(
        this.governance.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesAllocateDevelopmentFundCoupon,
          argument: V.record({
            unclaimedDevelopmentFundCouponCids: V.list([V.contractId(tx.contractId(coupon.contract))]),
            beneficiary: V.party(beneficiary.id),
            amount: V.numeric(formatDamlDecimal(coupon.amount)),
            expiresAt: V.timestamp(expiresAt),
            reason: V.text(reason),
            fundManager: V.party(manager.id),
          }),
          consuming: false,
          actingParties: [manager.id],
        },
        () => {
          tx.archive(coupon.contract, [dso.id]);
          const allocated = tx.create(
            SpliceTemplates.DevelopmentFundCoupon,
            buildSplicePayload(SpliceTemplates.DevelopmentFundCoupon, {
              dso: dso.id,
              beneficiary: beneficiary.id,
              fundManager: manager.id,
              amount: formatDamlDecimal(coupon.amount),
              expiresAt,
              reason,
            }),
            [dso.id],
            [beneficiary.id, manager.id],
          );
          this.allocated.push({ contract: allocated, beneficiary, amount: coupon.amount, round });
          return V.record({
            developmentFundCouponCid: V.contractId(tx.contractId(allocated)),
            optUnclaimedDevelopmentFundCouponCid: V.none(),
          });
        },
      );
    });
  }

  /**
   * Validators mint their liveness records whose round is issuing: a transfer with the record as
   * its only input, worth the issuing round's `optIssuancePerValidatorFaucetCoupon`. Records whose
   * round closed before they were minted were expired by the DSO when it closed the round
   * (`RoundFlow`'s `DsoRules_ClaimExpiredRewards`).
   */
  private *mintLivenessRecords(round: number): Generator<HistoryUpdate> {
    const records = this.rounds.livenessRecords;
    for (let i = 0; i < records.length;) {
      const record = records[i];
      const issuing = this.rounds.issuingRound(record.round);
      if (issuing === undefined && record.round >= round - 2) {
        i++;
        continue;
      }
      records.splice(i, 1);
      // Its round closed first: the DSO expired it with the round's other unclaimed coupons.
      if (issuing === undefined) continue;
      const payload = toCompact(issuing.payload) as { optIssuancePerValidatorFaucetCoupon?: string | null };
      const amount = parseDamlDecimal(payload.optIssuancePerValidatorFaucetCoupon ?? '0');
      yield this.ctx.transaction({ command: 'mint-validator-liveness-activity-record' }, (tx) => {
        this.transfer(tx, record.validator, [], [], round, [
          {
            tag: 'InputValidatorLivenessActivityRecord',
            kind: 'validatorFaucet',
            contract: record.contract,
            amount,
            issuing: { round: record.round, contract: issuing },
          },
        ]);
      });
    }
  }

  /** The beneficiary mints an allocated DevelopmentFundCoupon: a transfer with it as the only input. */
  private spendAllocatedCoupon(round: number): HistoryUpdate {
    const coupon = this.allocated.shift()!;
    return this.ctx.transaction({ command: 'claim-development-fund-coupon' }, (tx) => {
      this.transfer(tx, coupon.beneficiary, [], [], round, [
        {
          tag: 'InputDevelopmentFundCoupon',
          kind: 'developmentFund',
          contract: coupon.contract,
          amount: coupon.amount,
        },
      ]);
    });
  }
}

const SPLICE_META = 'splice.lfdecentralizedtrust.org/';
const AMULET_META = `amulet.${SPLICE_META}`;

/** A transfer summary as the exercise result carries it. */
export function compactSummary(s: TransferSummaryAmounts): TransferSummary {
  const f = formatDamlDecimal;
  return {
    inputAppRewardAmount: f(s.inputAppRewardAmount),
    inputValidatorRewardAmount: f(s.inputValidatorRewardAmount),
    inputSvRewardAmount: f(s.inputSvRewardAmount),
    inputAmuletAmount: f(s.inputAmuletAmount),
    balanceChanges: s.balanceChanges.map(([party, c]) => [
      party,
      {
        changeToInitialAmountAsOfRoundZero: f(c.changeToInitialAmountAsOfRoundZero),
        changeToHoldingFeesRate: f(c.changeToHoldingFeesRate),
      },
    ]),
    holdingFees: f(s.holdingFees),
    outputFees: s.outputFees.map(f),
    senderChangeFee: f(s.senderChangeFee),
    senderChangeAmount: f(s.senderChangeAmount),
    amuletPrice: f(s.amuletPrice),
    inputValidatorFaucetAmount: f(s.inputValidatorFaucetAmount),
    inputUnclaimedActivityRecordAmount: f(s.inputUnclaimedActivityRecordAmount),
    inputDevelopmentFundAmount: f(s.inputDevelopmentFundAmount),
  };
}

/**
 * `AmuletRules_Transfer`'s result metadata: `holdingTxMeta` (tx kind "transfer" with the sender,
 * or "merge-split" when the sender keeps every output; the burn when non-zero) plus the minted
 * reward input amounts when non-zero.
 */
export function transferMeta(s: TransferSummaryAmounts, sender: string | null): Metadata {
  const values: Record<string, string> = {};
  const put = (key: string, amount: bigint): void => {
    if (amount !== 0n) values[key] = showDecimal(amount);
  };
  put(`${AMULET_META}app-rewards`, s.inputAppRewardAmount);
  put(`${AMULET_META}development-fund`, s.inputDevelopmentFundAmount);
  put(`${AMULET_META}sv-rewards`, s.inputSvRewardAmount);
  put(`${AMULET_META}unclaimed-activity-records`, s.inputUnclaimedActivityRecordAmount);
  put(`${AMULET_META}validator-rewards`, s.inputValidatorRewardAmount);
  put(`${SPLICE_META}burned`, totalBurn(s));
  if (sender !== null) values[`${SPLICE_META}sender`] = sender;
  values[`${SPLICE_META}tx-kind`] = sender === null ? 'merge-split' : 'transfer';
  return { values };
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

const markerRounds = new WeakMap<GenericContract, boolean>();

/**
 * `useFeaturedAppMarkers` of the round's reward version: a featured transfer records a marker
 * unless the open round's `rewardConfig` mints by traffic-based app rewards (CIP-0104).
 */
function usesFeaturedAppMarkers(openRound: GenericContract): boolean {
  let uses = markerRounds.get(openRound);
  if (uses === undefined) {
    const payload = toCompact(openRound.payload) as { rewardConfig?: { mintingVersion?: string } | null };
    uses = payload.rewardConfig?.mintingVersion !== 'RewardVersion_TrafficBasedAppRewards';
    markerRounds.set(openRound, uses);
  }
  return uses;
}

function metadataValue(values: Record<string, string>): DamlValue {
  return V.record({
    values: V.textMap(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, V.text(v)]))),
  });
}

function mapTexts(values: Record<string, string>): Record<string, DamlValue> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, V.text(v)]));
}
