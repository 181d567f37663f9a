import { T, type CompactOf } from '../daml-value/daml-type';
import {
  amuletConfigScheduleItemType,
  amuletConfigType,
  type AmuletConfig,
  type AmuletConfigScheduleItem,
} from './amulet-rules.payloads';
import {
  openMiningRoundSummaryType,
  relTimeType,
  roundType,
  type OpenMiningRoundSummary,
  type RelTime,
  type Round,
} from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of package splice-dso-governance: DsoRules, SV node states, vote
// requests and the result of closing one. Maps (`DA.Map`) are arrays of [key, value] pairs.

export const svInfoType = T.record({
  name: T.text,
  joinedAsOfRound: roundType,
  svRewardWeight: T.int64,
  participantId: T.text,
});
export interface SvInfo {
  name: string;
  joinedAsOfRound: Round;
  svRewardWeight: string;
  participantId: string;
}

export const offboardedSvInfoType = T.record({ name: T.text, participantId: T.text });
export interface OffboardedSvInfo {
  name: string;
  participantId: string;
}

export const synchronizerConfigType = T.record({
  state: T.enum('DS_Bootstrapping', 'DS_Operational'),
  cometBftGenesisJson: T.text,
  acsCommitmentReconciliationInterval: T.optional(T.int64),
});
export interface SynchronizerConfig {
  state: 'DS_Bootstrapping' | 'DS_Operational';
  cometBftGenesisJson: string;
  acsCommitmentReconciliationInterval: string | null;
}

export const dsoRulesConfigType = T.record({
  numUnclaimedRewardsThreshold: T.int64,
  numMemberTrafficContractsThreshold: T.int64,
  actionConfirmationTimeout: relTimeType,
  svOnboardingRequestTimeout: relTimeType,
  svOnboardingConfirmedTimeout: relTimeType,
  voteRequestTimeout: relTimeType,
  dsoDelegateInactiveTimeout: relTimeType,
  synchronizerNodeConfigLimits: T.record({
    cometBft: T.record({
      maxNumCometBftNodes: T.int64,
      maxNumGovernanceKeys: T.int64,
      maxNumSequencingKeys: T.int64,
      maxNodeIdLength: T.int64,
      maxPubKeyLength: T.int64,
    }),
  }),
  maxTextLength: T.int64,
  decentralizedSynchronizer: T.record({
    synchronizers: T.genMap(T.text, synchronizerConfigType),
    lastSynchronizerId: T.text,
    activeSynchronizerId: T.text,
  }),
  nextScheduledSynchronizerUpgrade: T.optional(T.record({ time: T.timestamp, migrationId: T.int64 })),
  voteCooldownTime: T.optional(relTimeType),
  nextScheduledLogicalSynchronizerUpgrade: T.optional(
    T.record({
      topologyFreezeTime: T.timestamp,
      upgradeTime: T.timestamp,
      newPhysicalSynchronizerSerial: T.int64,
      newPhysicalSynchronizerProtocolVersion: T.text,
    }),
  ),
});
/** `Splice.DsoRulesConfig:DsoRulesConfig`. */
export interface DsoRulesConfig {
  numUnclaimedRewardsThreshold: string;
  numMemberTrafficContractsThreshold: string;
  actionConfirmationTimeout: RelTime;
  svOnboardingRequestTimeout: RelTime;
  svOnboardingConfirmedTimeout: RelTime;
  voteRequestTimeout: RelTime;
  dsoDelegateInactiveTimeout: RelTime;
  synchronizerNodeConfigLimits: {
    cometBft: {
      maxNumCometBftNodes: string;
      maxNumGovernanceKeys: string;
      maxNumSequencingKeys: string;
      maxNodeIdLength: string;
      maxPubKeyLength: string;
    };
  };
  maxTextLength: string;
  decentralizedSynchronizer: {
    synchronizers: [string, SynchronizerConfig][];
    lastSynchronizerId: string;
    activeSynchronizerId: string;
  };
  nextScheduledSynchronizerUpgrade: { time: string; migrationId: string } | null;
  voteCooldownTime: RelTime | null;
  nextScheduledLogicalSynchronizerUpgrade: {
    topologyFreezeTime: string;
    upgradeTime: string;
    newPhysicalSynchronizerSerial: string;
    newPhysicalSynchronizerProtocolVersion: string;
  } | null;
}

export const dsoRulesType = T.record({
  dso: T.party,
  epoch: T.int64,
  svs: T.genMap(T.party, svInfoType),
  offboardedSvs: T.genMap(T.party, offboardedSvInfoType),
  dsoDelegate: T.party,
  config: dsoRulesConfigType,
  initialTrafficState: T.genMap(T.text, T.record({ consumedTraffic: T.int64 })),
  isDevNet: T.bool,
});
/**
 * `Splice.DsoRules:DsoRules`: the current SVs (`svs`, keyed by SV party) and governance
 * configuration. Replaced (archived and re-created, `epoch` + 1 on membership changes) when an
 * accepted vote changes it.
 */
