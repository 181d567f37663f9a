import { createHash } from 'node:crypto';
import { fromCompact, type CompactOf, type RecordType } from '../daml-value/daml-type';
import type { DamlValue } from '../daml-value/daml-value.types';
import {
  amuletAllocationType,
  amuletTransferInstructionType,
  amuletType,
  featuredAppRightType,
  lockedAmuletType,
  unclaimedDevelopmentFundCouponType,
  developmentFundCouponType,
  featuredAppActivityMarkerType,
  type DevelopmentFundCouponPayload,
  type FeaturedAppActivityMarkerPayload,
  type AmuletAllocationPayload,
  type AmuletTransferInstructionPayload,
  type AmuletPayload,
  type FeaturedAppRightPayload,
  type LockedAmuletPayload,
  type UnclaimedDevelopmentFundCouponPayload,
} from './amulet.payloads';
import {
  amuletRulesType,
  externalPartyAmuletRulesType,
  externalPartyConfigStateType,
  transferCommandCounterType,
  transferCommandType,
  transferPreapprovalType,
  validatorLicenseType,
  validatorLivenessActivityRecordType,
  type AmuletRulesPayload,
  type ExternalPartyAmuletRulesPayload,
  type ExternalPartyConfigStatePayload,
  type TransferCommandCounterPayload,
  type TransferCommandPayload,
  type TransferPreapprovalPayload,
  type ValidatorLicensePayload,
  type ValidatorLivenessActivityRecordPayload,
} from './amulet-rules.payloads';
import {
  amuletPriceVoteType,
  confirmationType,
  dsoRulesType,
  svNodeStateType,
  svRewardStateType,
  svStatusReportType,
  voteRequestType,
  type AmuletPriceVotePayload,
  type ConfirmationPayload,
  type DsoRulesPayload,
  type SvNodeStatePayload,
  type SvRewardStatePayload,
  type SvStatusReportPayload,
  type VoteRequestPayload,
} from './dso-governance.payloads';
import {
  ansRulesType,
  dsoBootstrapType,
  type AnsRulesPayload,
  type DsoBootstrapPayload,
} from './dso-bootstrap.payloads';
import {
  ansEntryContextType,
  ansEntryType,
  subscriptionIdleStateType,
  subscriptionInitialPaymentType,
  subscriptionRequestType,
  subscriptionPaymentType,
  subscriptionType,
  type AnsEntryContextPayload,
  type AnsEntryPayload,
  type SubscriptionIdleStatePayload,
  type SubscriptionInitialPaymentPayload,
  type SubscriptionPayload,
  type SubscriptionPaymentPayload,
  type SubscriptionRequestPayload,
} from './ans.payloads';
import {
  svRewardCouponType,
  unclaimedRewardType,
  type SvRewardCouponPayload,
  type UnclaimedRewardPayload,
} from './sv-rewards.payloads';
import {
  closedMiningRoundType,
  issuingMiningRoundType,
  openMiningRoundType,
  summarizingMiningRoundType,
  type ClosedMiningRoundPayload,
  type IssuingMiningRoundPayload,
  type OpenMiningRoundPayload,
  type SummarizingMiningRoundPayload,
} from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';
import {
  memberTrafficType,
  validatorRewardCouponType,
  type MemberTrafficPayload,
  type ValidatorRewardCouponPayload,
} from './traffic.payloads';

/** A Daml package as the ledger names it. */
export interface SplicePackage {
  readonly name: string;
  readonly version: string;
  /** 64 hex digits. Real package ids hash the DAR; here sha256 of `name-version`, stable across runs. */
  readonly id: string;
}

/** A template the simulator emits and the readers look for. */
export interface SpliceTemplate<S extends RecordType = RecordType, E extends string = string> {
  readonly packageName: string;
  readonly packageId: string;
  readonly moduleName: string;
  readonly entityName: E;
  /** `<package_id>:<Module.Path>:<Entity>`, as in created events. */
  readonly templateId: string;
  /** `<package_name>:<Module.Path>:<Entity>`, the form ACS template filters use. */
  readonly qualifiedName: string;
  /** The Daml type of the create arguments. */
  readonly payloadType: S;
}

