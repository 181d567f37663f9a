import { T, type CompactOf } from '../daml-value/daml-type';
import { ratePerRoundType, roundType, type RatePerRound, type Round } from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of the holding-side templates of package splice-amulet, plus the
// token-standard allocation. Decimal and Int fields are strings; Optional is the value or null.

export const expiringAmountType = T.record({
  initialAmount: T.numeric,
  createdAt: roundType,
  ratePerRound: ratePerRoundType,
});
/**
 * `Splice.Fees:ExpiringAmount`: the amount as of round `createdAt`; it shrinks by `ratePerRound`
 * each round (holding fees). Holdings summaries add `initialAmount` and ignore the decay.
 */
export interface ExpiringAmount {
  initialAmount: string;
  createdAt: Round;
  ratePerRound: RatePerRound;
}

export const amuletType = T.record({ dso: T.party, owner: T.party, amount: expiringAmountType });
/** `Splice.Amulet:Amulet`, an unlocked holding. Signatories: dso, owner. */
export interface AmuletPayload {
  dso: string;
  owner: string;
  amount: ExpiringAmount;
}

export const timeLockType = T.record({
  holders: T.list(T.party),
  expiresAt: T.timestamp,
  optContext: T.optional(T.text),
});
/** `Splice.Expiry:TimeLock`. */
export interface TimeLock {
  holders: string[];
  expiresAt: string;
  optContext: string | null;
}

export const lockedAmuletType = T.record({ amulet: amuletType, lock: timeLockType });
/** `Splice.Amulet:LockedAmulet`: the amulet inside is the holding (owner = `amulet.owner`). */
export interface LockedAmuletPayload {
  amulet: AmuletPayload;
  lock: TimeLock;
}

export const featuredAppRightType = T.record({
  dso: T.party,
  provider: T.party,
  activityWeight: T.optional(T.numeric),
});
/** `Splice.Amulet:FeaturedAppRight`. Signatory dso; observer provider. */
export interface FeaturedAppRightPayload {
  dso: string;
  provider: string;
  /** Weight of the provider's activity markers; null means 1. */
  activityWeight: string | null;
}

export const unclaimedDevelopmentFundCouponType = T.record({
  dso: T.party,
  amount: T.numeric,
});
/**
 * `Splice.Amulet:UnclaimedDevelopmentFundCoupon`: the development fund's share of a round, created
 * when the round starts issuing (`AmuletRules_MiningRound_StartIssuing`). The fund manager turns
 * it into a beneficiary's DevelopmentFundCoupon (`AmuletRules_AllocateDevelopmentFundCoupon`).
 */
export interface UnclaimedDevelopmentFundCouponPayload {
  dso: string;
  amount: string;
}

export const developmentFundCouponType = T.record({
  dso: T.party,
  beneficiary: T.party,
  fundManager: T.party,
  amount: T.numeric,
  expiresAt: T.timestamp,
  reason: T.text,
});
/**
 * `Splice.Amulet:DevelopmentFundCoupon` (CIP-0082): an amount of the development fund allocated
 * by the fund manager (`AmuletRules_AllocateDevelopmentFundCoupon`); the beneficiary mints it as
 * an `InputDevelopmentFundCoupon` of a transfer before `expiresAt`. Signatory dso; observers
 * beneficiary and fund manager.
 */
export interface DevelopmentFundCouponPayload {
  dso: string;
  beneficiary: string;
  fundManager: string;
  amount: string;
  expiresAt: string;
  reason: string;
}

export const featuredAppActivityMarkerType = T.record({
  dso: T.party,
  provider: T.party,
  beneficiary: T.party,
  weight: T.numeric,
});
/**
 * `Splice.Amulet:FeaturedAppActivityMarker`: created by a featured provider's transfer (weight
 * 1.0 for the provider itself when the transfer names no beneficiaries). Signatory dso.
 */
export interface FeaturedAppActivityMarkerPayload {
  dso: string;
  provider: string;
  beneficiary: string;
  weight: string;
}

