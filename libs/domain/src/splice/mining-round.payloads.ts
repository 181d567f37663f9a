import { T, type CompactOf } from '../daml-value/daml-type';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of the `Splice.Round` templates (package splice-amulet). Int and
// Decimal fields are strings in compact JSON; Time is a microsecond ISO-8601 string.

export const roundType = T.record({ number: T.int64 });
/** `Splice.Types:Round`. */
export interface Round {
  number: string;
}

export const relTimeType = T.record({ microseconds: T.int64 });
/** `DA.Time:RelTime`. */
export interface RelTime {
  microseconds: string;
}

export const ratePerRoundType = T.record({ rate: T.numeric });
/** `Splice.Fees:RatePerRound`: holding fee charged per round. */
export interface RatePerRound {
  rate: string;
}

export const fixedFeeType = T.record({ fee: T.numeric });
export interface FixedFee {
  fee: string;
}

export const steppedRateType = T.record({
  initialRate: T.numeric,
  steps: T.list(T.tuple2(T.numeric, T.numeric)),
});
/** `Splice.Fees:SteppedRate`: `initialRate` up to the first step's amount, then each step's rate. */
export interface SteppedRate {
  initialRate: string;
  steps: { _1: string; _2: string }[];
}

export const transferConfigType = T.record({
  createFee: fixedFeeType,
  holdingFee: ratePerRoundType,
  transferFee: steppedRateType,
  lockHolderFee: fixedFeeType,
  extraFeaturedAppRewardAmount: T.numeric,
  maxNumInputs: T.int64,
  maxNumOutputs: T.int64,
  maxNumLockHolders: T.int64,
  tokenStandardMaxTTL: T.optional(relTimeType),
});
/** `Splice.AmuletConfig:TransferConfig`. */
export interface TransferConfig {
  createFee: FixedFee;
  holdingFee: RatePerRound;
  transferFee: SteppedRate;
  lockHolderFee: FixedFee;
  extraFeaturedAppRewardAmount: string;
  maxNumInputs: string;
  maxNumOutputs: string;
  maxNumLockHolders: string;
  /** Longest validity of a token-standard instruction; null means Splice's default (90 days). */
  tokenStandardMaxTTL: RelTime | null;
}

export const issuanceConfigType = T.record({
  amuletToIssuePerYear: T.numeric,
  validatorRewardPercentage: T.numeric,
  appRewardPercentage: T.numeric,
  validatorRewardCap: T.numeric,
  featuredAppRewardCap: T.numeric,
  unfeaturedAppRewardCap: T.numeric,
  optValidatorFaucetCap: T.optional(T.numeric),
  optDevelopmentFundPercentage: T.optional(T.numeric),
});
/** `Splice.Issuance:IssuanceConfig`. */
export interface IssuanceConfig {
  amuletToIssuePerYear: string;
  validatorRewardPercentage: string;
  appRewardPercentage: string;
  validatorRewardCap: string;
  featuredAppRewardCap: string;
  unfeaturedAppRewardCap: string;
  optValidatorFaucetCap: string | null;
  /** Share of each round's issuance for the development fund; null means Splice's default (0.05). */
  optDevelopmentFundPercentage: string | null;
}

export const rewardVersionType = T.enum(
  'RewardVersion_FeaturedAppMarkers',
  'RewardVersion_TrafficBasedAppRewards',
);
export type RewardVersion = 'RewardVersion_FeaturedAppMarkers' | 'RewardVersion_TrafficBasedAppRewards';

export const rewardConfigType = T.record({
  mintingVersion: rewardVersionType,
  dryRunVersion: T.optional(rewardVersionType),
  batchSize: T.int64,
  rewardCouponTimeToLive: relTimeType,
  appRewardCouponThreshold: T.numeric,
});
/** `Splice.AmuletConfig:RewardConfig`: off-ledger reward calculation (absent: on-ledger coupons). */
export interface RewardConfig {
  mintingVersion: RewardVersion;
  dryRunVersion: RewardVersion | null;
  batchSize: string;
  rewardCouponTimeToLive: RelTime;
  appRewardCouponThreshold: string;
}

export const openMiningRoundType = T.record({
  dso: T.party,
  round: roundType,
  amuletPrice: T.numeric,
  opensAt: T.timestamp,
  targetClosesAt: T.timestamp,
  issuingFor: relTimeType,
  transferConfigUsd: transferConfigType,
  issuanceConfig: issuanceConfigType,
  tickDuration: relTimeType,
  trafficPrice: T.optional(T.numeric),
  rewardConfig: T.optional(rewardConfigType),
});
/**
 * `Splice.Round:OpenMiningRound`. A round is usable once `opensAt` has passed; the newest one is
 * created a tick before it opens. Archived (consuming `Archive`) when it moves to summarizing.
 */