/** A Daml interface some Splice choices are exercised through (`interface_id` of the event). */
export interface SpliceInterface {
  readonly packageName: string;
  readonly packageId: string;
  readonly moduleName: string;
  readonly entityName: string;
  readonly interfaceId: string;
  readonly qualifiedName: string;
}

function splicePackage(name: string, version: string): SplicePackage {
  return { name, version, id: createHash('sha256').update(`${name}-${version}`).digest('hex') };
}

export const SplicePackages = {
  amulet: splicePackage('splice-amulet', '0.1.22'),
  dsoGovernance: splicePackage('splice-dso-governance', '0.1.28'),
  amuletNameService: splicePackage('splice-amulet-name-service', '0.1.23'),
  walletPayments: splicePackage('splice-wallet-payments', '0.1.22'),
  tokenHolding: splicePackage('splice-api-token-holding-v1', '1.0.0'),
  tokenTransferInstruction: splicePackage('splice-api-token-transfer-instruction-v1', '1.0.0'),
  tokenAllocation: splicePackage('splice-api-token-allocation-v1', '1.0.0'),
  tokenAllocationInstruction: splicePackage('splice-api-token-allocation-instruction-v1', '1.0.0'),
} as const;

function template<const E extends string, S extends RecordType>(
  pkg: SplicePackage,
  moduleName: string,
  entityName: E,
  payloadType: S,
): SpliceTemplate<S, E> {
  return {
    packageName: pkg.name,
    packageId: pkg.id,
    moduleName,
    entityName,
    templateId: `${pkg.id}:${moduleName}:${entityName}`,
    qualifiedName: `${pkg.name}:${moduleName}:${entityName}`,
    payloadType,
  };
}

function spliceInterface(pkg: SplicePackage, moduleName: string, entityName: string): SpliceInterface {
  return {
    packageName: pkg.name,
    packageId: pkg.id,
    moduleName,
    entityName,
    interfaceId: `${pkg.id}:${moduleName}:${entityName}`,
    qualifiedName: `${pkg.name}:${moduleName}:${entityName}`,
  };
}

const amulet = SplicePackages.amulet;
const governance = SplicePackages.dsoGovernance;

