import { formatDamlDecimal, parseDamlDecimal } from '../../daml-value/daml-decimal';

/**
 * The inputs of a round's CIP-0104 app reward computation, all read from its OpenMiningRound:
 * `issuanceConfig` (amulet to issue per year, app reward percentage, featured app reward cap,
 * development fund percentage, 0.05 when the Optional is absent), `tickDuration`, `amuletPrice`,
 * `trafficPrice` (USD per MB) and `rewardConfig.appRewardCouponThreshold` (USD). Decimals are
 * Daml decimal texts. A round without `rewardConfig` or `trafficPrice` predates CIP-0104 and has
 * no inputs.
 */
export interface RewardInputs {
  amuletToIssuePerYear: string;
  appRewardPercentage: string;
  featuredAppRewardCap: string;
  developmentFundPercentage: string;
  tickDurationMicros: string;
  amuletPrice: string;
  trafficPrice: string;
  appRewardCouponThreshold: string;
}

/** What the per-provider step needs, as Daml decimal texts. */
export interface RewardIssuanceParams {
  /** Amulet per MB of app activity weight. */
  issuancePerMb: string;
  /** The coupon threshold in amulet. */
  thresholdCc: string;
  /** Amulet the round issues for featured app rewards. */
  totalIssuance: string;
  /** The part of it no activity can claim (the cap leaves it), never negative. */
  unclaimed: string;
}

export const DEFAULT_DEVELOPMENT_FUND_PERCENTAGE = '0.0500000000';

const ONE = 10n ** 10n;

/** Daml Numeric 10 rounding of `n / d` (d > 0) to the nearest, ties to even. */
function halfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / d;
  const r2 = (abs % d) * 2n;
  if (r2 > d || (r2 === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

const mul = (a: bigint, b: bigint): bigint => halfEven(a * b, ONE);
const div = (a: bigint, b: bigint): bigint => {
  if (b === 0n) throw new RangeError('reward computation: division by zero');
  return b < 0n ? halfEven(-a * ONE, -b) : halfEven(a * ONE, b);
};
const fromWhole = (n: bigint): bigint => n * ONE;

/**
 * Splice scan's derivation of a round's issuance parameters from its inputs and its total app
 * activity weight (bytes of traffic), in Daml Numeric 10 arithmetic (every product and quotient
 * rounded half-even to 10 decimals, in the order Splice's `Issuance.daml` uses):
 *   roundsPerYear  = microsPerYear / tickDuration;  perRound = amuletToIssuePerYear / roundsPerYear
 *   adjusted       = perRound - perRound x developmentFundPercentage
 *   ccPerMb        = trafficPrice / amuletPrice;    coupons = (W / 10^6) x ccPerMb
 *   rewardsToIssue = adjusted x appRewardPercentage
 *   perCoupon      = cap if coupons <= 0, 0 if cap <= 0, else (min(rewardsToIssue, cap x coupons) x cap) / (cap x coupons)
 *   unclaimed      = max(0, rewardsToIssue - perCoupon x coupons)
 *   issuancePerMb  = ccPerMb x perCoupon;  thresholdCc = appRewardCouponThreshold / amuletPrice
 */
export function deriveIssuanceParams(inputs: RewardInputs, totalWeight: bigint): RewardIssuanceParams {
  const d = (text: string) => parseDamlDecimal(text);
  const microsPerYear = 365n * 24n * 3600n * 1_000_000n;
  const roundsPerYear = div(fromWhole(microsPerYear), fromWhole(BigInt(inputs.tickDurationMicros)));
  const perRound = div(d(inputs.amuletToIssuePerYear), roundsPerYear);
  const adjusted = perRound - mul(perRound, d(inputs.developmentFundPercentage));
  const ccPerMb = div(d(inputs.trafficPrice), d(inputs.amuletPrice));
  const coupons = mul(div(fromWhole(totalWeight), fromWhole(1_000_000n)), ccPerMb);
  const rewardsToIssue = mul(adjusted, d(inputs.appRewardPercentage));
  const cap = d(inputs.featuredAppRewardCap);
  let perCoupon: bigint;
  if (coupons <= 0n) perCoupon = cap;
  else if (cap <= 0n) perCoupon = 0n;
  else {
    const scaled = mul(cap, coupons);
    const capped = rewardsToIssue < scaled ? rewardsToIssue : scaled;
    perCoupon = div(mul(capped, cap), scaled);
  }
  const unclaimed = rewardsToIssue - mul(perCoupon, coupons);
  return {
    issuancePerMb: formatDamlDecimal(mul(ccPerMb, perCoupon)),
    thresholdCc: formatDamlDecimal(div(d(inputs.appRewardCouponThreshold), d(inputs.amuletPrice))),
    totalIssuance: formatDamlDecimal(rewardsToIssue),
    unclaimed: formatDamlDecimal(unclaimed < 0n ? 0n : unclaimed),
  };
}
