import {
  type CompactValue,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  toCompact,
} from '@canton-scan/domain';
import { decimal, divRounded, formatUnits, mulRounded } from './daml-decimal-rounding';
import { AMULET, amuletAmountOf, LOCKED_AMULET, qualifiedName } from './amulet-payloads';
import type { HistoryViolation } from './history-checker';

/** What the transfer checks read of the history so far and where they report. */
export interface TransferLedger {
  readonly amuletAmounts: ReadonlyMap<string, bigint>;
  readonly openRounds: ReadonlyMap<string, CompactValue>;
  readonly issuingRounds: ReadonlyMap<string, CompactValue>;
  /** Active reward coupons and liveness records (compact payload), by contract id. */
  readonly rewardCoupons: ReadonlyMap<string, { readonly template: string; readonly payload: CompactValue }>;
  flag(v: HistoryViolation): void;
}

interface Output {
  readonly receiver: string;
  readonly amount: bigint;
  readonly receiverFeeRatio: bigint;
  readonly lockHolders: readonly string[] | undefined;
}

interface Summary {
  inputAppRewardAmount?: string;
  inputValidatorRewardAmount?: string;
  inputSvRewardAmount?: string;
  inputAmuletAmount?: string;
  holdingFees?: string;
  outputFees?: string[];
  senderChangeFee?: string;
  senderChangeAmount?: string;
  amuletPrice?: string;
  inputUnclaimedActivityRecordAmount?: string | null;
  inputDevelopmentFundAmount?: string | null;
}

type Json = Record<string, unknown>;

const opt = (text: unknown): bigint => (typeof text === 'string' ? decimal(text) : 0n);

/**
 * The choices that pay an amount by splitting it off the payer's inputs and burning it, in one
 * transfer of their own (0.1.22's `splitAndBurn`, no `AmuletRules_Transfer` exercise): their
 * result holds the amount paid and the transfer's result (`BuyMemberTraffic`: its fields inline).
 */
export const PAYMENT_CHOICES: ReadonlySet<string> = new Set([
  'AmuletRules_BuyMemberTraffic',
  'AmuletRules_CreateTransferPreapproval',
  'TransferPreapproval_Renew',
  'AmuletRules_CreateExternalPartySetupProposal',
]);

/**
 * Conservation and fee checks of one `AmuletRules_Transfer` (its argument's transfer and its
 * `TransferResult`) or payment (PAYMENT_CHOICES: one output of `amuletPaid` to the payer, burnt);
 * returns what it mints (reward inputs) less what it burns (fees, and the amount paid).
 * `nested`: a payment whose transfer is a child exercise, which counts the mint and burn itself.
 * Nothing is checked when the values lack the fields (the `daml` rule reports that).
 */