export interface DsoRulesPayload {
  dso: string;
  epoch: string;
  svs: [string, SvInfo][];
  offboardedSvs: [string, OffboardedSvInfo][];
  dsoDelegate: string;
  config: DsoRulesConfig;
  /** Traffic consumed per member before the synchronizer was bootstrapped (empty in production). */
  initialTrafficState: [string, { consumedTraffic: string }][];
  isDevNet: boolean;
}

export const synchronizerNodeConfigType = T.record({
  cometBft: T.record({
    nodes: T.genMap(T.text, T.record({ validatorPubKey: T.text, votingPower: T.int64 })),
    governanceKeys: T.list(T.record({ pubKey: T.text })),
    sequencingKeys: T.list(T.record({ pubKey: T.text })),
  }),
  sequencer: T.optional(
    T.record({
      migrationId: T.int64,
      sequencerId: T.text,
      url: T.text,
      availableAfter: T.optional(T.timestamp),
    }),
  ),
  mediator: T.optional(T.record({ mediatorId: T.text })),
  scan: T.optional(T.record({ publicUrl: T.text })),
  legacySequencerConfig: T.optional(T.record({ migrationId: T.int64, sequencerId: T.text, url: T.text })),
});
/**
 * `Splice.DSO.SvState:SynchronizerNodeConfig`: an SV's nodes on one synchronizer. `scan.publicUrl`
 * is the SV's scan base URL (without `/api/scan`), which scan discovery collects.
 */
export interface SynchronizerNodeConfig {
  cometBft: {
    /** A Daml `Map` of CometBFT node id to node: `[[nodeId, node], ...]`. */
    nodes: [string, { validatorPubKey: string; votingPower: string }][];
    governanceKeys: { pubKey: string }[];
    sequencingKeys: { pubKey: string }[];
  };
  sequencer: { migrationId: string; sequencerId: string; url: string; availableAfter: string | null } | null;
  mediator: { mediatorId: string } | null;
  scan: { publicUrl: string } | null;
  legacySequencerConfig: { migrationId: string; sequencerId: string; url: string } | null;
}

export const svNodeStateType = T.record({
  dso: T.party,
  sv: T.party,
  svName: T.text,
  state: T.record({ synchronizerNodes: T.genMap(T.text, synchronizerNodeConfigType) }),
});
/**
 * `Splice.DSO.SvState:SvNodeState`: one per SV. `synchronizerNodes` is a Daml `Map` of
 * synchronizer id to the SV's nodes there, so its compact form is `[[synchronizerId, node], ...]`.
 * An offboarded SV's node state stays active; readers filter by the DsoRules `svs`.
 */
export interface SvNodeStatePayload {
  dso: string;
  sv: string;
  svName: string;
  state: { synchronizerNodes: [string, SynchronizerNodeConfig][] };
}

export const addSvType = T.record({
  newSvParty: T.party,
  newSvName: T.text,
  newSvRewardWeight: T.int64,
  newSvParticipantId: T.text,
  joinedAsOfRound: roundType,
});
/** `DsoRules_AddSv`: adds an SV directly (a confirmed or voted action). */
export interface AddSv {
  newSvParty: string;
  newSvName: string;
  newSvRewardWeight: string;
  newSvParticipantId: string;
  joinedAsOfRound: Round;
}

export const dsoRulesActionType = T.variant({
  SRARC_AddSv: addSvType,
  SRARC_OffboardSv: T.record({ sv: T.party }),
  SRARC_UpdateSvRewardWeight: T.record({ svParty: T.party, newRewardWeight: T.int64 }),
  SRARC_GrantFeaturedAppRight: T.record({ provider: T.party, activityWeight: T.optional(T.numeric) }),
  SRARC_RevokeFeaturedAppRight: T.record({ rightCid: T.contractId }),
  SRARC_SetConfig: T.record({ newConfig: dsoRulesConfigType, baseConfig: T.optional(dsoRulesConfigType) }),
  SRARC_CreateTransferCommandCounter: T.record({ sender: T.party }),
});
/** `DsoRules_ActionRequiringConfirmation` (the constructors this project uses). */
export type DsoRulesAction =
  | { tag: 'SRARC_AddSv'; value: AddSv }
  | { tag: 'SRARC_OffboardSv'; value: { sv: string } }
  | { tag: 'SRARC_UpdateSvRewardWeight'; value: { svParty: string; newRewardWeight: string } }
  | { tag: 'SRARC_GrantFeaturedAppRight'; value: { provider: string; activityWeight: string | null } }
  | { tag: 'SRARC_RevokeFeaturedAppRight'; value: { rightCid: string } }
  | { tag: 'SRARC_SetConfig'; value: { newConfig: DsoRulesConfig; baseConfig: DsoRulesConfig | null } }
  | { tag: 'SRARC_CreateTransferCommandCounter'; value: { sender: string } };