export const metadataType = T.record({ values: T.textMap(T.text) });
/** `Splice.Api.Token.MetadataV1:Metadata`. */
export interface Metadata {
  values: Record<string, string>;
}

export const instrumentIdType = T.record({ admin: T.party, id: T.text });
/** `Splice.Api.Token.HoldingV1:InstrumentId`: for amulet, admin = DSO and id = "Amulet". */
export interface InstrumentId {
  admin: string;
  id: string;
}

export const referenceType = T.record({ id: T.text, cid: T.optional(T.contractId) });
export interface Reference {
  id: string;
  cid: string | null;
}

export const settlementInfoType = T.record({
  executor: T.party,
  settlementRef: referenceType,
  requestedAt: T.timestamp,
  allocateBefore: T.timestamp,
  settleBefore: T.timestamp,
  meta: metadataType,
});
/** `Splice.Api.Token.AllocationV1:SettlementInfo`. */
export interface SettlementInfo {
  executor: string;
  settlementRef: Reference;
  requestedAt: string;
  allocateBefore: string;
  settleBefore: string;
  meta: Metadata;
}

export const transferLegType = T.record({
  sender: T.party,
  receiver: T.party,
  amount: T.numeric,
  instrumentId: instrumentIdType,
  meta: metadataType,
});
/** `Splice.Api.Token.AllocationV1:TransferLeg`. */
export interface TransferLeg {
  sender: string;
  receiver: string;
  amount: string;
  instrumentId: InstrumentId;
  meta: Metadata;
}

export const allocationSpecificationType = T.record({
  settlement: settlementInfoType,
  transferLegId: T.text,
  transferLeg: transferLegType,
});
export interface AllocationSpecification {
  settlement: SettlementInfo;
  transferLegId: string;
  transferLeg: TransferLeg;
}

export const amuletAllocationType = T.record({
  lockedAmulet: T.contractId,
  allocation: allocationSpecificationType,
});
/**
 * `Splice.AmuletAllocation:AmuletAllocation`: funds of one transfer leg locked in `lockedAmulet`.
 * Ends by `Allocation_ExecuteTransfer` (receiver gets an Amulet) or `Allocation_Withdraw` (the
 * sender's amulet is unlocked), both consuming and archiving the LockedAmulet.
 */
export interface AmuletAllocationPayload {
  lockedAmulet: string;
  allocation: AllocationSpecification;
}

export const tokenTransferType = T.record({
  sender: T.party,
  receiver: T.party,
  amount: T.numeric,
  instrumentId: instrumentIdType,
  requestedAt: T.timestamp,
  executeBefore: T.timestamp,
  inputHoldingCids: T.list(T.contractId),
  meta: metadataType,
});
/** `Splice.Api.Token.TransferInstructionV1:Transfer`: one transfer of an instrument between two parties. */
export interface TokenTransfer {
  sender: string;
  receiver: string;
  amount: string;
  instrumentId: InstrumentId;
  requestedAt: string;
  /** The transfer may be executed until this time (exclusive); the lock expires then. */
  executeBefore: string;
  inputHoldingCids: string[];
  meta: Metadata;
}

export const amuletTransferInstructionType = T.record({
  lockedAmulet: T.contractId,
  transfer: tokenTransferType,
});
/**
 * `Splice.AmuletTransferInstruction:AmuletTransferInstruction`: a transfer offered to a receiver
 * without a TransferPreapproval, its funds locked in `lockedAmulet`. Signatories: the instrument
 * admin (the DSO) and the sender; observer: the receiver. Ends by `TransferInstruction_Accept`
 * (receiver gets an Amulet), `TransferInstruction_Reject` (receiver) or
 * `TransferInstruction_Withdraw` (sender), the last two unlocking the sender's amulet.
 */
export interface AmuletTransferInstructionPayload {
  lockedAmulet: string;
  transfer: TokenTransfer;
}

export const balanceChangeType = T.record({
  changeToInitialAmountAsOfRoundZero: T.numeric,
  changeToHoldingFeesRate: T.numeric,
});
/** `Splice.AmuletRules:BalanceChange`: a party's balance change, normalised to round zero. */
export interface BalanceChange {
  changeToInitialAmountAsOfRoundZero: string;
  changeToHoldingFeesRate: string;
}

