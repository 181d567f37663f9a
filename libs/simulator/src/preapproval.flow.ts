import {
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  type HistoryUpdate,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  V,
} from '@canton-scan/domain';
import type { AmuletFlow } from './amulet.flow';
import type { AmuletContract, GenericContract, SimContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import { HOLDING_FEE_RATE } from './contract-store';
import { divDecimal, mulDecimal } from './issuance';
import { TRANSFER_FEES } from './network-config';
import type { SimParty } from './network-identities';
import type { RoundFlow } from './round.flow';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import { runHorizonMicros } from './simulator.options';
import type { TxBuilder } from './transaction.builder';

const DAY_MICROS = 86_400_000_000;
/** Splice's defaults: 90 days come free, each further day costs 0.00274 USD. */
const BASE_DURATION_MICROS = 90 * DAY_MICROS;
const FEE_USD_PER_DAY = parseDamlDecimal('0.00274');
const SPLICE_META = 'splice.lfdecentralizedtrust.org/';

/**
 * TransferPreapprovals of the first `transferPreapprovalParties` users, each operated by a
 * validator (round-robin) and valid for the whole run. Provider and receiver exercise
 * `AmuletRules_CreateTransferPreapproval` for a lifetime past Splice's free 90 days, paid for as
 * Splice's `splitAndBurn` does (the validator taps the fee first): a self-transfer of the fee,
 * then burned, and a validator reward coupon for the burn. None by default. (The choice's free
 * branch, for at most 90 days, is kept for other callers.)
 */
export function* createTransferPreapprovals(
  ctx: SimContext,
  governance: GovernanceFlow,
  rounds: RoundFlow,
  amulets: AmuletFlow,
  onCreated?: (receiver: SimParty, provider: SimParty, preapproval: GenericContract) => void,
): Generator<HistoryUpdate> {
  const { network, options } = ctx;
  const round = ctx.round;
  // At least a day is paid for, so a bounded and a continuous run lay the flow out alike.
  const paidMicros = Math.max(DAY_MICROS, runHorizonMicros(options) - BASE_DURATION_MICROS);
  const lifetimeMicros = BASE_DURATION_MICROS + paidMicros;
  for (const receiver of network.users.slice(0, options.transferPreapprovalParties)) {
    const provider = network.validators[receiver.index % network.validators.length];
    const payment = paymentFor(paidMicros, rounds.amuletPriceOf(round));
    let input: AmuletContract | undefined;
    const { amuletPaid, outputFee, changeFee } = payment;
    yield amulets.tap(provider, amuletPaid + outputFee + changeFee + amulets.randomWhole(10, 100), (a) => {
      input = a;
    });
    yield ctx.transaction({ command: 'create-transfer-preapproval' }, (tx) => {
      const preapproval = createPreapproval(tx, ctx, governance, rounds.openRound(round), {
        receiver,
        provider,
        expiresAtMicros: tx.effectiveMicros + lifetimeMicros,
        round,
        amuletPrice: rounds.amuletPriceOf(round),
        payment: payment && input ? { ...payment, input } : null,
      });
      onCreated?.(receiver, provider, preapproval);
    });
  }
}

interface Payment {
  readonly amuletPaid: bigint;
  readonly outputFee: bigint;
  readonly changeFee: bigint;
}

/** computeTransferPreapprovalFee: USD = days × fee per day; amulet = USD / the round's price. */
function paymentFor(paidMicros: number, amuletPrice: bigint): Payment {
  const one = 10_000_000_000n;
  const days = divDecimal(BigInt(paidMicros) * one, BigInt(DAY_MICROS) * one);
  const amuletPaid = divDecimal(mulDecimal(days, FEE_USD_PER_DAY), amuletPrice);
  // The self-transfer's only output goes back to the sender: a create fee, no transfer fee.
  return { amuletPaid, outputFee: TRANSFER_FEES.createFee, changeFee: TRANSFER_FEES.createFee };
}

function createPreapproval(
  tx: TxBuilder,
  ctx: SimContext,
  governance: GovernanceFlow,
  openRound: GenericContract,
  p: {
    receiver: SimParty;
    provider: SimParty;
    expiresAtMicros: number;
    round: number;
    amuletPrice: bigint;
    payment: (Payment & { input: AmuletContract }) | null;
  },
): GenericContract {
  const { dso } = ctx;
  const { receiver, provider, round, payment } = p;
  const expiresAt = formatMicros(p.expiresAtMicros);
  const cid = (c: SimContract): DamlValue => V.contractId(tx.contractId(c));
  const dec = (units: bigint): DamlValue => V.numeric(formatDamlDecimal(units));
  let created: GenericContract | undefined;
  tx.exercise(
    governance.amuletRules,
    {
      choice: SpliceChoices.AmuletRulesCreateTransferPreapproval,
      argument: V.record({
        context: V.record({
          amuletRules: cid(governance.amuletRules),
          context: V.record({
            openMiningRound: cid(openRound),
            issuingMiningRounds: V.genMap([]),
            validatorRights: V.genMap([]),
            featuredAppRight: V.none(),
          }),
        }),
        inputs: V.list(payment ? [V.variant('InputAmulet', cid(payment.input))] : []),
        receiver: V.party(receiver.id),
        provider: V.party(provider.id),
        expiresAt: V.timestamp(expiresAt),
        expectedDso: V.optional(V.party(dso.id)),
        optCreatedAt: V.none(),
      }),
      consuming: false,
      actingParties: [provider.id, receiver.id],
    },
    () => {
      // payForTransferPreapproval: splitAndBurn when a paid extension is asked for.
      let transfer: { result: DamlValue; meta: Record<string, DamlValue> } = {
        result: V.record({
          round: V.record({ number: V.int64(String(round)) }),
          summary: summaryValue({
            inputAmuletAmount: 0n,
            balanceChanges: [],
            outputFees: [],
            senderChangeFee: 0n,
            senderChangeAmount: 0n,
            amuletPrice: p.amuletPrice,
          }),
          createdAmulets: V.list([]),
          senderChangeAmulet: V.none(),
          meta: V.none(),
        }),
        meta: {},
      };
      if (payment) {
        const { input, amuletPaid, outputFee, changeFee } = payment;
        const change = input.amount - amuletPaid - outputFee - changeFee;
        tx.archive(input, [provider.id]);
        const split = tx.createAmulet(dso, provider, amuletPaid, round);
        const senderChange = tx.createAmulet(dso, provider, change, round);
        tx.archive(split, [provider.id]);
        tx.create(
          SpliceTemplates.ValidatorRewardCoupon,
          buildSplicePayload(SpliceTemplates.ValidatorRewardCoupon, {
            dso: dso.id,
            user: provider.id,
            amount: formatDamlDecimal(amuletPaid + outputFee),
            round: { number: String(round) },
          }),
          [dso.id],
          [provider.id],
        );
        // Balance change normalised to round zero: the change replaces the input, the split is burned.
        const asOfRoundZero = (a: AmuletContract): bigint =>
          a.amount + parseDamlDecimal(HOLDING_FEE_RATE) * BigInt(a.round);
        transfer = {
          result: V.record({
            round: V.record({ number: V.int64(String(round)) }),
            summary: summaryValue({
              inputAmuletAmount: input.amount,
              balanceChanges: [[provider.id, asOfRoundZero(senderChange) - asOfRoundZero(input)]],
              outputFees: [outputFee],
              senderChangeFee: changeFee,
              senderChangeAmount: change,
              amuletPrice: p.amuletPrice,
            }),
            createdAmulets: V.list([V.variant('TransferResultAmulet', cid(split))]),
            senderChangeAmulet: V.optional(cid(senderChange)),
            meta: V.none(),
          }),
          meta: {
            [`${SPLICE_META}burned`]: V.text(showDecimal(outputFee + changeFee + amuletPaid)),
            [`${SPLICE_META}reason`]: V.text('create TransferPreapproval'),
            [`${SPLICE_META}tx-kind`]: V.text('burn'),
          },
        };
      }
      const now = tx.effectiveAt;
      const preapproval = tx.create(
        SpliceTemplates.TransferPreapproval,
        buildSplicePayload(SpliceTemplates.TransferPreapproval, {
          dso: dso.id,
          receiver: receiver.id,
          provider: provider.id,
          validFrom: now,
          lastRenewedAt: now,
          expiresAt,
        }),
        [dso.id, receiver.id, provider.id],
      );
      created = preapproval;
      return V.record({
        transferPreapprovalCid: cid(preapproval),
        transferResult: transfer.result,
        amuletPaid: dec(payment?.amuletPaid ?? 0n),
        meta: V.optional(V.record({ values: V.textMap(transfer.meta) })),
      });
    },
  );
  return created!;
}

/** A `TransferSummary` with no reward inputs and no holding fees, as the preapproval payment has. */
function summaryValue(s: {
  inputAmuletAmount: bigint;
  balanceChanges: [string, bigint][];
  outputFees: bigint[];
  senderChangeFee: bigint;
  senderChangeAmount: bigint;
  amuletPrice: bigint;
}): DamlValue {
  const dec = (units: bigint): DamlValue => V.numeric(formatDamlDecimal(units));
  return V.record({
    inputAppRewardAmount: dec(0n),
    inputValidatorRewardAmount: dec(0n),
    inputSvRewardAmount: dec(0n),
    inputAmuletAmount: dec(s.inputAmuletAmount),
    balanceChanges: V.genMap(
      s.balanceChanges.map(([party, change]) => [
        V.party(party),
        V.record({ changeToInitialAmountAsOfRoundZero: dec(change), changeToHoldingFeesRate: dec(0n) }),
      ]),
    ),
    holdingFees: dec(0n),
    outputFees: V.list(s.outputFees.map(dec)),
    senderChangeFee: dec(s.senderChangeFee),
    senderChangeAmount: dec(s.senderChangeAmount),
    amuletPrice: dec(s.amuletPrice),
    inputValidatorFaucetAmount: V.optional(dec(0n)),
    inputUnclaimedActivityRecordAmount: V.optional(dec(0n)),
    inputDevelopmentFundAmount: V.optional(dec(0n)),
  });
}

/** Daml's `show` of a Decimal, as metadata values carry it: no trailing zeros. */
function showDecimal(units: bigint): string {
  return formatDamlDecimal(units)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '.0');
}