export interface OpenMiningRoundPayload {
  dso: string;
  round: Round;
  /** USD per amulet. */
  amuletPrice: string;
  opensAt: string;
  targetClosesAt: string;
  /** Time since network start this round issues for (drives the issuance curve). */
  issuingFor: RelTime;
  transferConfigUsd: TransferConfig;
  issuanceConfig: IssuanceConfig;
  tickDuration: RelTime;
  /** USD per MB of traffic at round start; set only with a `rewardConfig`. */
  trafficPrice: string | null;
  rewardConfig: RewardConfig | null;
}

export const summarizingMiningRoundType = T.record({
  dso: T.party,
  round: roundType,
  amuletPrice: T.numeric,
  issuanceConfig: issuanceConfigType,
  tickDuration: relTimeType,
  trafficPrice: T.optional(T.numeric),
  rewardConfig: T.optional(rewardConfigType),
});
/** `Splice.Round:SummarizingMiningRound`: the round's activity is being totalled. */
export interface SummarizingMiningRoundPayload {
  dso: string;
  round: Round;
  amuletPrice: string;
  issuanceConfig: IssuanceConfig;
  tickDuration: RelTime;
  trafficPrice: string | null;
  rewardConfig: RewardConfig | null;
}

export const openMiningRoundSummaryType = T.record({
  totalValidatorRewardCoupons: T.numeric,
  totalFeaturedAppRewardCoupons: T.numeric,
  totalUnfeaturedAppRewardCoupons: T.numeric,
  totalSvRewardWeight: T.int64,
  optTotalValidatorFaucetCoupons: T.optional(T.int64),
});
/** `Splice.Issuance:OpenMiningRoundSummary`: the coupons of a summarized round, for its issuance. */
export interface OpenMiningRoundSummary {
  totalValidatorRewardCoupons: string;
  totalFeaturedAppRewardCoupons: string;
  totalUnfeaturedAppRewardCoupons: string;
  totalSvRewardWeight: string;
  optTotalValidatorFaucetCoupons: string | null;
}

const issuancesFields = {
  issuancePerValidatorRewardCoupon: T.numeric,
  issuancePerFeaturedAppRewardCoupon: T.numeric,
  issuancePerUnfeaturedAppRewardCoupon: T.numeric,
  issuancePerSvRewardCoupon: T.numeric,
};

export const issuingMiningRoundType = T.record({
  dso: T.party,
  round: roundType,
  ...issuancesFields,
  opensAt: T.timestamp,
  targetClosesAt: T.timestamp,
  optIssuancePerValidatorFaucetCoupon: T.optional(T.numeric),
});
/** `Splice.Round:IssuingMiningRound`: rewards of the round can be claimed. */
export interface IssuingMiningRoundPayload {
  dso: string;
  round: Round;
  issuancePerValidatorRewardCoupon: string;
  issuancePerFeaturedAppRewardCoupon: string;
  issuancePerUnfeaturedAppRewardCoupon: string;
  issuancePerSvRewardCoupon: string;
  opensAt: string;
  targetClosesAt: string;
  optIssuancePerValidatorFaucetCoupon: string | null;
}

export const closedMiningRoundType = T.record({
  dso: T.party,
  round: roundType,
  ...issuancesFields,
  optIssuancePerValidatorFaucetCoupon: T.optional(T.numeric),
});
/** `Splice.Round:ClosedMiningRound`: the round is over; its creation marks the round closed. */
export interface ClosedMiningRoundPayload {
  dso: string;
  round: Round;
  issuancePerValidatorRewardCoupon: string;
  issuancePerFeaturedAppRewardCoupon: string;
  issuancePerUnfeaturedAppRewardCoupon: string;
  issuancePerSvRewardCoupon: string;
  optIssuancePerValidatorFaucetCoupon: string | null;
}

type _MiningRoundShapeChecks = [
  Expect<SameShape<CompactOf<typeof transferConfigType>, TransferConfig>>,
  Expect<SameShape<CompactOf<typeof issuanceConfigType>, IssuanceConfig>>,
  Expect<SameShape<CompactOf<typeof openMiningRoundType>, OpenMiningRoundPayload>>,
  Expect<SameShape<CompactOf<typeof summarizingMiningRoundType>, SummarizingMiningRoundPayload>>,
  Expect<SameShape<CompactOf<typeof issuingMiningRoundType>, IssuingMiningRoundPayload>>,
  Expect<SameShape<CompactOf<typeof closedMiningRoundType>, ClosedMiningRoundPayload>>,
  Expect<SameShape<CompactOf<typeof rewardConfigType>, RewardConfig>>,
  Expect<SameShape<CompactOf<typeof openMiningRoundSummaryType>, OpenMiningRoundSummary>>,
];
