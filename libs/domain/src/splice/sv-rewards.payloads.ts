import { T, type CompactOf } from '../daml-value/daml-type';
import { roundType, type Round } from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of the DSO's reward contracts of package splice-amulet (`Splice.Amulet`):
// SV reward coupons and the unclaimed rewards that expired coupons and issuance leftovers feed.

export const svRewardCouponType = T.record({
  dso: T.party,
  sv: T.party,
  beneficiary: T.party,
  round: roundType,
  weight: T.int64,
});
/**
 * `Splice.Amulet:SvRewardCoupon`: created by `DsoRules_ReceiveSvRewardCoupon`, worth `weight` x the
 * round's `issuancePerSvRewardCoupon` once it issues; claimed in a transfer or expired by the DSO.
 */
export interface SvRewardCouponPayload {
  dso: string;
  sv: string;
  beneficiary: string;
  round: Round;
  weight: string;
}

export const unclaimedRewardType = T.record({ dso: T.party, amount: T.numeric });
/** `Splice.Amulet:UnclaimedReward`: issuance nobody claimed (left over at issuing, or expired coupons). */
export interface UnclaimedRewardPayload {
  dso: string;
  amount: string;
}

type _SvRewardsShapeChecks = [
  Expect<SameShape<CompactOf<typeof svRewardCouponType>, SvRewardCouponPayload>>,
  Expect<SameShape<CompactOf<typeof unclaimedRewardType>, UnclaimedRewardPayload>>,
];