/** Every template of the simulated network; payload shapes are in the `*.payloads.ts` files. */
export const SpliceTemplates = {
  Amulet: template(amulet, 'Splice.Amulet', 'Amulet', amuletType),
  LockedAmulet: template(amulet, 'Splice.Amulet', 'LockedAmulet', lockedAmuletType),
  FeaturedAppRight: template(amulet, 'Splice.Amulet', 'FeaturedAppRight', featuredAppRightType),
  UnclaimedDevelopmentFundCoupon: template(
    amulet,
    'Splice.Amulet',
    'UnclaimedDevelopmentFundCoupon',
    unclaimedDevelopmentFundCouponType,
  ),
  OpenMiningRound: template(amulet, 'Splice.Round', 'OpenMiningRound', openMiningRoundType),
  SummarizingMiningRound: template(
    amulet,
    'Splice.Round',
    'SummarizingMiningRound',
    summarizingMiningRoundType,
  ),
  IssuingMiningRound: template(amulet, 'Splice.Round', 'IssuingMiningRound', issuingMiningRoundType),
  ClosedMiningRound: template(amulet, 'Splice.Round', 'ClosedMiningRound', closedMiningRoundType),
  AmuletRules: template(amulet, 'Splice.AmuletRules', 'AmuletRules', amuletRulesType),
  ExternalPartyAmuletRules: template(
    amulet,
    'Splice.ExternalPartyAmuletRules',
    'ExternalPartyAmuletRules',
    externalPartyAmuletRulesType,
  ),
  ExternalPartyConfigState: template(
    amulet,
    'Splice.ExternalPartyConfigState',
    'ExternalPartyConfigState',
    externalPartyConfigStateType,
  ),
  TransferPreapproval: template(amulet, 'Splice.AmuletRules', 'TransferPreapproval', transferPreapprovalType),
  TransferCommand: template(
    amulet,
    'Splice.ExternalPartyAmuletRules',
    'TransferCommand',
    transferCommandType,
  ),
  TransferCommandCounter: template(
    amulet,
    'Splice.ExternalPartyAmuletRules',
    'TransferCommandCounter',
    transferCommandCounterType,
  ),
  ValidatorLicense: template(amulet, 'Splice.ValidatorLicense', 'ValidatorLicense', validatorLicenseType),
  ValidatorLivenessActivityRecord: template(
    amulet,
    'Splice.ValidatorLicense',
    'ValidatorLivenessActivityRecord',
    validatorLivenessActivityRecordType,
  ),
  AmuletAllocation: template(amulet, 'Splice.AmuletAllocation', 'AmuletAllocation', amuletAllocationType),
  AmuletTransferInstruction: template(
    amulet,
    'Splice.AmuletTransferInstruction',
    'AmuletTransferInstruction',
    amuletTransferInstructionType,
  ),
  MemberTraffic: template(amulet, 'Splice.DecentralizedSynchronizer', 'MemberTraffic', memberTrafficType),
  ValidatorRewardCoupon: template(
    amulet,
    'Splice.Amulet',
    'ValidatorRewardCoupon',
    validatorRewardCouponType,
  ),
  DevelopmentFundCoupon: template(
    amulet,
    'Splice.Amulet',
    'DevelopmentFundCoupon',
    developmentFundCouponType,
  ),
  UnclaimedReward: template(amulet, 'Splice.Amulet', 'UnclaimedReward', unclaimedRewardType),
  FeaturedAppActivityMarker: template(
    amulet,
    'Splice.Amulet',
    'FeaturedAppActivityMarker',
    featuredAppActivityMarkerType,
  ),
  DsoRules: template(governance, 'Splice.DsoRules', 'DsoRules', dsoRulesType),
  SvNodeState: template(governance, 'Splice.DSO.SvState', 'SvNodeState', svNodeStateType),
  VoteRequest: template(governance, 'Splice.DsoRules', 'VoteRequest', voteRequestType),
  Confirmation: template(governance, 'Splice.DsoRules', 'Confirmation', confirmationType),
  AmuletPriceVote: template(governance, 'Splice.DSO.AmuletPrice', 'AmuletPriceVote', amuletPriceVoteType),
  SvRewardState: template(governance, 'Splice.DSO.SvState', 'SvRewardState', svRewardStateType),
  SvStatusReport: template(governance, 'Splice.DSO.SvState', 'SvStatusReport', svStatusReportType),
  DsoBootstrap: template(governance, 'Splice.DsoBootstrap', 'DsoBootstrap', dsoBootstrapType),
  AnsRules: template(SplicePackages.amuletNameService, 'Splice.Ans', 'AnsRules', ansRulesType),
  SvRewardCoupon: template(amulet, 'Splice.Amulet', 'SvRewardCoupon', svRewardCouponType),
  AnsEntry: template(SplicePackages.amuletNameService, 'Splice.Ans', 'AnsEntry', ansEntryType),
  AnsEntryContext: template(
    SplicePackages.amuletNameService,
    'Splice.Ans',
    'AnsEntryContext',
    ansEntryContextType,
  ),
  SubscriptionRequest: template(
    SplicePackages.walletPayments,
    'Splice.Wallet.Subscriptions',
    'SubscriptionRequest',
    subscriptionRequestType,
  ),
  SubscriptionInitialPayment: template(
    SplicePackages.walletPayments,
    'Splice.Wallet.Subscriptions',
    'SubscriptionInitialPayment',
    subscriptionInitialPaymentType,
  ),
  Subscription: template(
    SplicePackages.walletPayments,
    'Splice.Wallet.Subscriptions',
    'Subscription',
    subscriptionType,
  ),
  SubscriptionIdleState: template(
    SplicePackages.walletPayments,
    'Splice.Wallet.Subscriptions',
    'SubscriptionIdleState',
    subscriptionIdleStateType,
  ),
  SubscriptionPayment: template(
    SplicePackages.walletPayments,
    'Splice.Wallet.Subscriptions',
    'SubscriptionPayment',
    subscriptionPaymentType,
  ),
  TerminatedSubscription: template(
    SplicePackages.walletPayments,
    'Splice.Wallet.Subscriptions',
    'TerminatedSubscription',
    subscriptionType,
  ),
} as const;

