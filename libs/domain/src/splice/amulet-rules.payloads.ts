import { T, type CompactOf } from '../daml-value/daml-type';
import {
  issuanceConfigType,
  relTimeType,
  rewardConfigType,
  roundType,
  transferConfigType,
  type IssuanceConfig,
  type RelTime,
  type RewardConfig,
  type Round,
  type TransferConfig,
} from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of AmuletRules, its configuration, the external-party rules and the
// validator licence (package splice-amulet).

export const synchronizerFeesConfigType = T.record({
  baseRateTrafficLimits: T.record({ burstAmount: T.int64, burstWindow: relTimeType }),
  extraTrafficPrice: T.numeric,
  readVsWriteScalingFactor: T.int64,
  minTopupAmount: T.int64,
});
export interface SynchronizerFeesConfig {
  baseRateTrafficLimits: { burstAmount: string; burstWindow: RelTime };
  extraTrafficPrice: string;
  readVsWriteScalingFactor: string;
  minTopupAmount: string;
}

export const amuletDecentralizedSynchronizerConfigType = T.record({
  requiredSynchronizers: T.set(T.text),
  activeSynchronizer: T.text,
  fees: synchronizerFeesConfigType,
});
/** `requiredSynchronizers` is a `DA.Set.Set`: compact `{map: [[synchronizerId, {}], ...]}`. */
export interface AmuletDecentralizedSynchronizerConfig {
  requiredSynchronizers: { map: [string, Record<string, never>][] };
  activeSynchronizer: string;
  fees: SynchronizerFeesConfig;
}

export const packageConfigType = T.record({
  amulet: T.text,
  amuletNameService: T.text,
  dsoGovernance: T.text,
  validatorLifecycle: T.text,
  wallet: T.text,
  walletPayments: T.text,
});
/** Package versions the network runs. */
export interface PackageConfig {
  amulet: string;
  amuletNameService: string;
  dsoGovernance: string;
  validatorLifecycle: string;
  wallet: string;
  walletPayments: string;
}

export const amuletConfigType = T.record({
  transferConfig: transferConfigType,
  issuanceCurve: T.record({
    initialValue: issuanceConfigType,
    futureValues: T.list(T.tuple2(relTimeType, issuanceConfigType)),
  }),
  decentralizedSynchronizer: amuletDecentralizedSynchronizerConfigType,
  tickDuration: relTimeType,
  packageConfig: packageConfigType,
  transferPreapprovalFee: T.optional(T.numeric),
  featuredAppActivityMarkerAmount: T.optional(T.numeric),
  optDevelopmentFundManager: T.optional(T.party),
  externalPartyConfigStateTickDuration: T.optional(relTimeType),
  rewardConfig: T.optional(rewardConfigType),
  transferPreapprovalBaseDuration: T.optional(relTimeType),
});
/** `Splice.AmuletConfig:AmuletConfig USD`, one entry of the AmuletRules config schedule. */
export interface AmuletConfig {
  transferConfig: TransferConfig;
  /** Issuance by time since network start. */
  issuanceCurve: { initialValue: IssuanceConfig; futureValues: { _1: RelTime; _2: IssuanceConfig }[] };
  decentralizedSynchronizer: AmuletDecentralizedSynchronizerConfig;
  tickDuration: RelTime;
  packageConfig: PackageConfig;
  transferPreapprovalFee: string | null;
  featuredAppActivityMarkerAmount: string | null;
  /** The party that allocates the development fund's coupons (`AmuletRules_AllocateDevelopmentFundCoupon`). */
  optDevelopmentFundManager: string | null;
  externalPartyConfigStateTickDuration: RelTime | null;
  /** Off-ledger reward calculation (CIP-0104 V2); null keeps on-ledger reward coupons. */
  rewardConfig: RewardConfig | null;
  transferPreapprovalBaseDuration: RelTime | null;
}