export const amuletRulesActionType = T.variant({
  CRARC_MiningRound_StartIssuing: T.record({
    miningRoundCid: T.contractId,
    summary: openMiningRoundSummaryType,
  }),
  CRARC_MiningRound_Archive: T.record({ closedRoundCid: T.contractId }),
  CRARC_AddFutureAmuletConfigSchedule: T.record({ newScheduleItem: amuletConfigScheduleItemType }),
  CRARC_RemoveFutureAmuletConfigSchedule: T.record({ scheduleTime: T.timestamp }),
  CRARC_SetConfig: T.record({ newConfig: amuletConfigType, baseConfig: amuletConfigType }),
});
/** `AmuletRules_ActionRequiringConfirmation` (the constructors this project uses). */
export type AmuletRulesAction =
  | {
      tag: 'CRARC_MiningRound_StartIssuing';
      value: { miningRoundCid: string; summary: OpenMiningRoundSummary };
    }
  | { tag: 'CRARC_MiningRound_Archive'; value: { closedRoundCid: string } }
  | { tag: 'CRARC_AddFutureAmuletConfigSchedule'; value: { newScheduleItem: AmuletConfigScheduleItem } }
  | { tag: 'CRARC_RemoveFutureAmuletConfigSchedule'; value: { scheduleTime: string } }
  | { tag: 'CRARC_SetConfig'; value: { newConfig: AmuletConfig; baseConfig: AmuletConfig } };

export const actionRequiringConfirmationType = T.variant({
  ARC_DsoRules: T.record({ dsoAction: dsoRulesActionType }),
  ARC_AmuletRules: T.record({ amuletRulesAction: amuletRulesActionType }),
  ARC_AnsEntryContext: T.record({
    ansEntryContextCid: T.contractId,
    ansEntryContextAction: T.variant({
      ANSRARC_CollectInitialEntryPayment: T.record({
        paymentCid: T.contractId,
        transferContext: T.record({
          amuletRules: T.contractId,
          openMiningRound: T.contractId,
          featuredAppRight: T.optional(T.contractId),
        }),
        ansRulesCid: T.contractId,
      }),
    }),
  }),
});
/** The vote's action; its name for vote-result filters is the inner tag (`SRARC_...`, `CRARC_...`). */
export type ActionRequiringConfirmation =
  | { tag: 'ARC_DsoRules'; value: { dsoAction: DsoRulesAction } }
  | { tag: 'ARC_AmuletRules'; value: { amuletRulesAction: AmuletRulesAction } }
  | {
      tag: 'ARC_AnsEntryContext';
      value: { ansEntryContextCid: string; ansEntryContextAction: AnsEntryContextAction };
    };
/** `AnsEntryContext_ActionRequiringConfirmation` (the constructor the DSO's automation uses). */
export interface AnsEntryContextAction {
  tag: 'ANSRARC_CollectInitialEntryPayment';
  value: {
    paymentCid: string;
    transferContext: { amuletRules: string; openMiningRound: string; featuredAppRight: string | null };
    ansRulesCid: string;
  };
}

export const reasonType = T.record({ url: T.text, body: T.text });
export interface Reason {
  url: string;
  body: string;
}

export const voteType = T.record({
  sv: T.party,
  accept: T.bool,
  reason: reasonType,
  optCastAt: T.optional(T.timestamp),
});
export interface Vote {
  sv: string;
  accept: boolean;
  reason: Reason;
  optCastAt: string | null;
}

export const voteRequestType = T.record({
  dso: T.party,
  requester: T.text,
  action: actionRequiringConfirmationType,
  reason: reasonType,
  voteBefore: T.timestamp,
  votes: T.genMap(T.text, voteType),
  trackingCid: T.optional(T.contractId),
  targetEffectiveAt: T.optional(T.timestamp),
});
/**
 * `Splice.DsoRules:VoteRequest`. Each cast vote archives the request and re-creates it with the
 * vote added and `trackingCid` pointing at the original request.
 */
export interface VoteRequestPayload {
  dso: string;
  /** The requesting SV's name (not its party). */
  requester: string;
  action: ActionRequiringConfirmation;
  reason: Reason;
  voteBefore: string;
  /** Keyed by SV name, as in Splice. */
  votes: [string, Vote][];
  /** The first incarnation of this request; null on it. */
  trackingCid: string | null;
  /** When the action should take effect; null means on acceptance. */
  targetEffectiveAt: string | null;
}