export type SpliceTemplateName = keyof typeof SpliceTemplates;

/** The documented compact payload interface of each template. */
export interface SplicePayloads {
  Amulet: AmuletPayload;
  LockedAmulet: LockedAmuletPayload;
  FeaturedAppRight: FeaturedAppRightPayload;
  UnclaimedDevelopmentFundCoupon: UnclaimedDevelopmentFundCouponPayload;
  OpenMiningRound: OpenMiningRoundPayload;
  SummarizingMiningRound: SummarizingMiningRoundPayload;
  IssuingMiningRound: IssuingMiningRoundPayload;
  ClosedMiningRound: ClosedMiningRoundPayload;
  AmuletRules: AmuletRulesPayload;
  ExternalPartyAmuletRules: ExternalPartyAmuletRulesPayload;
  ExternalPartyConfigState: ExternalPartyConfigStatePayload;
  TransferPreapproval: TransferPreapprovalPayload;
  TransferCommand: TransferCommandPayload;
  TransferCommandCounter: TransferCommandCounterPayload;
  ValidatorLicense: ValidatorLicensePayload;
  ValidatorLivenessActivityRecord: ValidatorLivenessActivityRecordPayload;
  AmuletAllocation: AmuletAllocationPayload;
  AmuletTransferInstruction: AmuletTransferInstructionPayload;
  MemberTraffic: MemberTrafficPayload;
  ValidatorRewardCoupon: ValidatorRewardCouponPayload;
  DevelopmentFundCoupon: DevelopmentFundCouponPayload;
  FeaturedAppActivityMarker: FeaturedAppActivityMarkerPayload;
  UnclaimedReward: UnclaimedRewardPayload;
  DsoRules: DsoRulesPayload;
  SvNodeState: SvNodeStatePayload;
  VoteRequest: VoteRequestPayload;
  Confirmation: ConfirmationPayload;
  AmuletPriceVote: AmuletPriceVotePayload;
  SvRewardState: SvRewardStatePayload;
  SvStatusReport: SvStatusReportPayload;
  DsoBootstrap: DsoBootstrapPayload;
  AnsRules: AnsRulesPayload;
  SvRewardCoupon: SvRewardCouponPayload;
  AnsEntry: AnsEntryPayload;
  AnsEntryContext: AnsEntryContextPayload;
  SubscriptionRequest: SubscriptionRequestPayload;
  SubscriptionInitialPayment: SubscriptionInitialPaymentPayload;
  Subscription: SubscriptionPayload;
  SubscriptionIdleState: SubscriptionIdleStatePayload;
  TerminatedSubscription: SubscriptionPayload;
  SubscriptionPayment: SubscriptionPaymentPayload;
}

/** The compact payload type of a template, e.g. `SplicePayload<'Amulet'>` = `AmuletPayload`. */
export type SplicePayload<N extends SpliceTemplateName> = SplicePayloads[N];