export function checkTransferLike(
  ledger: TransferLedger,
  tx: HistoryTransaction,
  event: HistoryExercisedEvent,
  rootChoice: string,
  nested: boolean,
): bigint {
  const subject = rootChoice ? `${rootChoice} > ${event.choice}` : event.choice;
  const flag = (rule: 'conservation' | 'fees', problem: string, detail?: string): void =>
    ledger.flag({ rule, subject, problem, updateId: tx.update_id, detail });
  const arg = toCompact(event.choice_argument, 'ledger') as Json;
  const full = toCompact(event.exercise_result, 'ledger') as Json;
  const paying = PAYMENT_CHOICES.has(event.choice);
  const res = (paying && event.choice !== 'AmuletRules_BuyMemberTraffic' ? full.transferResult : full) as
    Json | undefined;
  const transfer = (paying ? arg : arg.transfer) as Json | undefined;
  const summary = res?.summary as Summary | undefined;
  if (!res || !transfer || !summary || !Array.isArray(transfer.inputs)) return 0n;
  const created = new Map<string, { template: string; payload: Json }>();
  const archived = new Set<string>();
  for (const e of Object.values(tx.events_by_id)) {
    if (e.event_type === 'created_event')
      created.set(e.contract_id, {
        template: qualifiedName(e.template_id),
        payload: toCompact(e.create_arguments, 'ledger') as Json,
      });
    else if (e.consuming) archived.add(e.contract_id);
  }
  const changeOwner = (created.get(res.senderChangeAmulet as string)?.payload as Json | undefined)?.owner;
  const sender = (paying ? (arg.provider ?? arg.validator ?? changeOwner) : transfer.sender) as string;
  const paid = opt(full.amuletPaid);
  const outputs: Output[] = paying
    ? paid === 0n && (summary.outputFees ?? []).length === 0
      ? []
      : [{ receiver: sender, amount: paid, receiverFeeRatio: 0n, lockHolders: undefined }]
    : ((transfer.outputs as Json[] | undefined) ?? []).map((o) => ({
        receiver: o.receiver as string,
        amount: opt(o.amount),
        receiverFeeRatio: opt(o.receiverFeeRatio),
        lockHolders: (o.lock as { holders?: string[] } | null | undefined)?.holders,
      }));
  const outputFees = (summary.outputFees ?? []).map(opt);
  const senderChangeFee = opt(summary.senderChangeFee);
  const holdingFees = opt(summary.holdingFees);
  const senderChangeAmount = opt(summary.senderChangeAmount);
  const rewardInputs =
    opt(summary.inputAppRewardAmount) +
    opt(summary.inputValidatorRewardAmount) +
    opt(summary.inputSvRewardAmount) +
    opt(summary.inputUnclaimedActivityRecordAmount) +
    opt(summary.inputDevelopmentFundAmount);

  // Inputs: archived by the transfer; the summary's amulet input is their sum.
  let inputAmulets = 0n;
  let allKnown = true;
  for (const input of transfer.inputs as { tag?: string; value?: unknown }[]) {
    if (input.tag !== 'InputAmulet' || typeof input.value !== 'string') continue;
    if (!archived.has(input.value))
      flag('conservation', 'an input amulet is not archived by the transaction');
    const amount = ledger.amuletAmounts.get(input.value) ?? amountOfCreated(created.get(input.value));
    if (amount === undefined) allKnown = false;
    else inputAmulets += amount;
  }
  checkRewardInputs(ledger, transfer.inputs as { tag?: string; value?: unknown }[], archived, summary, flag);
  const inputAmuletAmount = opt(summary.inputAmuletAmount);
  if (allKnown && inputAmulets !== inputAmuletAmount)
    flag(
      'conservation',
      'summary.inputAmuletAmount is not the sum of the input amulets',
      `${formatUnits(inputAmuletAmount)} vs ${formatUnits(inputAmulets)}`,
    );

  // Outputs: one created amulet per output, owned by its receiver, holding its amount less the receiver's share of its fee.
  let outputTotal = 0n;
  if (outputFees.length !== outputs.length)
    flag('conservation', 'summary.outputFees and the outputs differ in number');
  if (paying) outputTotal = paid;
  else {
    const createdAmulets = (res.createdAmulets as { tag?: string; value?: string }[] | undefined) ?? [];
    if (createdAmulets.length !== outputs.length)
      flag('conservation', 'createdAmulets and the outputs differ in number');
    outputs.forEach((output, i) => {
      const fee = outputFees[i] ?? 0n;
      const expected = output.amount - mulRounded(output.receiverFeeRatio, fee);
      const ref = createdAmulets[i];
      const contract = ref?.value ? created.get(ref.value) : undefined;
      if (!contract) {
        flag('conservation', 'an output amulet is not created by the transaction');
        outputTotal += expected;
        return;
      }
      const locked = contract.template === LOCKED_AMULET;
      if (
        (ref?.tag === 'TransferResultLockedAmulet') !== locked ||
        locked !== (output.lockHolders !== undefined)
      )
        flag('conservation', 'an output’s lock, its result tag and the created template disagree');
      const amulet = (locked ? contract.payload.amulet : contract.payload) as Json | undefined;
      if (amulet?.owner !== output.receiver)
        flag('conservation', 'an output amulet is not owned by its receiver');
      const amount = amountOfCreated(contract) ?? 0n;
      outputTotal += amount;
      if (amount !== expected)
        flag(
          'conservation',
          'an output amulet does not hold the output’s amount less the receiver’s share of its fee',
          `${formatUnits(amount)} vs ${formatUnits(expected)}`,
        );
    });
  }

  // Sender change: an amulet of senderChangeAmount for the sender, when there is change.
  const changeCid = res.senderChangeAmulet;
  if (typeof changeCid === 'string') {
    const change = created.get(changeCid);
    const amount = amountOfCreated(change);
    if (amount !== senderChangeAmount)
      flag(
        'conservation',
        'the sender change amulet does not hold summary.senderChangeAmount',
        `${amount === undefined ? 'none' : formatUnits(amount)} vs ${formatUnits(senderChangeAmount)}`,
      );
    if (change && (change.payload as Json).owner !== sender)
      flag('conservation', 'the sender change amulet is not the sender’s');
  } else if (senderChangeAmount > 0n)
    flag('conservation', 'summary.senderChangeAmount is positive but no change amulet is created');

  const fees = outputFees.reduce((a, b) => a + b, 0n) + senderChangeFee;
  const inputs = inputAmuletAmount - holdingFees + rewardInputs;
  const outputsAndFees = outputTotal + senderChangeAmount + fees;
  if (inputs !== outputsAndFees)
    flag(
      'conservation',
      'inputs (amulets less holding fees, plus rewards) do not equal outputs plus change plus fees',
      `${formatUnits(inputs)} vs ${formatUnits(outputsAndFees)}`,
    );

  checkFees(ledger, res, summary, sender, outputs, outputFees, senderChangeFee, holdingFees, flag);

  if (nested) return paying ? -paid : 0n;
  return rewardInputs - fees - holdingFees - (paying ? paid : 0n);
}

