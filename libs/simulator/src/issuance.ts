import { type IssuanceConfig, type OpenMiningRoundSummary, parseDamlDecimal } from '@canton-scan/domain';

// Splice's issuance computation (`Splice.Issuance.computeIssuingRoundParameters`), in Daml
// Decimal arithmetic: 10^-10 units, products and quotients rounded half to even as Daml's
// Numeric multiplication and division round.

const ONE = 10_000_000_000n;
const YEAR_MICROS = 365n * 86_400n * 1_000_000n;

function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  const twice = 2n * (n % d);
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

export function mulDecimal(a: bigint, b: bigint): bigint {
  return roundHalfEven(a * b, ONE);
}

export function divDecimal(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('simulator bug: Daml decimal division by zero');
  return roundHalfEven(a * ONE, b);
}

const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

interface Tranche {
  readonly rewardsToIssue: bigint;
  readonly issuancePerCoupon: bigint;
  readonly unclaimedRewards: bigint;
}

function tranche(rewardsToIssue: bigint, capPerCoupon: bigint, totalCoupons: bigint): Tranche {
  if (totalCoupons <= 0n)
    return { rewardsToIssue, issuancePerCoupon: capPerCoupon, unclaimedRewards: rewardsToIssue };
  if (capPerCoupon <= 0n) return { rewardsToIssue, issuancePerCoupon: 0n, unclaimedRewards: rewardsToIssue };
  const scaledTotalCoupons = mulDecimal(capPerCoupon, totalCoupons);
  const capped = min(rewardsToIssue, scaledTotalCoupons);
  const issuancePerCoupon = divDecimal(mulDecimal(capped, capPerCoupon), scaledTotalCoupons);
  return {
    rewardsToIssue,
    issuancePerCoupon,
    unclaimedRewards: max(0n, rewardsToIssue - mulDecimal(issuancePerCoupon, totalCoupons)),
  };
}

/** `IssuingRoundParameters`, in 10^-10 units. */
export interface IssuingRoundParameters {
  readonly issuancePerValidatorRewardCoupon: bigint;
  readonly issuancePerFeaturedAppRewardCoupon: bigint;
  readonly issuancePerUnfeaturedAppRewardCoupon: bigint;
  readonly issuancePerSvRewardCoupon: bigint;
  readonly unclaimedAppRewards: bigint;
  readonly unclaimedValidatorRewards: bigint;
  readonly unclaimedSvRewards: bigint;
  readonly issuancePerValidatorFaucetCoupon: bigint;
  readonly amuletsToIssueToDevelopmentFund: bigint;
}

/** What a summarizing round issues, from its tick, amulet price, issuance config and coupon totals. */
export function computeIssuingRoundParameters(
  tickMicros: number,
  amuletPrice: bigint,
  config: IssuanceConfig,
  summary: OpenMiningRoundSummary,
): IssuingRoundParameters {
  const d = parseDamlDecimal;
  const developmentFundPercentage = d(config.optDevelopmentFundPercentage ?? '0.05');
  const roundsPerYear = divDecimal(YEAR_MICROS * ONE, BigInt(tickMicros) * ONE);
  const amuletsToIssueInRound = divDecimal(d(config.amuletToIssuePerYear), roundsPerYear);
  const toDevelopmentFund = mulDecimal(amuletsToIssueInRound, developmentFundPercentage);
  const adjusted = amuletsToIssueInRound - toDevelopmentFund;
  const validatorReward = tranche(
    mulDecimal(adjusted, d(config.validatorRewardPercentage)),
    d(config.validatorRewardCap),
    d(summary.totalValidatorRewardCoupons),
  );
  const validatorFaucet = tranche(
    validatorReward.unclaimedRewards,
    divDecimal(d(config.optValidatorFaucetCap ?? '2.85'), amuletPrice),
    BigInt(summary.optTotalValidatorFaucetCoupons ?? '0') * ONE,
  );
  const unfeaturedApp = tranche(
    mulDecimal(adjusted, d(config.appRewardPercentage)),
    d(config.unfeaturedAppRewardCap),
    d(summary.totalFeaturedAppRewardCoupons) + d(summary.totalUnfeaturedAppRewardCoupons),
  );
  const featuredApp = tranche(
    unfeaturedApp.unclaimedRewards,
    d(config.featuredAppRewardCap) - d(config.unfeaturedAppRewardCap),
    d(summary.totalFeaturedAppRewardCoupons),
  );
  const toSvs = adjusted - validatorReward.rewardsToIssue - unfeaturedApp.rewardsToIssue;
  const svWeight = BigInt(summary.totalSvRewardWeight) * ONE;
  const issuancePerSvRewardCoupon = svWeight === 0n ? toSvs : divDecimal(toSvs, svWeight);
  return {
    issuancePerValidatorRewardCoupon: validatorReward.issuancePerCoupon,
    issuancePerUnfeaturedAppRewardCoupon: unfeaturedApp.issuancePerCoupon,
    issuancePerFeaturedAppRewardCoupon: unfeaturedApp.issuancePerCoupon + featuredApp.issuancePerCoupon,
    issuancePerSvRewardCoupon,
    unclaimedValidatorRewards: validatorFaucet.unclaimedRewards,
    unclaimedAppRewards: featuredApp.unclaimedRewards,
    unclaimedSvRewards: max(0n, toSvs - mulDecimal(issuancePerSvRewardCoupon, svWeight)),
    issuancePerValidatorFaucetCoupon: validatorFaucet.issuancePerCoupon,
    amuletsToIssueToDevelopmentFund: toDevelopmentFund,
  };
}