type PayloadTypeOf<N extends SpliceTemplateName> = CompactOf<(typeof SpliceTemplates)[N]['payloadType']>;
// Keeps the name map honest (each interface is also checked against its Daml type in its file).
type _PayloadMapChecks = [
  Expect<SameShape<PayloadTypeOf<'Amulet'>, SplicePayloads['Amulet']>>,
  Expect<SameShape<PayloadTypeOf<'LockedAmulet'>, SplicePayloads['LockedAmulet']>>,
  Expect<SameShape<PayloadTypeOf<'FeaturedAppRight'>, SplicePayloads['FeaturedAppRight']>>,
  Expect<
    SameShape<
      PayloadTypeOf<'UnclaimedDevelopmentFundCoupon'>,
      SplicePayloads['UnclaimedDevelopmentFundCoupon']
    >
  >,
  Expect<SameShape<PayloadTypeOf<'OpenMiningRound'>, SplicePayloads['OpenMiningRound']>>,
  Expect<SameShape<PayloadTypeOf<'SummarizingMiningRound'>, SplicePayloads['SummarizingMiningRound']>>,
  Expect<SameShape<PayloadTypeOf<'IssuingMiningRound'>, SplicePayloads['IssuingMiningRound']>>,
  Expect<SameShape<PayloadTypeOf<'ClosedMiningRound'>, SplicePayloads['ClosedMiningRound']>>,
  Expect<SameShape<PayloadTypeOf<'AmuletRules'>, SplicePayloads['AmuletRules']>>,
  Expect<SameShape<PayloadTypeOf<'ExternalPartyAmuletRules'>, SplicePayloads['ExternalPartyAmuletRules']>>,
  Expect<SameShape<PayloadTypeOf<'ExternalPartyConfigState'>, SplicePayloads['ExternalPartyConfigState']>>,
  Expect<SameShape<PayloadTypeOf<'TransferPreapproval'>, SplicePayloads['TransferPreapproval']>>,
  Expect<SameShape<PayloadTypeOf<'TransferCommand'>, SplicePayloads['TransferCommand']>>,
  Expect<SameShape<PayloadTypeOf<'TransferCommandCounter'>, SplicePayloads['TransferCommandCounter']>>,
  Expect<SameShape<PayloadTypeOf<'ValidatorLicense'>, SplicePayloads['ValidatorLicense']>>,
  Expect<
    SameShape<
      PayloadTypeOf<'ValidatorLivenessActivityRecord'>,
      SplicePayloads['ValidatorLivenessActivityRecord']
    >
  >,
  Expect<SameShape<PayloadTypeOf<'AmuletAllocation'>, SplicePayloads['AmuletAllocation']>>,
  Expect<SameShape<PayloadTypeOf<'AmuletTransferInstruction'>, SplicePayloads['AmuletTransferInstruction']>>,
  Expect<SameShape<PayloadTypeOf<'MemberTraffic'>, SplicePayloads['MemberTraffic']>>,
  Expect<SameShape<PayloadTypeOf<'ValidatorRewardCoupon'>, SplicePayloads['ValidatorRewardCoupon']>>,
  Expect<SameShape<PayloadTypeOf<'DsoRules'>, SplicePayloads['DsoRules']>>,
  Expect<SameShape<PayloadTypeOf<'SvNodeState'>, SplicePayloads['SvNodeState']>>,
  Expect<SameShape<PayloadTypeOf<'VoteRequest'>, SplicePayloads['VoteRequest']>>,
  Expect<SameShape<PayloadTypeOf<'Confirmation'>, SplicePayloads['Confirmation']>>,
  Expect<SameShape<PayloadTypeOf<'AmuletPriceVote'>, SplicePayloads['AmuletPriceVote']>>,
  Expect<SameShape<PayloadTypeOf<'SvRewardState'>, SplicePayloads['SvRewardState']>>,
  Expect<SameShape<PayloadTypeOf<'SvStatusReport'>, SplicePayloads['SvStatusReport']>>,
  Expect<SameShape<PayloadTypeOf<'DsoBootstrap'>, SplicePayloads['DsoBootstrap']>>,
  Expect<SameShape<PayloadTypeOf<'AnsRules'>, SplicePayloads['AnsRules']>>,
  Expect<SameShape<PayloadTypeOf<'SvRewardCoupon'>, SplicePayloads['SvRewardCoupon']>>,
  Expect<SameShape<PayloadTypeOf<'UnclaimedReward'>, SplicePayloads['UnclaimedReward']>>,
];

export const SpliceInterfaces = {
  Holding: spliceInterface(SplicePackages.tokenHolding, 'Splice.Api.Token.HoldingV1', 'Holding'),
  TransferFactory: spliceInterface(
    SplicePackages.tokenTransferInstruction,
    'Splice.Api.Token.TransferInstructionV1',
    'TransferFactory',
  ),
  TransferInstruction: spliceInterface(
    SplicePackages.tokenTransferInstruction,
    'Splice.Api.Token.TransferInstructionV1',
    'TransferInstruction',
  ),
  Allocation: spliceInterface(SplicePackages.tokenAllocation, 'Splice.Api.Token.AllocationV1', 'Allocation'),
  AllocationFactory: spliceInterface(
    SplicePackages.tokenAllocationInstruction,
    'Splice.Api.Token.AllocationInstructionV1',
    'AllocationFactory',
  ),
} as const;