/**
 * The summary's reward inputs are the input coupons' amounts at their issuing round's issuance (as
 * scan_txlog.py recomputes them): app rewards at the featured or unfeatured rate, validator
 * rewards, SV rewards by weight, and validator faucet coupons and liveness records at the faucet
 * issuance (counted in `inputValidatorRewardAmount`, as 0.1.22 does). Every input coupon is archived.
 */
function checkRewardInputs(
  ledger: TransferLedger,
  inputs: readonly { tag?: string; value?: unknown }[],
  archived: ReadonlySet<string>,
  summary: Summary,
  flag: (rule: 'conservation', problem: string, detail?: string) => void,
): void {
  const totals = { app: 0n, validator: 0n, sv: 0n };
  let complete = true;
  for (const input of inputs) {
    if (input.tag === 'InputAmulet') continue;
    const cid =
      input.tag === 'ExtTransferInput'
        ? (input.value as { optInputValidatorFaucetCoupon?: string | null } | undefined)
            ?.optInputValidatorFaucetCoupon
        : input.value;
    if (typeof cid !== 'string') continue;
    if (!archived.has(cid))
      flag('conservation', `an input (${input.tag}) is not archived by the transaction`);
    const coupon = ledger.rewardCoupons.get(cid);
    const payload = coupon?.payload as Json | undefined;
    const round = (payload?.round as { number?: string } | undefined)?.number;
    const issuing = round === undefined ? undefined : (ledger.issuingRounds.get(round) as Json | undefined);
    if (!coupon || !payload || !issuing) {
      if (
        ['InputAppRewardCoupon', 'InputValidatorRewardCoupon', 'InputSvRewardCoupon'].includes(
          input.tag ?? '',
        )
      )
        flag('conservation', `an input (${input.tag}) is no active coupon of an issuing round`);
      complete = false;
      continue;
    }
    switch (coupon.template) {
      case 'Splice.Amulet:AppRewardCoupon':
        totals.app += mulRounded(
          opt(payload.amount),
          opt(
            payload.featured === true
              ? issuing.issuancePerFeaturedAppRewardCoupon
              : issuing.issuancePerUnfeaturedAppRewardCoupon,
          ),
        );
        break;
      case 'Splice.Amulet:ValidatorRewardCoupon':
        totals.validator += mulRounded(opt(payload.amount), opt(issuing.issuancePerValidatorRewardCoupon));
        break;
      case 'Splice.Amulet:SvRewardCoupon':
        totals.sv += mulRounded(
          opt(payload.weight === undefined ? undefined : `${payload.weight as string}.0`),
          opt(issuing.issuancePerSvRewardCoupon),
        );
        break;
      case 'Splice.ValidatorLicense:ValidatorFaucetCoupon':
      case 'Splice.ValidatorLicense:ValidatorLivenessActivityRecord':
        totals.validator += opt(issuing.optIssuancePerValidatorFaucetCoupon);
        break;
      default:
        complete = false;
    }
  }
  if (!complete) return;
  const compare = (field: keyof Summary, total: bigint): void => {
    const declared = opt(summary[field]);
    if (declared !== total)
      flag(
        'conservation',
        `summary.${field} is not the input coupons at their issuing round’s issuance`,
        `${formatUnits(declared)} vs ${formatUnits(total)}`,
      );
  };
  compare('inputAppRewardAmount', totals.app);
  compare('inputValidatorRewardAmount', totals.validator);
  compare('inputSvRewardAmount', totals.sv);
}