export const amuletConfigScheduleItemType = T.tuple2(T.timestamp, amuletConfigType);
/** A future configuration: in force from `_1` (a Time) on. */
export interface AmuletConfigScheduleItem {
  _1: string;
  _2: AmuletConfig;
}

export const amuletRulesType = T.record({
  dso: T.party,
  configSchedule: T.record({
    initialValue: amuletConfigType,
    futureValues: T.list(amuletConfigScheduleItemType),
  }),
  isDevNet: T.bool,
  contractStateSchemaVersion: T.optional(T.int64),
});
/**
 * `Splice.AmuletRules:AmuletRules`. The configuration in force at time t is the `futureValues`
 * entry with the latest `_1` at or before t, else `initialValue`. Replaced (archived and
 * re-created) when a vote adds a future configuration.
 */
export interface AmuletRulesPayload {
  dso: string;
  configSchedule: { initialValue: AmuletConfig; futureValues: AmuletConfigScheduleItem[] };
  isDevNet: boolean;
  contractStateSchemaVersion: string | null;
}

export const externalPartyAmuletRulesType = T.record({ dso: T.party });
/** `Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules`: the amulet allocation/transfer factory. */
export interface ExternalPartyAmuletRulesPayload {
  dso: string;
}

export const transferConfigV2Type = T.record({
  holdingFee: T.record({ rate: T.numeric }),
  maxNumInputs: T.int64,
  maxNumOutputs: T.int64,
  maxNumLockHolders: T.int64,
  tokenStandardMaxTTL: T.optional(relTimeType),
});
/** `Splice.AmuletConfig:TransferConfigV2`: the limits of a TransferConfig, without fees. */
export interface TransferConfigV2 {
  holdingFee: { rate: string };
  maxNumInputs: string;
  maxNumOutputs: string;
  maxNumLockHolders: string;
  tokenStandardMaxTTL: RelTime | null;
}

export const externalPartyConfigStateType = T.record({
  dso: T.party,
  holdingFeesOpenRoundNumber: roundType,
  amuletPrice: T.numeric,
  transferConfig: transferConfigV2Type,
  targetArchiveAfter: T.timestamp,
  rewardCalculationVersion: T.optional(
    T.enum('RewardVersion_FeaturedAppMarkers', 'RewardVersion_TrafficBasedAppRewards'),
  ),
});
/**
 * `Splice.ExternalPartyConfigState:ExternalPartyConfigState`: configuration snapshot external
 * parties can disclose; two are kept, rolled over (archived and re-created) periodically.
 */
export interface ExternalPartyConfigStatePayload {
  dso: string;
  holdingFeesOpenRoundNumber: Round;
  amuletPrice: string;
  transferConfig: TransferConfigV2;
  targetArchiveAfter: string;
  rewardCalculationVersion:
    'RewardVersion_FeaturedAppMarkers' | 'RewardVersion_TrafficBasedAppRewards' | null;
}

export const transferPreapprovalType = T.record({
  dso: T.party,
  receiver: T.party,
  provider: T.party,
  validFrom: T.timestamp,
  lastRenewedAt: T.timestamp,
  expiresAt: T.timestamp,
});
/**
 * `Splice.AmuletRules:TransferPreapproval`: the receiver accepts incoming transfers directly (no
 * transfer offer), operated by `provider` (its validator) until `expiresAt`.
 */
export interface TransferPreapprovalPayload {
  dso: string;
  receiver: string;
  provider: string;
  validFrom: string;
  lastRenewedAt: string;
  expiresAt: string;
}

export const transferCommandType = T.record({
  dso: T.party,
  sender: T.party,
  receiver: T.party,
  delegate: T.party,
  amount: T.numeric,
  expiresAt: T.timestamp,
  nonce: T.int64,
  description: T.optional(T.text),
});
/**
 * `Splice.ExternalPartyAmuletRules:TransferCommand`: an external sender's one-time delegation of a
 * transfer of `amount` to `receiver`, sent by `delegate` before `expiresAt` if `nonce` is the
 * sender's next one.
 */