/** Choice names readers match on. */
export const SpliceChoices = {
  AnsRulesRequestEntry: 'AnsRules_RequestEntry',
  AnsRulesCollectInitialEntryPayment: 'AnsRules_CollectInitialEntryPayment',
  AnsEntryContextCollectInitialEntryPayment: 'AnsEntryContext_CollectInitialEntryPayment',
  AnsEntryContextTerminate: 'AnsEntryContext_Terminate',
  AnsEntryExpire: 'AnsEntry_Expire',
  AnsEntryRenew: 'AnsEntry_Renew',
  AnsRulesCollectEntryRenewalPayment: 'AnsRules_CollectEntryRenewalPayment',
  AnsEntryContextCollectEntryRenewalPayment: 'AnsEntryContext_CollectEntryRenewalPayment',
  DsoRulesCollectEntryRenewalPayment: 'DsoRules_CollectEntryRenewalPayment',
  SubscriptionIdleStateMakePayment: 'SubscriptionIdleState_MakePayment',
  SubscriptionPaymentCollect: 'SubscriptionPayment_Collect',
  SubscriptionRequestAcceptAndMakePayment: 'SubscriptionRequest_AcceptAndMakePayment',
  SubscriptionInitialPaymentCollect: 'SubscriptionInitialPayment_Collect',
  SubscriptionIdleStateExpireSubscription: 'SubscriptionIdleState_ExpireSubscription',
  SubscriptionArchive: 'Subscription_Archive',
  DsoRulesExpireAnsEntry: 'DsoRules_ExpireAnsEntry',
  DsoRulesExpireSubscription: 'DsoRules_ExpireSubscription',
  LockedAmuletUnlockV2: 'LockedAmulet_UnlockV2',
  Archive: 'Archive',
  AmuletRulesTransfer: 'AmuletRules_Transfer',
  AmuletRulesDevNetTap: 'AmuletRules_DevNet_Tap',
  AmuletRulesMint: 'AmuletRules_Mint',
  DsoRulesClaimExpiredRewards: 'DsoRules_ClaimExpiredRewards',
  ValidatorRewardCouponDsoExpire: 'ValidatorRewardCoupon_DsoExpire',
  ValidatorLivenessActivityRecordDsoExpire: 'ValidatorLivenessActivityRecord_DsoExpire',
  AmuletRulesAllocateDevelopmentFundCoupon: 'AmuletRules_AllocateDevelopmentFundCoupon',
  AmuletRulesBuyMemberTraffic: 'AmuletRules_BuyMemberTraffic',
  AmuletRulesMergeMemberTrafficContracts: 'AmuletRules_MergeMemberTrafficContracts',
  DsoRulesMergeMemberTrafficContracts: 'DsoRules_MergeMemberTrafficContracts',
  AmuletRulesAdvanceOpenMiningRounds: 'AmuletRules_AdvanceOpenMiningRounds',
  AmuletRulesMiningRoundStartIssuing: 'AmuletRules_MiningRound_StartIssuing',
  AmuletRulesMiningRoundClose: 'AmuletRules_MiningRound_Close',
  AmuletRulesMiningRoundArchive: 'AmuletRules_MiningRound_Archive',
  AmuletRulesAddFutureAmuletConfigSchedule: 'AmuletRules_AddFutureAmuletConfigSchedule',
  DsoRulesAdvanceOpenMiningRounds: 'DsoRules_AdvanceOpenMiningRounds',
  DsoRulesMiningRoundClose: 'DsoRules_MiningRound_Close',
  DsoRulesRequestVote: 'DsoRules_RequestVote',
  DsoRulesCastVote: 'DsoRules_CastVote',
  DsoRulesCloseVoteRequest: 'DsoRules_CloseVoteRequest',
  DsoRulesOffboardSv: 'DsoRules_OffboardSv',
  DsoRulesUpdateSvRewardWeight: 'DsoRules_UpdateSvRewardWeight',
  DsoRulesGrantFeaturedAppRight: 'DsoRules_GrantFeaturedAppRight',
  DsoRulesOnboardValidator: 'DsoRules_OnboardValidator',
  DsoRulesRollExternalPartyConfigState: 'DsoRules_RollExternalPartyConfigState',
  DsoBootstrapBootstrap: 'DsoBootstrap_Bootstrap',
  AmuletRulesDevNetFeatureApp: 'AmuletRules_DevNet_FeatureApp',
  AmuletRulesBootstrapRounds: 'AmuletRules_Bootstrap_Rounds',
  AmuletRulesBootstrapExternalPartyConfigState: 'AmuletRules_BootstrapExternalPartyConfigState',
  AmuletRulesSetConfig: 'AmuletRules_SetConfig',
  AmuletRulesCreateTransferPreapproval: 'AmuletRules_CreateTransferPreapproval',
  TransferPreapprovalSend: 'TransferPreapproval_Send',
  ExternalPartyAmuletRulesCreateTransferCommand: 'ExternalPartyAmuletRules_CreateTransferCommand',
  TransferCommandSend: 'TransferCommand_Send',
  DsoRulesCreateTransferCommandCounter: 'DsoRules_CreateTransferCommandCounter',
  DsoRulesConfirmAction: 'DsoRules_ConfirmAction',
  DsoRulesExecuteConfirmedAction: 'DsoRules_ExecuteConfirmedAction',
  DsoRulesAddSv: 'DsoRules_AddSv',
  DsoRulesSetSynchronizerNodeConfig: 'DsoRules_SetSynchronizerNodeConfig',
  DsoRulesUpdateAmuletPriceVote: 'DsoRules_UpdateAmuletPriceVote',
  DsoRulesGarbageCollectAmuletPriceVotes: 'DsoRules_GarbageCollectAmuletPriceVotes',
  DsoRulesReceiveSvRewardCoupon: 'DsoRules_ReceiveSvRewardCoupon',
  DsoRulesSubmitStatusReport: 'DsoRules_SubmitStatusReport',
  DsoRulesSetConfig: 'DsoRules_SetConfig',
  DsoRulesMergeUnclaimedRewards: 'DsoRules_MergeUnclaimedRewards',
  AmuletRulesMergeUnclaimedRewards: 'AmuletRules_MergeUnclaimedRewards',
  VoteRequestCastVote: 'VoteRequest_CastVote',
  ValidatorLicenseRecordValidatorLivenessActivity: 'ValidatorLicense_RecordValidatorLivenessActivity',
  ValidatorLicenseWithdraw: 'ValidatorLicense_Withdraw',
  LockedAmuletUnlock: 'LockedAmulet_Unlock',
  TransferFactoryTransfer: 'TransferFactory_Transfer',
  TransferInstructionAccept: 'TransferInstruction_Accept',
  TransferInstructionReject: 'TransferInstruction_Reject',
  TransferInstructionWithdraw: 'TransferInstruction_Withdraw',
  AllocationFactoryAllocate: 'AllocationFactory_Allocate',
  AllocationExecuteTransfer: 'Allocation_ExecuteTransfer',
  AllocationWithdraw: 'Allocation_Withdraw',
} as const;