export const transferSummaryType = T.record({
  inputAppRewardAmount: T.numeric,
  inputValidatorRewardAmount: T.numeric,
  inputSvRewardAmount: T.numeric,
  inputAmuletAmount: T.numeric,
  balanceChanges: T.genMap(T.party, balanceChangeType),
  holdingFees: T.numeric,
  outputFees: T.list(T.numeric),
  senderChangeFee: T.numeric,
  senderChangeAmount: T.numeric,
  amuletPrice: T.numeric,
  inputValidatorFaucetAmount: T.optional(T.numeric),
  inputUnclaimedActivityRecordAmount: T.optional(T.numeric),
  inputDevelopmentFundAmount: T.optional(T.numeric),
});
/**
 * `Splice.AmuletRules:TransferSummary`, part of `AmuletRules_Transfer`'s result. Amounts balance
 * exactly: the inputs of every kind = sum(outputs) + sum(outputFees) + holdingFees +
 * senderChangeFee + senderChangeAmount. Since splice-amulet 0.1.17 no fee is charged (output fees,
 * holding fees and the change fee are 0).
 */
export interface TransferSummary {
  inputAppRewardAmount: string;
  /** Includes `inputValidatorFaucetAmount`. */
  inputValidatorRewardAmount: string;
  inputSvRewardAmount: string;
  /** Sum of the input amulets' initial amounts. */
  inputAmuletAmount: string;
  /** Per party, as a Daml Map (pairs sorted by party). */
  balanceChanges: [string, BalanceChange][];
  holdingFees: string;
  /** One fee per output, in output order. */
  outputFees: string[];
  senderChangeFee: string;
  senderChangeAmount: string;
  amuletPrice: string;
  inputValidatorFaucetAmount: string | null;
  inputUnclaimedActivityRecordAmount: string | null;
  inputDevelopmentFundAmount: string | null;
}

export const transferResultType = T.record({
  round: roundType,
  summary: transferSummaryType,
  createdAmulets: T.list(
    T.variant({ TransferResultAmulet: T.contractId, TransferResultLockedAmulet: T.contractId }),
  ),
  senderChangeAmulet: T.optional(T.contractId),
  meta: T.optional(metadataType),
});
/** `AmuletRules_TransferResult`, the exercise result of `AmuletRules_Transfer`. */
export interface TransferResult {
  round: Round;
  summary: TransferSummary;
  /** The outputs, in order. */
  createdAmulets: (
    { tag: 'TransferResultAmulet'; value: string } | { tag: 'TransferResultLockedAmulet'; value: string }
  )[];
  senderChangeAmulet: string | null;
  meta: Metadata | null;
}

type _AmuletShapeChecks = [
  Expect<SameShape<CompactOf<typeof amuletType>, AmuletPayload>>,
  Expect<SameShape<CompactOf<typeof lockedAmuletType>, LockedAmuletPayload>>,
  Expect<SameShape<CompactOf<typeof featuredAppRightType>, FeaturedAppRightPayload>>,
  Expect<
    SameShape<CompactOf<typeof unclaimedDevelopmentFundCouponType>, UnclaimedDevelopmentFundCouponPayload>
  >,
  Expect<SameShape<CompactOf<typeof amuletAllocationType>, AmuletAllocationPayload>>,
  Expect<SameShape<CompactOf<typeof amuletTransferInstructionType>, AmuletTransferInstructionPayload>>,
  Expect<SameShape<CompactOf<typeof transferResultType>, TransferResult>>,
  Expect<SameShape<CompactOf<typeof balanceChangeType>, BalanceChange>>,
  Expect<SameShape<CompactOf<typeof developmentFundCouponType>, DevelopmentFundCouponPayload>>,
  Expect<SameShape<CompactOf<typeof featuredAppActivityMarkerType>, FeaturedAppActivityMarkerPayload>>,
];