export const voteRequestOutcomeType = T.variant({
  VRO_Accepted: T.record({ effectiveAt: T.timestamp }),
  VRO_Rejected: T.unit,
  VRO_Expired: T.unit,
});
export type VoteRequestOutcome =
  | { tag: 'VRO_Accepted'; value: { effectiveAt: string } }
  | { tag: 'VRO_Rejected'; value: Record<string, never> }
  | { tag: 'VRO_Expired'; value: Record<string, never> };

export const closeVoteRequestResultType = T.record({
  request: voteRequestType,
  completedAt: T.timestamp,
  offboardedVoters: T.list(T.text),
  abstainingSvs: T.list(T.text),
  outcome: voteRequestOutcomeType,
});
/**
 * `DsoRules_CloseVoteRequestResult`, the exercise result of `DsoRules_CloseVoteRequest`: one vote
 * result. Its effective time is the accepted outcome's `effectiveAt`, else `completedAt`.
 */
export interface CloseVoteRequestResult {
  request: VoteRequestPayload;
  completedAt: string;
  /** Names of SVs whose votes were dropped because they were offboarded meanwhile. */
  offboardedVoters: string[];
  /** Names of SVs that did not vote. */
  abstainingSvs: string[];
  outcome: VoteRequestOutcome;
}

export const confirmationType = T.record({
  dso: T.party,
  confirmer: T.party,
  action: actionRequiringConfirmationType,
  expiresAt: T.timestamp,
});
/** `Splice.DsoRules:Confirmation`: one SV's confirmation of an automated action (`DsoRules_ConfirmAction`). */
export interface ConfirmationPayload {
  dso: string;
  confirmer: string;
  action: ActionRequiringConfirmation;
  expiresAt: string;
}

export const amuletPriceVoteType = T.record({
  dso: T.party,
  sv: T.party,
  amuletPrice: T.optional(T.numeric),
  lastUpdatedAt: T.timestamp,
});
/** `Splice.DSO.AmuletPrice:AmuletPriceVote`: one per SV; rounds open at the median of the votes. */
export interface AmuletPriceVotePayload {
  dso: string;
  sv: string;
  /** Null for an SV that has not voted yet. */
  amuletPrice: string | null;
  lastUpdatedAt: string;
}

export const rewardStateType = T.record({
  numRoundsMissed: T.int64,
  numRoundsCollected: T.int64,
  lastRoundCollected: roundType,
  numCouponsIssued: T.int64,
});
export const svRewardStateType = T.record({ dso: T.party, svName: T.text, state: rewardStateType });
/** `Splice.DSO.SvState:SvRewardState`: an SV's reward collection, advanced by `DsoRules_ReceiveSvRewardCoupon`. */
export interface SvRewardStatePayload {
  dso: string;
  svName: string;
  state: {
    numRoundsMissed: string;
    numRoundsCollected: string;
    lastRoundCollected: Round;
    numCouponsIssued: string;
  };
}

export const svStatusType = T.record({
  createdAt: T.timestamp,
  cometBftHeight: T.int64,
  mediatorSynchronizerTime: T.timestamp,
  participantSynchronizerTime: T.timestamp,
  latestOpenRound: roundType,
});
export const svStatusReportType = T.record({
  dso: T.party,
  sv: T.party,
  svName: T.text,
  number: T.int64,
  status: T.optional(svStatusType),
});
/** `Splice.DSO.SvState:SvStatusReport`: an SV's latest status report (`DsoRules_SubmitStatusReport`). */
export interface SvStatusReportPayload {
  dso: string;
  sv: string;
  svName: string;
  number: string;
  status: {
    createdAt: string;
    cometBftHeight: string;
    mediatorSynchronizerTime: string;
    participantSynchronizerTime: string;
    latestOpenRound: Round;
  } | null;
}

type _DsoGovernanceShapeChecks = [
  Expect<SameShape<CompactOf<typeof confirmationType>, ConfirmationPayload>>,
  Expect<SameShape<CompactOf<typeof amuletPriceVoteType>, AmuletPriceVotePayload>>,
  Expect<SameShape<CompactOf<typeof svRewardStateType>, SvRewardStatePayload>>,
  Expect<SameShape<CompactOf<typeof svStatusReportType>, SvStatusReportPayload>>,
  Expect<SameShape<CompactOf<typeof addSvType>, AddSv>>,
  Expect<SameShape<CompactOf<typeof dsoRulesType>, DsoRulesPayload>>,
  Expect<SameShape<CompactOf<typeof svNodeStateType>, SvNodeStatePayload>>,
  Expect<SameShape<CompactOf<typeof voteRequestType>, VoteRequestPayload>>,
  Expect<SameShape<CompactOf<typeof closeVoteRequestResultType>, CloseVoteRequestResult>>,
];