/**
 * Builds the lossless create arguments of `template` from its compact payload, checking the shape
 * at run time (an Error names the first field that does not fit). For one of `SpliceTemplates`
 * the payload is statically typed by its interface.
 */
export function buildSplicePayload<E extends string>(
  template: SpliceTemplate<RecordType, E>,
  payload: E extends SpliceTemplateName ? SplicePayloads[E] : unknown,
): DamlValue {
  return fromCompact(template.payloadType, payload, template.entityName);
}

/** Splits `<package_id>:<Module.Path>:<Entity>` (or the package-name form) into its parts. */
export function parseTemplateId(templateId: string): {
  packageRef: string;
  moduleName: string;
  entityName: string;
} {
  const parts = templateId.split(':');
  if (parts.length !== 3 || parts.some((p) => p === '')) {
    throw new Error(`template id must be PACKAGE:MODULE:ENTITY, got "${templateId}"`);
  }
  return { packageRef: parts[0], moduleName: parts[1], entityName: parts[2] };
}

const TEMPLATES_BY_ID = new Map<string, SpliceTemplate>(
  Object.values(SpliceTemplates).map((t): [string, SpliceTemplate] => [t.templateId, t]),
);

/** The Splice template with this package-id template id, if it is one of ours. */
export function lookupSpliceTemplate(templateId: string): SpliceTemplate | undefined {
  return TEMPLATES_BY_ID.get(templateId);
}
