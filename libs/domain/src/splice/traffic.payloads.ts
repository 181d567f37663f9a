import { T, type CompactOf } from '../daml-value/daml-type';
import { metadataType, transferSummaryType, type Metadata, type TransferSummary } from './amulet.payloads';
import { roundType, type Round } from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Synchronizer traffic purchases of package splice-amulet 0.1.14 (`Splice.DecentralizedSynchronizer`,
// `AmuletRules_BuyMemberTraffic` and `AmuletRules_MergeMemberTrafficContracts` in
// `Splice.AmuletRules`), and the reward coupon the purchase's burn creates (`Splice.Amulet`).

export const memberTrafficType = T.record({
  dso: T.party,
  memberId: T.text,
  synchronizerId: T.text,
  migrationId: T.int64,
  totalPurchased: T.int64,
  numPurchases: T.int64,
  amuletSpent: T.numeric,
  usdSpent: T.numeric,
});
/**
 * `Splice.DecentralizedSynchronizer:MemberTraffic`: extra traffic bought for a sequencer member
 * (`PAR::…` participant or `MED::…` mediator) on a synchronizer. Signatory dso. One per purchase;
 * the DSO merges a member's contracts once there are more than `numMemberTrafficContractsThreshold`.
 * A member's purchased total is the sum of `totalPurchased` over its active contracts.
 */
export interface MemberTrafficPayload {
  dso: string;
  memberId: string;
  synchronizerId: string;
  migrationId: string;
  /** Bytes of extra traffic. */
  totalPurchased: string;
  numPurchases: string;
  amuletSpent: string;
  usdSpent: string;
}

export const validatorRewardCouponType = T.record({
  dso: T.party,
  user: T.party,
  amount: T.numeric,
  round: roundType,
});
/** `Splice.Amulet:ValidatorRewardCoupon`: validator activity reward for a burn (signatory dso, observer user). */
export interface ValidatorRewardCouponPayload {
  dso: string;
  user: string;
  amount: string;
  round: Round;
}

export const transferContextType = T.record({
  openMiningRound: T.contractId,
  issuingMiningRounds: T.genMap(roundType, T.contractId),
  validatorRights: T.genMap(T.party, T.contractId),
  featuredAppRight: T.optional(T.contractId),
});
export interface TransferContext {
  openMiningRound: string;
  issuingMiningRounds: [Round, string][];
  validatorRights: [string, string][];
  featuredAppRight: string | null;
}

export const buyMemberTrafficArgumentType = T.record({
  inputs: T.list(
    T.variant({
      InputAppRewardCoupon: T.contractId,
      InputValidatorRewardCoupon: T.contractId,
      InputSvRewardCoupon: T.contractId,
      InputAmulet: T.contractId,
      ExtTransferInput: T.record({
        dummyUnitField: T.unit,
        optInputValidatorFaucetCoupon: T.optional(T.contractId),
      }),
      InputValidatorLivenessActivityRecord: T.contractId,
      InputUnclaimedActivityRecord: T.contractId,
    }),
  ),
  context: transferContextType,
  provider: T.party,
  memberId: T.text,
  synchronizerId: T.text,
  migrationId: T.int64,
  trafficAmount: T.int64,
  expectedDso: T.optional(T.party),
});
/**
 * The argument of `AmuletRules_BuyMemberTraffic` (`TransferInput` has more constructors; the
 * simulator pays with amulet inputs only, so the interface names that one).
 */
export interface BuyMemberTrafficArgument {
  inputs: { tag: 'InputAmulet'; value: string }[];
  context: TransferContext;
  /** The party paying (the validator operator); controller of the choice. */
  provider: string;
  memberId: string;
  synchronizerId: string;
  migrationId: string;
  /** Bytes; at least the config's `minTopupAmount`. */
  trafficAmount: string;
  expectedDso: string | null;
}

export const buyMemberTrafficResultType = T.record({
  round: roundType,
  summary: transferSummaryType,
  amuletPaid: T.numeric,
  purchasedTraffic: T.contractId,
  senderChangeAmulet: T.optional(T.contractId),
  meta: T.optional(metadataType),
});
/** `AmuletRules_BuyMemberTrafficResult`. */
export interface BuyMemberTrafficResult {
  round: Round;
  summary: TransferSummary;
  /** The traffic's cost in amulet (`amuletSpent` of the MemberTraffic). */
  amuletPaid: string;
  purchasedTraffic: string;
  senderChangeAmulet: string | null;
  meta: Metadata | null;
}

type _TrafficShapeChecks = [
  Expect<SameShape<CompactOf<typeof memberTrafficType>, MemberTrafficPayload>>,
  Expect<SameShape<CompactOf<typeof validatorRewardCouponType>, ValidatorRewardCouponPayload>>,
  Expect<SameShape<CompactOf<typeof transferContextType>, TransferContext>>,
  Expect<SameShape<CompactOf<typeof buyMemberTrafficResultType>, BuyMemberTrafficResult>>,
];
