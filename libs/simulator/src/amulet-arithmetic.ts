import { formatDamlDecimal, parseDamlDecimal, type TransferConfig } from '@canton-scan/domain';

// Amulet's arithmetic as splice-amulet 0.1.22 computes it (Splice.Fees, Splice.AmuletRules
// `summarizeTransfer`, `scaleFees`, `splitAndBurn`). Amounts are Daml Decimals in 10^-10 units;
// products and quotients round half to even at 10 digits, as Daml's Numeric operations do.

const ONE = 10_000_000_000n;

/** a × b, rounded half to even to 10 fractional digits. */
export function mulNumeric(a: bigint, b: bigint): bigint {
  return roundHalfEven(a * b, ONE);
}

/** a / b, rounded half to even to 10 fractional digits. */
export function divNumeric(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division of a Daml decimal by zero');
  return roundHalfEven(a * ONE, b);
}

function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return roundHalfEven(-numerator, -denominator);
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const twice = 2n * (n % denominator);
  const rounded = twice > denominator || (twice === denominator && q % 2n === 1n) ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/** `Splice.Fees:SteppedRate`: `initialRate` up to the first step, each step's rate above it. */
export interface SteppedRate {
  readonly initialRate: bigint;
  /** (step, rate) with strictly ascending steps. */
  readonly steps: readonly (readonly [bigint, bigint])[];
}

/** The fee part of a `TransferConfig`, in USD (as configured) or in amulet (scaled at a price). */
export interface TransferFees {
  readonly createFee: bigint;
  readonly holdingFeeRate: bigint;
  readonly lockHolderFee: bigint;
  readonly transferFee: SteppedRate;
}

/** The fees of a compact `TransferConfig` payload. */
export function transferFeesOf(config: TransferConfig): TransferFees {
  return {
    createFee: parseDamlDecimal(config.createFee.fee),
    holdingFeeRate: parseDamlDecimal(config.holdingFee.rate),
    lockHolderFee: parseDamlDecimal(config.lockHolderFee.fee),
    transferFee: {
      initialRate: parseDamlDecimal(config.transferFee.initialRate),
      steps: config.transferFee.steps.map((s) => [parseDamlDecimal(s._1), parseDamlDecimal(s._2)] as const),
    },
  };
}

/** `chargeSteppedRate`: the fee on `amount` (the Daml charges each step's width at the rate below it). */
export function chargeSteppedRate(rate: SteppedRate, amount: bigint): bigint {
  // stepDifferences: the width of each band between consecutive steps.
  let total = 0n;
  const bands: [bigint, bigint][] = [];
  for (const [step, stepRate] of rate.steps) {
    bands.push([step - total, stepRate]);
    total += step;
  }
  let remainder = amount;
  let currentRate = rate.initialRate;
  let fee = 0n;
  for (const [width, nextRate] of bands) {
    if (remainder <= 0n) return fee;
    fee += mulNumeric(remainder < width ? remainder : width, currentRate);
    remainder -= width;
    currentRate = nextRate;
  }
  return remainder <= 0n ? fee : fee + mulNumeric(remainder, currentRate);
}

/** `scaleFees`: every fee and every step threshold times `s`; the step rates stay. */
export function scaleFees(s: bigint, fees: TransferFees): TransferFees {
  return {
    createFee: mulNumeric(s, fees.createFee),
    holdingFeeRate: mulNumeric(s, fees.holdingFeeRate),
    lockHolderFee: mulNumeric(s, fees.lockHolderFee),
    transferFee: {
      initialRate: fees.transferFee.initialRate,
      steps: fees.transferFee.steps.map(([step, rate]) => [mulNumeric(step, s), rate] as const),
    },
  };
}

/** `transferConfigAmuletFromOpenRound`: the USD config in amulet at the round's `amuletPrice`. */
export function feesInAmulet(usd: TransferFees, amuletPrice: bigint): TransferFees {
  return scaleFees(divNumeric(ONE, amuletPrice), usd);
}

/**
 * The fee the round's configuration prices an output at (what Splice's scan_txlog checks every
 * `outputFees` entry against): the create fee, plus the stepped transfer fee on the amount unless
 * the output goes back to the sender, plus one lock holder fee per lock holder.
 */
export function configuredOutputFee(
  fees: TransferFees,
  output: { readonly toSender: boolean; readonly amount: bigint; readonly lockHolders: number },
): bigint {
  const transferFee = output.toSender ? 0n : chargeSteppedRate(fees.transferFee, output.amount);
  return fees.createFee + transferFee + BigInt(output.lockHolders) * fees.lockHolderFee;
}

/** An Amulet input: its `ExpiringAmount`. */
export interface AmuletInput {
  readonly initialAmount: bigint;
  readonly createdAt: number;
  readonly ratePerRound: bigint;
}

/** The inputs of a transfer by kind, reward inputs already valued at their issuing round. */
export interface TransferInputs {
  readonly amulets: readonly AmuletInput[];
  readonly appReward?: bigint;
  readonly validatorReward?: bigint;
  readonly validatorFaucet?: bigint;
  readonly svReward?: bigint;
  readonly unclaimedActivityRecord?: bigint;
  readonly developmentFund?: bigint;
}

export interface TransferOutputSpec {
  readonly receiver: string;
  readonly amount: bigint;
}

/** `Splice.AmuletRules:BalanceChange`. */
export interface BalanceChange {
  readonly changeToInitialAmountAsOfRoundZero: bigint;
  readonly changeToHoldingFeesRate: bigint;
}