function checkFees(
  ledger: TransferLedger,
  res: Json,
  summary: Summary,
  sender: string,
  outputs: readonly Output[],
  outputFees: readonly bigint[],
  senderChangeFee: bigint,
  holdingFees: bigint,
  flag: (rule: 'fees', problem: string, detail?: string) => void,
): void {
  // splice-amulet 0.1.22 charges neither output nor change fees in a transfer, and holding fees only when an amulet expires.
  if (outputFees.some((f) => f !== 0n))
    flag('fees', 'an output fee is charged (splice-amulet 0.1.22 charges none)');
  if (senderChangeFee !== 0n)
    flag('fees', 'a sender change fee is charged (splice-amulet 0.1.22 charges none)');
  if (holdingFees !== 0n)
    flag('fees', 'holding fees are charged in a transfer (splice-amulet 0.1.22 charges them on expiry only)');

  const roundNumber = (res.round as { number?: string } | undefined)?.number;
  const round =
    roundNumber === undefined ? undefined : (ledger.openRounds.get(roundNumber) as Json | undefined);
  if (!round) {
    flag('fees', 'the transfer’s round is no OpenMiningRound of the history');
    return;
  }
  const price = opt(round.amuletPrice);
  if (opt(summary.amuletPrice) !== price)
    flag('fees', 'summary.amuletPrice is not the open round’s amulet price');
  if (price === 0n) return;
  // The round's USD fees at its amulet price, as scan_txlog.py recomputes them from the round's transferConfigUsd.
  const config = round.transferConfigUsd as Json;
  const scale = divRounded(decimal('1.0'), price);
  const createFee = mulRounded(opt((config.createFee as Json).fee), scale);
  const lockHolderFee = mulRounded(opt((config.lockHolderFee as Json).fee), scale);
  const transferFee = config.transferFee as { initialRate: string; steps: { _1: string; _2: string }[] };
  const steps = transferFee.steps.map((s) => ({ upTo: mulRounded(opt(s._1), scale), rate: opt(s._2) }));
  outputs.forEach((output, i) => {
    const holders = new Set((output.lockHolders ?? []).filter((h) => h !== output.receiver));
    const expected =
      createFee +
      (output.receiver === sender ? 0n : tieredFee(output.amount, opt(transferFee.initialRate), steps)) +
      BigInt(holders.size) * lockHolderFee;
    const fee = outputFees[i];
    if (fee !== undefined && fee !== expected)
      flag(
        'fees',
        'an output fee is not create fee + tiered transfer fee + lock holder fees at the open round’s amulet price',
        `${formatUnits(fee)} vs ${formatUnits(expected)}`,
      );
  });
  if (senderChangeFee > createFee) flag('fees', 'the sender change fee exceeds the create fee');
}

/** The tiered transfer fee of `amount`: `initialRate` up to the first step, each step's rate above it. */
function tieredFee(
  amount: bigint,
  initialRate: bigint,
  steps: readonly { upTo: bigint; rate: bigint }[],
): bigint {
  let remainder = amount;
  let total = 0n;
  let rate = initialRate;
  let passed = 0n;
  for (const step of steps) {
    if (remainder <= 0n) return total;
    const band = step.upTo - passed;
    passed = step.upTo;
    total += mulRounded(remainder < band ? remainder : band, rate);
    remainder -= band;
    rate = step.rate;
  }
  if (remainder > 0n) total += mulRounded(remainder, rate);
  return total;
}

function amountOfCreated(contract: { template: string; payload: Json } | undefined): bigint | undefined {
  if (!contract) return undefined;
  if (contract.template !== AMULET && contract.template !== LOCKED_AMULET) return undefined;
  return amuletAmountOf(contract.template, contract.payload as CompactValue);
}