export interface TransferCommandPayload {
  dso: string;
  sender: string;
  receiver: string;
  delegate: string;
  amount: string;
  expiresAt: string;
  nonce: string;
  description: string | null;
}

export const transferCommandCounterType = T.record({ dso: T.party, sender: T.party, nextNonce: T.int64 });
/** `Splice.ExternalPartyAmuletRules:TransferCommandCounter`: the next nonce of a sender's TransferCommands. */
export interface TransferCommandCounterPayload {
  dso: string;
  sender: string;
  nextNonce: string;
}

export const faucetStateType = T.record({
  firstReceivedFor: roundType,
  lastReceivedFor: roundType,
  numCouponsMissed: T.int64,
});
/** Rounds collected = lastReceivedFor - firstReceivedFor - numCouponsMissed + 1. */
export interface FaucetState {
  firstReceivedFor: Round;
  lastReceivedFor: Round;
  numCouponsMissed: string;
}

export const validatorLicenseMetadataType = T.record({
  lastUpdatedAt: T.timestamp,
  version: T.text,
  contactPoint: T.text,
});
export interface ValidatorLicenseMetadata {
  lastUpdatedAt: string;
  version: string;
  contactPoint: string;
}

export const validatorLicenseType = T.record({
  validator: T.party,
  sponsor: T.party,
  dso: T.party,
  faucetState: T.optional(faucetStateType),
  metadata: T.optional(validatorLicenseMetadataType),
  lastActiveAt: T.optional(T.timestamp),
});
/**
 * `Splice.ValidatorLicense:ValidatorLicense`: an onboarded validator. Each round the validator
 * records liveness, the licence is archived and re-created with the faucet state advanced.
 * Withdrawn = archived with no successor.
 */
export interface ValidatorLicensePayload {
  validator: string;
  /** Since the network left bootstrapping, Splice sets the validator itself. */
  sponsor: string;
  dso: string;
  /** Null until the first round collected. */
  faucetState: FaucetState | null;
  metadata: ValidatorLicenseMetadata | null;
  lastActiveAt: string | null;
}

export const validatorLivenessActivityRecordType = T.record({
  dso: T.party,
  validator: T.party,
  round: roundType,
});
/**
 * `Splice.ValidatorLicense:ValidatorLivenessActivityRecord`: a validator's liveness in one round,
 * created by `ValidatorLicense_RecordValidatorLivenessActivity`; claimed in a transfer or expired by
 * the DSO once its round is closed.
 */
export interface ValidatorLivenessActivityRecordPayload {
  dso: string;
  validator: string;
  round: Round;
}

type _AmuletRulesShapeChecks = [
  Expect<SameShape<CompactOf<typeof amuletConfigType>, AmuletConfig>>,
  Expect<SameShape<CompactOf<typeof amuletRulesType>, AmuletRulesPayload>>,
  Expect<SameShape<CompactOf<typeof externalPartyAmuletRulesType>, ExternalPartyAmuletRulesPayload>>,
  Expect<SameShape<CompactOf<typeof externalPartyConfigStateType>, ExternalPartyConfigStatePayload>>,
  Expect<SameShape<CompactOf<typeof transferPreapprovalType>, TransferPreapprovalPayload>>,
  Expect<SameShape<CompactOf<typeof transferCommandType>, TransferCommandPayload>>,
  Expect<SameShape<CompactOf<typeof transferCommandCounterType>, TransferCommandCounterPayload>>,
  Expect<SameShape<CompactOf<typeof validatorLicenseType>, ValidatorLicensePayload>>,
  Expect<
    SameShape<CompactOf<typeof validatorLivenessActivityRecordType>, ValidatorLivenessActivityRecordPayload>
  >,
];