/** `Splice.AmuletRules:TransferSummary`, in 10^-10 units. */
export interface TransferSummaryAmounts {
  readonly inputAppRewardAmount: bigint;
  /** Includes the validator faucet amount, as the Daml reports it. */
  readonly inputValidatorRewardAmount: bigint;
  readonly inputSvRewardAmount: bigint;
  readonly inputAmuletAmount: bigint;
  /** Sorted by party, as a Daml Map serialises. */
  readonly balanceChanges: readonly (readonly [string, BalanceChange])[];
  readonly holdingFees: bigint;
  readonly outputFees: readonly bigint[];
  readonly senderChangeFee: bigint;
  readonly senderChangeAmount: bigint;
  readonly amuletPrice: bigint;
  readonly inputValidatorFaucetAmount: bigint;
  readonly inputUnclaimedActivityRecordAmount: bigint;
  readonly inputDevelopmentFundAmount: bigint;
}

/**
 * `summarizeTransfer` of splice-amulet 0.1.22: no holding fee is charged on inputs (only an
 * expiry burns them), every output fee is zero, and all that is left over after the outputs is
 * the sender's change (`senderChangeFee` is `min 0 leftover`, i.e. 0 when the transfer is funded).
 * Balance changes are normalised to round zero with `holdingFeeRate` (the amulet rate of the open
 * round, the rate of every amulet the transfer creates). Throws when the inputs do not cover the
 * outputs (the Daml's insufficient-funds failure).
 */
export function summarizeTransfer(args: {
  readonly sender: string;
  readonly openRound: number;
  readonly amuletPrice: bigint;
  readonly holdingFeeRate: bigint;
  readonly inputs: TransferInputs;
  readonly outputs: readonly TransferOutputSpec[];
}): TransferSummaryAmounts {
  const { sender, openRound, amuletPrice, holdingFeeRate, inputs, outputs } = args;
  const amuletAmount = inputs.amulets.reduce((s, a) => s + a.initialAmount, 0n);
  const archivedAsOfRoundZero = inputs.amulets.reduce(
    (s, a) => s + a.initialAmount + mulNumeric(a.ratePerRound, BigInt(a.createdAt) * ONE),
    0n,
  );
  const inputRates = -inputs.amulets.reduce((s, a) => s + a.ratePerRound, 0n);
  const appReward = inputs.appReward ?? 0n;
  const validatorReward = inputs.validatorReward ?? 0n;
  const validatorFaucet = inputs.validatorFaucet ?? 0n;
  const svReward = inputs.svReward ?? 0n;
  const unclaimed = inputs.unclaimedActivityRecord ?? 0n;
  const developmentFund = inputs.developmentFund ?? 0n;
  const outputFees = outputs.map(() => 0n);
  const leftOver =
    amuletAmount +
    appReward +
    validatorReward +
    unclaimed +
    validatorFaucet +
    svReward +
    developmentFund -
    outputs.reduce((s, o) => s + o.amount, 0n);
  if (leftOver < 0n) throw new Error(`insufficient funds: short by ${formatDamlDecimal(-leftOver)}`);
  const adjustment = mulNumeric(BigInt(openRound) * ONE, holdingFeeRate);
  const changes = new Map<string, BalanceChange>();
  const add = (party: string, c: BalanceChange): void => {
    const prev = changes.get(party);
    changes.set(
      party,
      prev
        ? {
            changeToInitialAmountAsOfRoundZero:
              prev.changeToInitialAmountAsOfRoundZero + c.changeToInitialAmountAsOfRoundZero,
            changeToHoldingFeesRate: prev.changeToHoldingFeesRate + c.changeToHoldingFeesRate,
          }
        : c,
    );
  };
  add(
    sender,
    leftOver > 0n
      ? {
          changeToInitialAmountAsOfRoundZero: leftOver + adjustment - archivedAsOfRoundZero,
          changeToHoldingFeesRate: holdingFeeRate + inputRates,
        }
      : { changeToInitialAmountAsOfRoundZero: -archivedAsOfRoundZero, changeToHoldingFeesRate: inputRates },
  );
  for (const o of outputs)
    add(o.receiver, {
      changeToInitialAmountAsOfRoundZero: o.amount + adjustment,
      changeToHoldingFeesRate: holdingFeeRate,
    });
  return {
    inputAppRewardAmount: appReward,
    inputValidatorRewardAmount: validatorReward + validatorFaucet,
    inputSvRewardAmount: svReward,
    inputAmuletAmount: amuletAmount,
    balanceChanges: [...changes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    holdingFees: 0n,
    outputFees,
    senderChangeFee: leftOver < 0n ? leftOver : 0n,
    senderChangeAmount: leftOver,
    amuletPrice,
    inputValidatorFaucetAmount: validatorFaucet,
    inputUnclaimedActivityRecordAmount: unclaimed,
    inputDevelopmentFundAmount: developmentFund,
  };
}

/** `totalBurnFromSummary`: output fees + holding fees + sender change fee. */
export function totalBurn(summary: TransferSummaryAmounts): bigint {
  return summary.outputFees.reduce((s, f) => s + f, 0n) + summary.holdingFees + summary.senderChangeFee;
}

/** The value an amulet created in `createdAt` has left in `round` (what `Amulet_Expire` waits for to reach 0). */
export function amuletValueAt(amulet: AmuletInput, round: number): bigint {
  const fee = mulNumeric(amulet.ratePerRound, BigInt(Math.max(0, round - amulet.createdAt)) * ONE);
  return fee < amulet.initialAmount ? amulet.initialAmount - fee : 0n;
}

/** A Decimal as Daml's `show` writes it (metadata values): no trailing zeros, at least one fractional digit. */
export function showDecimal(units: bigint): string {
  return formatDamlDecimal(units)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '.0');
}
