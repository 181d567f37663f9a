/**
 * Field lists of Splice's Daml, read from the sources of the Splice snapshot of 2026-08-20 (HEAD:
 * splice-amulet 0.1.22, splice-dso-governance 0.1.28, splice-wallet-payments 0.1.22,
 * splice-amulet-name-service 0.1.23, token standard V1 interfaces). Facts, not code: for each
 * (template or interface, choice) of splice-amulet, splice-dso-governance and the token standard
 * V1 interfaces, and each other one Splice's `scan_txlog.py` names, the fields of its argument
 * record and its result type; the payload fields of every template; and every record, variant and enum these
 * nest. `history-checker.ts` parses the simulator's values against them.
 *
 * Notation of a type: `Party`, `Text`, `Decimal`, `Int`, `Bool`, `Time`, `Date`, `ContractId`
 * (of any template), `Unit`, `RelTime`; `Optional T`, `[T]` (a list), `Map K V` (a Daml
 * `DA.Map.Map`), `TextMap V`, `Set T` (`DA.Set.Set`), `(A, B)` (a tuple, the record `{_1, _2}`);
 * `Module:Name args` a record, variant, enum or template of Splice's Daml, its type parameters
 * applied; a lower-case name is a type parameter.
 */

/** A record's fields, in declaration order: field name and type. */
export type SpliceFields = Readonly<Record<string, string>>;

export type SpliceTypeFacts =
  | { readonly kind: 'record'; readonly params: readonly string[]; readonly fields: SpliceFields }
  /** A constructor's payload: a type, or the fields of its inline record. */
  | {
      readonly kind: 'variant';
      readonly params: readonly string[];
      readonly constructors: Readonly<Record<string, string | { readonly fields: SpliceFields }>>;
    }
  | { readonly kind: 'enum'; readonly constructors: readonly string[] }
  | { readonly kind: 'synonym'; readonly params: readonly string[]; readonly type: string };

export interface SpliceChoiceFacts {
  /** The fields of the choice's argument record. */
  readonly argument: SpliceFields;
  readonly result: string;
}

/** `Module:TemplateOrInterface:Choice` (as Daml names them, package left out). `Archive` is every template's. */
export const SPLICE_CHOICES: Readonly<Record<string, SpliceChoiceFacts>> = {
  'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2:ProcessRewardsV2_ProcessBatch': {
    argument: {
      batch: 'Splice.Amulet.RewardAccountingV2:Batch',
      providersWithWrongVettingState: 'Set Party',
    },
    result: 'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2_ProcessBatchResult',
  },
  'Splice.Amulet:Amulet:Amulet_Expire': {
    argument: {
      roundCid: 'ContractId',
    },
    result: 'Splice.Amulet:Amulet_ExpireResult',
  },
  'Splice.Amulet:Amulet:Amulet_ExpireV2': {
    argument: {
      externalPartyConfigState0Cid: 'ContractId',
      externalPartyConfigState1Cid: 'ContractId',
    },
    result: 'Splice.Amulet:Amulet_ExpireV2Result',
  },
  'Splice.Amulet:AppRewardCoupon:AppRewardCoupon_DsoExpire': {
    argument: {
      closedRoundCid: 'ContractId',
    },
    result: 'Splice.Amulet:AppRewardCoupon_DsoExpireResult',
  },
  'Splice.Amulet:DevelopmentFundCoupon:DevelopmentFundCoupon_DsoExpire': {
    argument: {},
    result: 'Splice.Amulet:DevelopmentFundCoupon_DsoExpireResult',
  },
  'Splice.Amulet:DevelopmentFundCoupon:DevelopmentFundCoupon_Reject': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.Amulet:DevelopmentFundCoupon_RejectResult',
  },
  'Splice.Amulet:DevelopmentFundCoupon:DevelopmentFundCoupon_Withdraw': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.Amulet:DevelopmentFundCoupon_WithdrawResult',
  },
  'Splice.Amulet:FeaturedAppRight:FeaturedAppRight_Cancel': {
    argument: {},
    result: 'Splice.Amulet:FeaturedAppRight_CancelResult',
  },
  'Splice.Amulet:FeaturedAppRight:FeaturedAppRight_Update': {
    argument: {
      reason: 'Text',
      newActivityWeight: 'Decimal',
    },
    result: 'Splice.Amulet:FeaturedAppRight_UpdateResult',
  },
  'Splice.Amulet:FeaturedAppRight:FeaturedAppRight_Withdraw': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.Amulet:FeaturedAppRight_WithdrawResult',
  },
  'Splice.Amulet:LockedAmulet:LockedAmulet_ExpireAmulet': {
    argument: {
      roundCid: 'ContractId',
    },
    result: 'Splice.Amulet:LockedAmulet_ExpireAmuletResult',
  },
  'Splice.Amulet:LockedAmulet:LockedAmulet_ExpireAmuletV2': {
    argument: {
      externalPartyConfigState0Cid: 'ContractId',
      externalPartyConfigState1Cid: 'ContractId',
    },
    result: 'Splice.Amulet:LockedAmulet_ExpireAmuletV2Result',
  },
  'Splice.Amulet:LockedAmulet:LockedAmulet_OwnerExpireLock': {
    argument: {
      openRoundCid: 'ContractId',
    },
    result: 'Splice.Amulet:LockedAmulet_OwnerExpireLockResult',
  },
  'Splice.Amulet:LockedAmulet:LockedAmulet_OwnerExpireLockV2': {
    argument: {},
    result: 'Splice.Amulet:LockedAmulet_OwnerExpireLockV2Result',
  },
  'Splice.Amulet:LockedAmulet:LockedAmulet_Unlock': {
    argument: {
      openRoundCid: 'ContractId',
    },
    result: 'Splice.Amulet:LockedAmulet_UnlockResult',
  },
  'Splice.Amulet:LockedAmulet:LockedAmulet_UnlockV2': {
    argument: {},
    result: 'Splice.Amulet:LockedAmulet_UnlockV2Result',
  },
  'Splice.Amulet:SvRewardCoupon:SvRewardCoupon_ArchiveAsBeneficiary': {
    argument: {},
    result: 'Splice.Amulet:SvRewardCoupon_ArchiveAsBeneficiaryResult',
  },
  'Splice.Amulet:SvRewardCoupon:SvRewardCoupon_DsoExpire': {
    argument: {
      closedRoundCid: 'ContractId',
    },
    result: 'Splice.Amulet:SvRewardCoupon_DsoExpireResult',
  },
  'Splice.Amulet:UnclaimedActivityRecord:UnclaimedActivityRecord_DsoExpire': {
    argument: {},
    result: 'Splice.Amulet:UnclaimedActivityRecord_DsoExpireResult',
  },
  'Splice.Amulet:ValidatorRewardCoupon:ValidatorRewardCoupon_ArchiveAsValidator': {
    argument: {
      validator: 'Party',
      rightCid: 'ContractId',
    },
    result: 'Splice.Amulet:ValidatorRewardCoupon_ArchiveAsValidatorResult',
  },
  'Splice.Amulet:ValidatorRewardCoupon:ValidatorRewardCoupon_DsoExpire': {
    argument: {
      closedRoundCid: 'ContractId',
    },
    result: 'Splice.Amulet:ValidatorRewardCoupon_DsoExpireResult',
  },
  'Splice.Amulet:ValidatorRight:ValidatorRight_ArchiveAsUser': {
    argument: {},
    result: 'Splice.Amulet:ValidatorRight_ArchiveAsUserResult',
  },
  'Splice.Amulet:ValidatorRight:ValidatorRight_ArchiveAsValidator': {
    argument: {},
    result: 'Splice.Amulet:ValidatorRight_ArchiveAsValidatorResult',
  },
  'Splice.AmuletAllocation:AmuletAllocation:AmuletAllocation_DsoExpire': {
    argument: {
      expireLock: 'Bool',
    },
    result: 'Splice.AmuletAllocation:AmuletAllocation_DsoExpireResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_AddFutureAmuletConfigSchedule': {
    argument: {
      newScheduleItem: '(Time, Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD)',
    },
    result: 'Splice.AmuletRules:AmuletRules_AddFutureAmuletConfigScheduleResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_AdvanceOpenMiningRounds': {
    argument: {
      amuletPrice: 'Decimal',
      roundToArchiveCid: 'ContractId',
      middleRoundCid: 'ContractId',
      latestRoundCid: 'ContractId',
    },
    result: 'Splice.AmuletRules:AmuletRules_AdvanceOpenMiningRoundsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_AllocateDevelopmentFundCoupon': {
    argument: {
      unclaimedDevelopmentFundCouponCids: '[ContractId]',
      beneficiary: 'Party',
      amount: 'Decimal',
      expiresAt: 'Time',
      reason: 'Text',
      fundManager: 'Party',
    },
    result: 'Splice.AmuletRules:AmuletRules_AllocateDevelopmentFundCouponResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_Amulet_ExpireTransferInstructions': {
    argument: {
      expectedDso: 'Party',
      inputs: '[Splice.AmuletRules:AmuletRules_ExpireTransferInstructionInput]',
      observers: '[Party]',
    },
    result: 'Splice.AmuletRules:AmuletRules_Amulet_ExpireTransferInstructionsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2': {
    argument: {
      calculateRewardsCids: '[ContractId]',
      processRewardsCids: '[ContractId]',
    },
    result: 'Splice.AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2Result',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_BootstrapExternalPartyConfigState': {
    argument: {
      openMiningRoundTriple: 'Splice.AmuletRules:OpenMiningRoundTriple',
      expectedDso: 'Party',
    },
    result: 'Splice.AmuletRules:AmuletRules_BootstrapExternalPartyConfigStateResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_Bootstrap_Rounds': {
    argument: {
      amuletPrice: 'Decimal',
      round0Duration: 'RelTime',
      initialRound: 'Optional Int',
    },
    result: 'Splice.AmuletRules:AmuletRules_Bootstrap_RoundsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_BuyMemberTraffic': {
    argument: {
      inputs: '[Splice.AmuletRules:TransferInput]',
      context: 'Splice.AmuletRules:TransferContext',
      provider: 'Party',
      memberId: 'Text',
      synchronizerId: 'Text',
      migrationId: 'Int',
      trafficAmount: 'Int',
      expectedDso: 'Optional Party',
    },
    result: 'Splice.AmuletRules:AmuletRules_BuyMemberTrafficResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_ClaimExpiredRewards': {
    argument: {
      closedRoundCid: 'ContractId',
      validatorRewardCouponCids: '[ContractId]',
      appCouponCids: '[ContractId]',
      svRewardCouponCids: '[ContractId]',
      optValidatorFaucetCouponCids: 'Optional [ContractId]',
      optValidatorLivenessActivityRecordCids: 'Optional [ContractId]',
    },
    result: 'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_ClaimExpiredRewardsV2': {
    argument: {
      rewardCouponCids: '[ContractId]',
      expiryObservers: '[Party]',
    },
    result: 'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsV2Result',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_ComputeFees': {
    argument: {
      context: 'Splice.AmuletRules:TransferContext',
      sender: 'Party',
      outputs: '[Splice.AmuletRules:TransferOutput]',
      expectedDso: 'Optional Party',
    },
    result: 'Splice.AmuletRules:AmuletRules_ComputeFeesResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkers': {
    argument: {
      markerCids: '[ContractId]',
      openMiningRoundCid: 'ContractId',
      observers: 'Optional [Party]',
    },
    result: 'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkersResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_CreateExternalPartySetupProposal': {
    argument: {
      context: 'Splice.AmuletRules:PaymentTransferContext',
      inputs: '[Splice.AmuletRules:TransferInput]',
      user: 'Party',
      validator: 'Party',
      preapprovalExpiresAt: 'Time',
      expectedDso: 'Optional Party',
      optCreatedAt: 'Optional Time',
    },
    result: 'Splice.AmuletRules:AmuletRules_CreateExternalPartySetupProposalResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_CreateTransferPreapproval': {
    argument: {
      context: 'Splice.AmuletRules:PaymentTransferContext',
      inputs: '[Splice.AmuletRules:TransferInput]',
      receiver: 'Party',
      provider: 'Party',
      expiresAt: 'Time',
      expectedDso: 'Optional Party',
      optCreatedAt: 'Optional Time',
    },
    result: 'Splice.AmuletRules:AmuletRules_CreateTransferPreapprovalResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_DevNet_FeatureApp': {
    argument: {
      provider: 'Party',
      activityWeight: 'Optional Decimal',
    },
    result: 'Splice.AmuletRules:AmuletRules_DevNet_FeatureAppResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_DevNet_Tap': {
    argument: {
      receiver: 'Party',
      amount: 'Decimal',
      openRound: 'ContractId',
    },
    result: 'Splice.AmuletRules:AmuletRules_DevNet_TapResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_Fetch': {
    argument: {
      p: 'Party',
    },
    result: 'Splice.AmuletRules:AmuletRules',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_MergeMemberTrafficContracts': {
    argument: {
      trafficCids: '[ContractId]',
    },
    result: 'Splice.AmuletRules:AmuletRules_MergeMemberTrafficContractsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCoupons': {
    argument: {
      unclaimedDevelopmentFundCouponCids: '[ContractId]',
    },
    result: 'Splice.AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCouponsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_MergeUnclaimedRewards': {
    argument: {
      unclaimedRewardCids: '[ContractId]',
    },
    result: 'Splice.AmuletRules:AmuletRules_MergeUnclaimedRewardsResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_MiningRound_Archive': {
    argument: {
      closedRoundCid: 'ContractId',
    },
    result: 'Splice.AmuletRules:AmuletRules_MiningRound_ArchiveResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_MiningRound_Close': {
    argument: {
      issuingRoundCid: 'ContractId',
    },
    result: 'Splice.AmuletRules:AmuletRules_MiningRound_CloseResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_MiningRound_StartIssuing': {
    argument: {
      miningRoundCid: 'ContractId',
      summary: 'Splice.Issuance:OpenMiningRoundSummary',
    },
    result: 'Splice.AmuletRules:AmuletRules_MiningRound_StartIssuingResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_Mint': {
    argument: {
      receiver: 'Party',
      amount: 'Decimal',
      openRound: 'ContractId',
      reason: 'Optional Text',
    },
    result: 'Splice.AmuletRules:AmuletRules_MintResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_RemoveFutureAmuletConfigSchedule': {
    argument: {
      scheduleTime: 'Time',
    },
    result: 'Splice.AmuletRules:AmuletRules_RemoveFutureAmuletConfigScheduleResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_SetConfig': {
    argument: {
      newConfig: 'Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD',
      baseConfig: 'Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD',
    },
    result: 'Splice.AmuletRules:AmuletRules_SetConfigResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_StartProcessingRewardsV2': {
    argument: {
      calculateRewardsCid: 'ContractId',
      batchHash: 'Splice.Amulet.CryptoHash:Hash',
    },
    result: 'Splice.AmuletRules:AmuletRules_StartProcessingRewardsV2Result',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_Transfer': {
    argument: {
      transfer: 'Splice.AmuletRules:Transfer',
      context: 'Splice.AmuletRules:TransferContext',
      expectedDso: 'Optional Party',
    },
    result: 'Splice.AmuletRules:TransferResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_UnhideRewardCouponsV2': {
    argument: {
      rewardCouponCids: '[ContractId]',
      providers: '[Party]',
    },
    result: 'Splice.AmuletRules:AmuletRules_UnhideRewardCouponsV2Result',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_UpdateExternalPartyConfigStates': {
    argument: {
      externalPartyConfigStateCid0: 'ContractId',
      externalPartyConfigStateCid1: 'ContractId',
      openMiningRoundTriple: 'Splice.AmuletRules:OpenMiningRoundTriple',
    },
    result: 'Splice.AmuletRules:AmuletRules_UpdateExternalPartyConfigStatesResult',
  },
  'Splice.AmuletRules:AmuletRules:AmuletRules_UpdateFutureAmuletConfigSchedule': {
    argument: {
      scheduleItem: '(Time, Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD)',
    },
    result: 'Splice.AmuletRules:AmuletRules_UpdateFutureAmuletConfigScheduleResult',
  },
  'Splice.AmuletRules:ExternalPartySetupProposal:ExternalPartySetupProposal_Accept': {
    argument: {},
    result: 'Splice.AmuletRules:ExternalPartySetupProposal_AcceptResult',
  },
  'Splice.AmuletRules:ExternalPartySetupProposal:ExternalPartySetupProposal_Reject': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.AmuletRules:ExternalPartySetupProposal_RejectResult',
  },
  'Splice.AmuletRules:ExternalPartySetupProposal:ExternalPartySetupProposal_Withdraw': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.AmuletRules:ExternalPartySetupProposal_WithdrawResult',
  },
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Cancel': {
    argument: {
      p: 'Party',
    },
    result: 'Splice.AmuletRules:TransferPreapproval_CancelResult',
  },
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Expire': {
    argument: {},
    result: 'Splice.AmuletRules:TransferPreapproval_ExpireResult',
  },
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Fetch': {
    argument: {
      p: 'Party',
    },
    result: 'Splice.AmuletRules:TransferPreapproval',
  },
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Renew': {
    argument: {
      context: 'Splice.AmuletRules:PaymentTransferContext',
      inputs: '[Splice.AmuletRules:TransferInput]',
      newExpiresAt: 'Time',
    },
    result: 'Splice.AmuletRules:TransferPreapproval_RenewResult',
  },
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Send': {
    argument: {
      context: 'Splice.AmuletRules:PaymentTransferContext',
      inputs: '[Splice.AmuletRules:TransferInput]',
      amount: 'Decimal',
      sender: 'Party',
      description: 'Optional Text',
    },
    result: 'Splice.AmuletRules:TransferPreapproval_SendResult',
  },
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_SendV2': {
    argument: {
      context: 'Splice.AmuletRules:ExternalPartyTransferContext',
      inputs: '[Splice.AmuletRules:TransferInput]',
      amount: 'Decimal',
      sender: 'Party',
      description: 'Optional Text',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
    result: 'Splice.AmuletRules:TransferPreapproval_SendV2Result',
  },
  'Splice.Ans.AmuletConversionRateFeed:AmuletConversionRateFeed:AmuletConversionRateFeed_Update': {
    argument: {
      amuletConversionRate: 'Decimal',
      amuletRulesCid: 'ContractId',
      markerContextO: 'Optional Splice.Ans.AmuletConversionRateFeed:MarkerContext',
      newNextUpdateAfter: 'Time',
    },
    result: 'Splice.Ans.AmuletConversionRateFeed:AmuletConversionRateFeed_UpdateResult',
  },
  'Splice.Ans:AnsEntry:AnsEntry_Expire': {
    argument: {
      actor: 'Party',
    },
    result: 'Splice.Ans:AnsEntry_ExpireResult',
  },
  'Splice.Ans:AnsEntry:AnsEntry_Renew': {
    argument: {
      extension: 'RelTime',
    },
    result: 'Splice.Ans:AnsEntry_RenewResult',
  },
  'Splice.Ans:AnsEntryContext:AnsEntryContext_CollectEntryRenewalPayment': {
    argument: {
      paymentCid: 'ContractId',
      entryCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
      ansRulesCid: 'ContractId',
    },
    result: 'Splice.Ans:AnsEntryContext_CollectEntryRenewalPaymentResult',
  },
  'Splice.Ans:AnsEntryContext:AnsEntryContext_CollectInitialEntryPayment': {
    argument: {
      paymentCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
      ansRulesCid: 'ContractId',
    },
    result: 'Splice.Ans:AnsEntryContext_CollectInitialEntryPaymentResult',
  },
  'Splice.Ans:AnsEntryContext:AnsEntryContext_Terminate': {
    argument: {
      actor: 'Party',
      terminatedSubscriptionCid: 'ContractId',
    },
    result: 'Splice.Ans:AnsEntryContext_TerminateResult',
  },
  'Splice.Ans:AnsRules:AnsRules_CollectEntryRenewalPayment': {
    argument: {
      user: 'Party',
      entryContext: 'ContractId',
      paymentCid: 'ContractId',
      entryCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
    },
    result: 'Splice.Ans:AnsRules_CollectEntryRenewalPaymentResult',
  },
  'Splice.Ans:AnsRules:AnsRules_CollectInitialEntryPayment': {
    argument: {
      user: 'Party',
      entryContext: 'ContractId',
      paymentCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
    },
    result: 'Splice.Ans:AnsRules_CollectInitialEntryPaymentResult',
  },
  'Splice.Ans:AnsRules:AnsRules_RequestEntry': {
    argument: {
      name: 'Text',
      url: 'Text',
      description: 'Text',
      user: 'Party',
    },
    result: 'Splice.Ans:AnsRules_RequestEntryResult',
  },
  'Splice.Api.FeaturedAppRightV1:FeaturedAppRight:FeaturedAppRight_CreateActivityMarker': {
    argument: {
      beneficiaries: '[Splice.Api.FeaturedAppRightV1:AppRewardBeneficiary]',
    },
    result: 'Splice.Api.FeaturedAppRightV1:FeaturedAppRight_CreateActivityMarkerResult',
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationFactory:AllocationFactory_Allocate': {
    argument: {
      expectedAdmin: 'Party',
      allocation: 'Splice.Api.Token.AllocationV1:AllocationSpecification',
      requestedAt: 'Time',
      inputHoldingCids: '[ContractId]',
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.AllocationInstructionV1:AllocationInstructionResult',
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationFactory:AllocationFactory_PublicFetch': {
    argument: {
      expectedAdmin: 'Party',
      actor: 'Party',
    },
    result: 'Splice.Api.Token.AllocationInstructionV1:AllocationFactoryView',
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationInstruction:AllocationInstruction_Update': {
    argument: {
      extraActors: '[Party]',
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.AllocationInstructionV1:AllocationInstructionResult',
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationInstruction:AllocationInstruction_Withdraw': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.AllocationInstructionV1:AllocationInstructionResult',
  },
  'Splice.Api.Token.AllocationRequestV1:AllocationRequest:AllocationRequest_Reject': {
    argument: {
      actor: 'Party',
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.MetadataV1:ChoiceExecutionMetadata',
  },
  'Splice.Api.Token.AllocationRequestV1:AllocationRequest:AllocationRequest_Withdraw': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.MetadataV1:ChoiceExecutionMetadata',
  },
  'Splice.Api.Token.AllocationV1:Allocation:Allocation_Cancel': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.AllocationV1:Allocation_CancelResult',
  },
  'Splice.Api.Token.AllocationV1:Allocation:Allocation_ExecuteTransfer': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.AllocationV1:Allocation_ExecuteTransferResult',
  },
  'Splice.Api.Token.AllocationV1:Allocation:Allocation_Withdraw': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.AllocationV1:Allocation_WithdrawResult',
  },
  'Splice.Api.Token.TransferInstructionV1:TransferFactory:TransferFactory_PublicFetch': {
    argument: {
      expectedAdmin: 'Party',
      actor: 'Party',
    },
    result: 'Splice.Api.Token.TransferInstructionV1:TransferFactoryView',
  },
  'Splice.Api.Token.TransferInstructionV1:TransferFactory:TransferFactory_Transfer': {
    argument: {
      expectedAdmin: 'Party',
      transfer: 'Splice.Api.Token.TransferInstructionV1:Transfer',
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult',
  },
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Accept': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult',
  },
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Reject': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult',
  },
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Update': {
    argument: {
      extraActors: '[Party]',
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult',
  },
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Withdraw': {
    argument: {
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
    result: 'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult',
  },
  'Splice.DsoBootstrap:DsoBootstrap:DsoBootstrap_Bootstrap': {
    argument: {},
    result: 'Splice.DsoBootstrap:DsoBootstrap_BootstrapResult',
  },
  'Splice.DsoRules:Confirmation:Confirmation_Expire': {
    argument: {},
    result: 'Splice.DsoRules:Confirmation_ExpireResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_AddConfirmedSv': {
    argument: {
      sv: 'Party',
      svOnboardingConfirmedCid: 'ContractId',
      earliestRoundCid: 'ContractId',
      middleRoundCid: 'ContractId',
      latestRoundCid: 'ContractId',
      amuletRulesCid: 'ContractId',
    },
    result: 'Splice.DsoRules:DsoRules_AddConfirmedSvResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_AddSv': {
    argument: {
      newSvParty: 'Party',
      newSvName: 'Text',
      newSvRewardWeight: 'Int',
      newSvParticipantId: 'Text',
      joinedAsOfRound: 'Splice.Types:Round',
    },
    result: 'Splice.DsoRules:DsoRules_AddSvResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_AdvanceOpenMiningRounds': {
    argument: {
      amuletRulesCid: 'ContractId',
      roundToArchiveCid: 'ContractId',
      middleRoundCid: 'ContractId',
      latestRoundCid: 'ContractId',
      amuletPriceVoteCids: '[ContractId]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_AdvanceOpenMiningRoundsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_AllocateUnallocatedUnclaimedActivityRecord': {
    argument: {
      unallocatedUnclaimedActivityRecordCid: 'ContractId',
      amuletRulesCid: 'ContractId',
      unclaimedRewardsToBurnCids: '[ContractId]',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_AllocateUnallocatedUnclaimedActivityRecordResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkers': {
    argument: {
      amuletRulesCid: 'ContractId',
      argument: 'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkers',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkersResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_Amulet_Expire': {
    argument: {
      cid: 'ContractId',
      choiceArg: 'Splice.Amulet:Amulet_Expire',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_Amulet_ExpireResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_Amulet_ExpireTransferInstructions': {
    argument: {
      amuletRulesCid: 'ContractId',
      transferInsts: 'Splice.AmuletRules:AmuletRules_Amulet_ExpireTransferInstructions',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_Amulet_ExpireTransferInstructionsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_Amulet_ExpireV2': {
    argument: {
      cid: 'ContractId',
      choiceArg: 'Splice.Amulet:Amulet_ExpireV2',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_Amulet_ExpireV2Result',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ArchiveDryRunRewardAccountingV2': {
    argument: {
      amuletRulesCid: 'ContractId',
      choiceArg: 'Splice.AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ArchiveDryRunRewardAccountingV2Result',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ArchiveOutdatedElectionRequest': {
    argument: {
      requestCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ArchiveOutdatedElectionRequestResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ArchiveSvOnboardingRequest': {
    argument: {
      svOnboardingRequestCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ArchiveSvOnboardingRequestResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_BootstrapExternalPartyConfigState': {
    argument: {
      amuletRulesCid: 'ContractId',
      instructionCid: 'ContractId',
      openMiningRoundTriple: 'Splice.AmuletRules:OpenMiningRoundTriple',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_BootstrapExternalPartyConfigStateResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CastVote': {
    argument: {
      requestCid: 'ContractId',
      vote: 'Splice.DsoRules:Vote',
    },
    result: 'Splice.DsoRules:DsoRules_CastVoteResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ClaimExpiredRewards': {
    argument: {
      amuletRulesCid: 'ContractId',
      choiceArg: 'Splice.AmuletRules:AmuletRules_ClaimExpiredRewards',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ClaimExpiredRewardsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ClaimExpiredRewardsV2': {
    argument: {
      amuletRulesCid: 'ContractId',
      choiceArg: 'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsV2',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ClaimExpiredRewardsV2Result',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CloseVoteRequest': {
    argument: {
      requestCid: 'ContractId',
      amuletRulesCid: 'Optional ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_CloseVoteRequestResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CollectEntryRenewalPayment': {
    argument: {
      ansEntryContextCid: 'ContractId',
      choiceArg: 'Splice.Ans:AnsEntryContext_CollectEntryRenewalPayment',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_CollectEntryRenewalPaymentResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ConfirmAction': {
    argument: {
      confirmer: 'Party',
      action: 'Splice.DsoRules:ActionRequiringConfirmation',
    },
    result: 'Splice.DsoRules:DsoRules_ConfirmActionResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ConfirmSvOnboarding': {
    argument: {
      newSvParty: 'Party',
      newSvName: 'Text',
      newParticipantId: 'Text',
      newSvRewardWeight: 'Int',
      reason: 'Text',
    },
    result: 'Splice.DsoRules:DsoRules_ConfirmSvOnboardingResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CreateBootstrapExternalPartyConfigStateInstruction': {
    argument: {},
    result: 'Splice.DsoRules:DsoRules_CreateBootstrapExternalPartyConfigStateInstructionResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CreateExternalPartyAmuletRules': {
    argument: {},
    result: 'Splice.DsoRules:DsoRules_CreateExternalPartyAmuletRulesResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CreateTransferCommandCounter': {
    argument: {
      sender: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_CreateTransferCommandCounterResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_CreateUnallocatedUnclaimedActivityRecord': {
    argument: {
      beneficiary: 'Party',
      amount: 'Decimal',
      reason: 'Text',
      expiresAt: 'Time',
    },
    result: 'Splice.DsoRules:DsoRules_CreateUnallocatedUnclaimedActivityRecordResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ElectDsoDelegate': {
    argument: {
      actor: 'Party',
      requestCids: '[ContractId]',
    },
    result: 'Splice.DsoRules:DsoRules_ElectDsoDelegateResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExecuteConfirmedAction': {
    argument: {
      action: 'Splice.DsoRules:ActionRequiringConfirmation',
      amuletRulesCid: 'Optional ContractId',
      confirmationCids: '[ContractId]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExecuteConfirmedActionResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireAmuletAllocations': {
    argument: {
      extAmuletRulesCid: 'ContractId',
      expireAllocations: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocations',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireAmuletAllocationsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireAmuletAllocationsV2': {
    argument: {
      extAmuletRulesCid: 'ContractId',
      choiceArg: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireAmuletAllocationsV2Result',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireAnsEntry': {
    argument: {
      ansEntryCid: 'ContractId',
      choiceArg: 'Splice.Ans:AnsEntry_Expire',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireAnsEntryResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireDevelopmentFundCoupon': {
    argument: {
      developmentFundCouponCid: 'ContractId',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireDevelopmentFundCouponResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireStaleConfirmation': {
    argument: {
      staleConfirmationCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireStaleConfirmationResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireSubscription': {
    argument: {
      ansEntryContextCid: 'ContractId',
      subscriptionIdleStateCid: 'ContractId',
      choiceArg: 'Splice.Wallet.Subscriptions:SubscriptionIdleState_ExpireSubscription',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireSubscriptionResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireSvOnboardingConfirmed': {
    argument: {
      cid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireSvOnboardingConfirmedResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireSvOnboardingRequest': {
    argument: {
      cid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireSvOnboardingRequestResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireTransferPreapproval': {
    argument: {
      transferPreapprovalCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireTransferPreapprovalResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireUnallocatedUnclaimedActivityRecord': {
    argument: {
      unallocatedUnclaimedActivityRecordCid: 'ContractId',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireUnallocatedUnclaimedActivityRecordResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ExpireUnclaimedActivityRecord': {
    argument: {
      unclaimedActivityRecordCid: 'ContractId',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ExpireUnclaimedActivityRecordResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_GarbageCollectAmuletPriceVotes': {
    argument: {
      nonSvVoteCids: '[ContractId]',
      duplicateVoteCids: '[[ContractId]]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_GarbageCollectAmuletPriceVotesResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_GrantFeaturedAppRight': {
    argument: {
      provider: 'Party',
      activityWeight: 'Optional Decimal',
    },
    result: 'Splice.DsoRules:DsoRules_GrantFeaturedAppRightResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_LockedAmulet_ExpireAmulet': {
    argument: {
      cid: 'ContractId',
      choiceArg: 'Splice.Amulet:LockedAmulet_ExpireAmulet',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_LockedAmulet_ExpireAmuletResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_LockedAmulet_ExpireAmuletV2': {
    argument: {
      cid: 'ContractId',
      choiceArg: 'Splice.Amulet:LockedAmulet_ExpireAmuletV2',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_LockedAmulet_ExpireAmuletV2Result',
  },
  'Splice.DsoRules:DsoRules:DsoRules_MergeMemberTrafficContracts': {
    argument: {
      amuletRulesCid: 'ContractId',
      trafficCids: '[ContractId]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_MergeMemberTrafficContractsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_MergeSvRewardState': {
    argument: {
      svName: 'Text',
      rewardStateCids: '[ContractId]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_MergeSvRewardStateResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_MergeUnclaimedDevelopmentFundCoupons': {
    argument: {
      amuletRulesCid: 'ContractId',
      choiceArg: 'Splice.AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCoupons',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_MergeUnclaimedDevelopmentFundCouponsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_MergeUnclaimedRewards': {
    argument: {
      amuletRulesCid: 'ContractId',
      unclaimedRewardCids: '[ContractId]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_MergeUnclaimedRewardsResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_MergeValidatorLicense': {
    argument: {
      validatorLicenseCids: '[ContractId]',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_MergeValidatorLicenseResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_MiningRound_Close': {
    argument: {
      amuletRulesCid: 'ContractId',
      issuingRoundCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_MiningRound_CloseResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_OffboardSv': {
    argument: {
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_OffboardSvResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_OnboardValidator': {
    argument: {
      sponsor: 'Party',
      validator: 'Party',
      version: 'Optional Text',
      contactPoint: 'Optional Text',
    },
    result: 'Splice.DsoRules:DsoRules_OnboardValidatorResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ProcessRewardsV2_ProcessBatch': {
    argument: {
      processRewardsCid: 'ContractId',
      choiceArg: 'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2_ProcessBatch',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_ProcessRewardsV2_ProcessBatchResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_PruneAmuletConfigSchedule': {
    argument: {
      amuletRulesCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_PruneAmuletConfigScheduleResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_ReceiveSvRewardCoupon': {
    argument: {
      sv: 'Party',
      openRoundCid: 'ContractId',
      rewardStateCid: 'ContractId',
      beneficiaries: '[(Party, Int)]',
    },
    result: 'Splice.DsoRules:DsoRules_ReceiveSvRewardCouponResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_RequestElection': {
    argument: {
      requester: 'Party',
      reason: 'Splice.DsoRules:ElectionRequestReason',
      ranking: '[Party]',
    },
    result: 'Splice.DsoRules:DsoRules_RequestElectionResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_RequestVote': {
    argument: {
      requester: 'Party',
      action: 'Splice.DsoRules:ActionRequiringConfirmation',
      reason: 'Splice.DsoRules:Reason',
      voteRequestTimeout: 'Optional RelTime',
      targetEffectiveAt: 'Optional Time',
    },
    result: 'Splice.DsoRules:DsoRules_RequestVoteResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_RevokeFeaturedAppRight': {
    argument: {
      rightCid: 'ContractId',
    },
    result: 'Splice.DsoRules:DsoRules_RevokeFeaturedAppRightResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_SetConfig': {
    argument: {
      newConfig: 'Splice.DsoRules:DsoRulesConfig',
      baseConfig: 'Optional Splice.DsoRules:DsoRulesConfig',
    },
    result: 'Splice.DsoRules:DsoRules_SetConfigResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_SetSynchronizerNodeConfig': {
    argument: {
      sv: 'Party',
      synchronizerId: 'Text',
      newNodeConfig: 'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfig',
      nodeStateCid: 'ContractId',
    },
    result: 'Splice.DsoRules:DsoRules_SetSynchronizerNodeConfigResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_StartSvOnboarding': {
    argument: {
      candidateName: 'Text',
      candidateParty: 'Party',
      candidateParticipantId: 'Text',
      token: 'Text',
      sponsor: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_StartSvOnboardingResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_SubmitStatusReport': {
    argument: {
      sv: 'Party',
      previousReportCid: 'ContractId',
      status: 'Splice.DSO.SvState:SvStatus',
    },
    result: 'Splice.DsoRules:DsoRules_SubmitStatusReportResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_TerminateSubscription': {
    argument: {
      ansEntryContextCid: 'ContractId',
      terminatedSubscriptionCid: 'ContractId',
      sv: 'Optional Party',
    },
    result: 'Splice.DsoRules:DsoRules_TerminateSubscriptionResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_UnhideRewardCouponsV2': {
    argument: {
      amuletRulesCid: 'ContractId',
      choiceArg: 'Splice.AmuletRules:AmuletRules_UnhideRewardCouponsV2',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_UnhideRewardCouponsV2Result',
  },
  'Splice.DsoRules:DsoRules:DsoRules_UpdateAmuletPriceVote': {
    argument: {
      sv: 'Party',
      voteCid: 'ContractId',
      amuletPrice: 'Decimal',
    },
    result: 'Splice.DsoRules:DsoRules_UpdateAmuletPriceVoteResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_UpdateExternalPartyConfigStates': {
    argument: {
      amuletRulesCid: 'ContractId',
      externalPartyConfigStateCid0: 'ContractId',
      externalPartyConfigStateCid1: 'ContractId',
      openMiningRoundTriple: 'Splice.AmuletRules:OpenMiningRoundTriple',
      sv: 'Party',
    },
    result: 'Splice.DsoRules:DsoRules_UpdateExternalPartyConfigStatesResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_UpdateFeaturedAppRight': {
    argument: {
      rightCid: 'ContractId',
      update: 'Splice.Amulet:FeaturedAppRight_Update',
    },
    result: 'Splice.DsoRules:DsoRules_UpdateFeaturedAppRightResult',
  },
  'Splice.DsoRules:DsoRules:DsoRules_UpdateSvRewardWeight': {
    argument: {
      svParty: 'Party',
      newRewardWeight: 'Int',
    },
    result: 'Splice.DsoRules:DsoRules_UpdateSvRewardWeightResult',
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules:ExternalPartyAmuletRules_CreateTransferCommand': {
    argument: {
      sender: 'Party',
      receiver: 'Party',
      delegate: 'Party',
      amount: 'Decimal',
      expiresAt: 'Time',
      nonce: 'Int',
      description: 'Optional Text',
      expectedDso: 'Optional Party',
    },
    result: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_CreateTransferCommandResult',
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocations':
    {
      argument: {
        expectedDso: 'Party',
        inputs: '[Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationInput]',
        observers: '[Party]',
      },
      result: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsResult',
    },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2':
    {
      argument: {
        cancellations: '[(ContractId, Splice.Api.Token.AllocationV2:Allocation_Cancel)]',
        observers: '[Party]',
      },
      result: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2Result',
    },
  'Splice.ExternalPartyAmuletRules:TransferCommand:TransferCommand_Expire': {
    argument: {
      p: 'Party',
    },
    result: 'Splice.ExternalPartyAmuletRules:TransferCommand_ExpireResult',
  },
  'Splice.ExternalPartyAmuletRules:TransferCommand:TransferCommand_Send': {
    argument: {
      context: 'Splice.AmuletRules:PaymentTransferContext',
      inputs: '[Splice.AmuletRules:TransferInput]',
      transferPreapprovalCidO: 'Optional ContractId',
      transferCounterCid: 'ContractId',
    },
    result: 'Splice.ExternalPartyAmuletRules:TransferCommand_SendResult',
  },
  'Splice.ExternalPartyAmuletRules:TransferCommand:TransferCommand_Withdraw': {
    argument: {},
    result: 'Splice.ExternalPartyAmuletRules:TransferCommand_WithdrawResult',
  },
  'Splice.Round:OpenMiningRound:OpenMiningRound_Fetch': {
    argument: {
      p: 'Party',
    },
    result: 'Splice.Round:OpenMiningRound',
  },
  'Splice.SvOnboarding:SvOnboardingConfirmed:SvOnboardingConfirmed_Expire': {
    argument: {},
    result: 'Splice.SvOnboarding:SvOnboardingConfirmed_ExpireResult',
  },
  'Splice.SvOnboarding:SvOnboardingRequest:SvOnboardingRequest_Expire': {
    argument: {},
    result: 'Splice.SvOnboarding:SvOnboardingRequest_ExpireResult',
  },
  'Splice.ValidatorLicense:ValidatorFaucetCoupon:ValidatorFaucetCoupon_DsoExpire': {
    argument: {
      closedRoundCid: 'ContractId',
    },
    result: 'Splice.ValidatorLicense:ValidatorFaucetCoupon_DsoExpireResult',
  },
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_Cancel': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.ValidatorLicense:ValidatorLicense_CancelResult',
  },
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_ReceiveFaucetCoupon': {
    argument: {
      openRoundCid: 'ContractId',
    },
    result: 'Splice.ValidatorLicense:ValidatorLicense_ReceiveFaucetCouponResult',
  },
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_RecordValidatorLivenessActivity': {
    argument: {
      openRoundCid: 'ContractId',
    },
    result: 'Splice.ValidatorLicense:ValidatorLicense_RecordValidatorLivenessActivityResult',
  },
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_ReportActive': {
    argument: {},
    result: 'Splice.ValidatorLicense:ValidatorLicense_ReportActiveResult',
  },
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_UpdateMetadata': {
    argument: {
      version: 'Text',
      contactPoint: 'Text',
    },
    result: 'Splice.ValidatorLicense:ValidatorLicense_UpdateMetadataResult',
  },
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_Withdraw': {
    argument: {
      reason: 'Text',
    },
    result: 'Splice.ValidatorLicense:ValidatorLicense_WithdrawResult',
  },
  'Splice.ValidatorLicense:ValidatorLivenessActivityRecord:ValidatorLivenessActivityRecord_DsoExpire': {
    argument: {
      closedRoundCid: 'ContractId',
    },
    result: 'Splice.ValidatorLicense:ValidatorLivenessActivityRecord_DsoExpireResult',
  },
  'Splice.Wallet.Subscriptions:Subscription:Subscription_Archive': {
    argument: {},
    result: 'Splice.Wallet.Subscriptions:Subscription_ArchiveResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState:SubscriptionIdleState_CancelSubscription': {
    argument: {},
    result: 'Splice.Wallet.Subscriptions:SubscriptionIdleState_CancelSubscriptionResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState:SubscriptionIdleState_ExpireSubscription': {
    argument: {
      actor: 'Party',
    },
    result: 'Splice.Wallet.Subscriptions:SubscriptionIdleState_ExpireSubscriptionResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState:SubscriptionIdleState_MakePayment': {
    argument: {
      inputs: '[Splice.AmuletRules:TransferInput]',
      context: 'Splice.AmuletRules:PaymentTransferContext',
      walletProvider: 'Party',
    },
    result: 'Splice.Wallet.Subscriptions:SubscriptionIdleState_MakePaymentResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionInitialPayment:SubscriptionInitialPayment_Collect': {
    argument: {
      transferContext: 'Splice.AmuletRules:AppTransferContext',
    },
    result: 'Splice.Wallet.Subscriptions:SubscriptionInitialPayment_CollectResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionPayment:SubscriptionPayment_Collect': {
    argument: {
      transferContext: 'Splice.AmuletRules:AppTransferContext',
    },
    result: 'Splice.Wallet.Subscriptions:SubscriptionPayment_CollectResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionRequest:SubscriptionRequest_AcceptAndMakePayment': {
    argument: {
      inputs: '[Splice.AmuletRules:TransferInput]',
      context: 'Splice.AmuletRules:PaymentTransferContext',
      walletProvider: 'Party',
    },
    result: 'Splice.Wallet.Subscriptions:SubscriptionRequest_AcceptAndMakePaymentResult',
  },
  'Splice.Wallet.Subscriptions:SubscriptionRequest:SubscriptionRequest_Reject': {
    argument: {},
    result: 'Splice.Wallet.Subscriptions:SubscriptionRequest_RejectResult',
  },
};

/** The payload fields of each template, `Module:Template`. */
export const SPLICE_TEMPLATES: Readonly<Record<string, SpliceFields>> = {
  'Splice.Amulet.RewardAccountingV2:CalculateRewardsV2': {
    dso: 'Party',
    round: 'Splice.Types:Round',
    roundClosedAt: 'Time',
    rewardCouponTimeToLive: 'RelTime',
    dryRun: 'Bool',
  },
  'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2': {
    dso: 'Party',
    round: 'Splice.Types:Round',
    roundClosedAt: 'Time',
    dryRun: 'Bool',
    rewardCouponTimeToLive: 'RelTime',
    batchHash: 'Splice.Amulet.CryptoHash:Hash',
  },
  'Splice.Amulet:Amulet': {
    dso: 'Party',
    owner: 'Party',
    amount: 'Splice.Fees:ExpiringAmount',
  },
  'Splice.Amulet:AppRewardCoupon': {
    dso: 'Party',
    provider: 'Party',
    featured: 'Bool',
    amount: 'Decimal',
    round: 'Splice.Types:Round',
    beneficiary: 'Optional Party',
  },
  'Splice.Amulet:DevelopmentFundCoupon': {
    dso: 'Party',
    beneficiary: 'Party',
    fundManager: 'Party',
    amount: 'Decimal',
    expiresAt: 'Time',
    reason: 'Text',
  },
  'Splice.Amulet:FeaturedAppActivityMarker': {
    dso: 'Party',
    provider: 'Party',
    beneficiary: 'Party',
    weight: 'Decimal',
  },
  'Splice.Amulet:FeaturedAppRight': {
    dso: 'Party',
    provider: 'Party',
    activityWeight: 'Optional Decimal',
  },
  'Splice.Amulet:LockedAmulet': {
    amulet: 'Splice.Amulet:Amulet',
    lock: 'Splice.Expiry:TimeLock',
  },
  'Splice.Amulet:RewardCouponV2': {
    dso: 'Party',
    provider: 'Party',
    round: 'Splice.Types:Round',
    amount: 'Decimal',
    expiresAt: 'Time',
    providerIsObserver: 'Bool',
    beneficiary: 'Optional Party',
  },
  'Splice.Amulet:SvRewardCoupon': {
    dso: 'Party',
    sv: 'Party',
    beneficiary: 'Party',
    round: 'Splice.Types:Round',
    weight: 'Int',
  },
  'Splice.Amulet:UnclaimedActivityRecord': {
    dso: 'Party',
    beneficiary: 'Party',
    amount: 'Decimal',
    reason: 'Text',
    expiresAt: 'Time',
  },
  'Splice.Amulet:UnclaimedDevelopmentFundCoupon': {
    dso: 'Party',
    amount: 'Decimal',
  },
  'Splice.Amulet:UnclaimedReward': {
    dso: 'Party',
    amount: 'Decimal',
  },
  'Splice.Amulet:ValidatorRewardCoupon': {
    dso: 'Party',
    user: 'Party',
    amount: 'Decimal',
    round: 'Splice.Types:Round',
  },
  'Splice.Amulet:ValidatorRight': {
    dso: 'Party',
    user: 'Party',
    validator: 'Party',
  },
  'Splice.AmuletAllocation:AmuletAllocation': {
    lockedAmulet: 'ContractId',
    allocation: 'Splice.Api.Token.AllocationV1:AllocationSpecification',
    expiresAt: 'Optional Time',
  },
  'Splice.AmuletAllocationV2:AmuletAllocationV2': {
    lockedAmulet: 'Optional ContractId',
    settlement: 'Splice.Api.Token.AllocationV2:SettlementInfo',
    allocation: 'Splice.Api.Token.AllocationV2:AllocationSpecification',
    expiresAt: 'Time',
    numIterations: 'Int',
    createdAt: 'Time',
  },
  'Splice.AmuletEventLog:AmuletEventLog': {
    dso: 'Party',
  },
  'Splice.AmuletRules:AmuletRules': {
    dso: 'Party',
    configSchedule:
      'Splice.Schedule:Schedule Time (Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD)',
    isDevNet: 'Bool',
    contractStateSchemaVersion: 'Optional Int',
  },
  'Splice.AmuletRules:ExternalPartySetupProposal': {
    validator: 'Party',
    user: 'Party',
    dso: 'Party',
    createdAt: 'Time',
    preapprovalExpiresAt: 'Time',
  },
  'Splice.AmuletRules:TransferPreapproval': {
    dso: 'Party',
    receiver: 'Party',
    provider: 'Party',
    validFrom: 'Time',
    lastRenewedAt: 'Time',
    expiresAt: 'Time',
  },
  'Splice.AmuletTransferInstruction:AmuletTransferInstruction': {
    lockedAmulet: 'ContractId',
    transfer: 'Splice.Api.Token.TransferInstructionV1:Transfer',
  },
  'Splice.Ans.AmuletConversionRateFeed:AmuletConversionRateFeed': {
    publisher: 'Party',
    dso: 'Party',
    nextUpdateAfter: 'Optional Time',
    amuletConversionRate: 'Decimal',
  },
  'Splice.Ans:AnsEntry': {
    user: 'Party',
    dso: 'Party',
    name: 'Text',
    url: 'Text',
    description: 'Text',
    expiresAt: 'Time',
  },
  'Splice.Ans:AnsEntryContext': {
    dso: 'Party',
    user: 'Party',
    name: 'Text',
    url: 'Text',
    description: 'Text',
    reference: 'ContractId',
  },
  'Splice.Ans:AnsRules': {
    dso: 'Party',
    config: 'Splice.Ans:AnsRulesConfig',
  },
  'Splice.DSO.AmuletPrice:AmuletPriceVote': {
    dso: 'Party',
    sv: 'Party',
    amuletPrice: 'Optional Decimal',
    lastUpdatedAt: 'Time',
  },
  'Splice.DSO.SvState:SvNodeState': {
    dso: 'Party',
    sv: 'Party',
    svName: 'Text',
    state: 'Splice.DSO.SvState:NodeState',
  },
  'Splice.DSO.SvState:SvRewardState': {
    dso: 'Party',
    svName: 'Text',
    state: 'Splice.DSO.SvState:RewardState',
  },
  'Splice.DSO.SvState:SvStatusReport': {
    dso: 'Party',
    sv: 'Party',
    svName: 'Text',
    number: 'Int',
    status: 'Optional Splice.DSO.SvState:SvStatus',
  },
  'Splice.DecentralizedSynchronizer:MemberTraffic': {
    dso: 'Party',
    memberId: 'Text',
    synchronizerId: 'Text',
    migrationId: 'Int',
    totalPurchased: 'Int',
    numPurchases: 'Int',
    amuletSpent: 'Decimal',
    usdSpent: 'Decimal',
  },
  'Splice.DsoBootstrap:DsoBootstrap': {
    dso: 'Party',
    sv1Party: 'Party',
    sv1Name: 'Text',
    sv1RewardWeight: 'Int',
    sv1ParticipantId: 'Text',
    sv1SynchronizerNodes: 'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfigMap',
    round0Duration: 'RelTime',
    amuletConfig: 'Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD',
    amuletPrice: 'Decimal',
    ansRulesConfig: 'Splice.Ans:AnsRulesConfig',
    config: 'Splice.DsoRules:DsoRulesConfig',
    initialTrafficState: 'Map Text Splice.DsoRules:TrafficState',
    isDevNet: 'Bool',
    initialRound: 'Optional Int',
  },
  'Splice.DsoRules:BootstrapExternalPartyConfigStateInstruction': {
    dso: 'Party',
  },
  'Splice.DsoRules:Confirmation': {
    dso: 'Party',
    confirmer: 'Party',
    action: 'Splice.DsoRules:ActionRequiringConfirmation',
    expiresAt: 'Time',
  },
  'Splice.DsoRules:DsoRules': {
    dso: 'Party',
    epoch: 'Int',
    svs: 'Map Party Splice.DsoRules:SvInfo',
    offboardedSvs: 'Map Party Splice.DsoRules:OffboardedSvInfo',
    dsoDelegate: 'Party',
    config: 'Splice.DsoRules:DsoRulesConfig',
    initialTrafficState: 'Map Text Splice.DsoRules:TrafficState',
    isDevNet: 'Bool',
  },
  'Splice.DsoRules:ElectionRequest': {
    dso: 'Party',
    requester: 'Party',
    epoch: 'Int',
    reason: 'Splice.DsoRules:ElectionRequestReason',
    ranking: '[Party]',
  },
  'Splice.DsoRules:UnallocatedUnclaimedActivityRecord': {
    dso: 'Party',
    beneficiary: 'Party',
    amount: 'Decimal',
    reason: 'Text',
    expiresAt: 'Time',
  },
  'Splice.DsoRules:VoteRequest': {
    dso: 'Party',
    requester: 'Text',
    action: 'Splice.DsoRules:ActionRequiringConfirmation',
    reason: 'Splice.DsoRules:Reason',
    voteBefore: 'Time',
    votes: 'Map Text Splice.DsoRules:Vote',
    trackingCid: 'Optional ContractId',
    targetEffectiveAt: 'Optional Time',
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules': {
    dso: 'Party',
  },
  'Splice.ExternalPartyAmuletRules:TransferCommand': {
    dso: 'Party',
    sender: 'Party',
    receiver: 'Party',
    delegate: 'Party',
    amount: 'Decimal',
    expiresAt: 'Time',
    nonce: 'Int',
    description: 'Optional Text',
  },
  'Splice.ExternalPartyAmuletRules:TransferCommandCounter': {
    dso: 'Party',
    sender: 'Party',
    nextNonce: 'Int',
  },
  'Splice.ExternalPartyConfigState:ExternalPartyConfigState': {
    dso: 'Party',
    holdingFeesOpenRoundNumber: 'Splice.Types:Round',
    amuletPrice: 'Decimal',
    transferConfig: 'Splice.AmuletConfig:TransferConfigV2 Splice.AmuletConfig:USD',
    targetArchiveAfter: 'Time',
    rewardCalculationVersion: 'Optional Splice.AmuletConfig:RewardVersion',
  },
  'Splice.Round:ClosedMiningRound': {
    dso: 'Party',
    round: 'Splice.Types:Round',
    issuancePerValidatorRewardCoupon: 'Decimal',
    issuancePerFeaturedAppRewardCoupon: 'Decimal',
    issuancePerUnfeaturedAppRewardCoupon: 'Decimal',
    issuancePerSvRewardCoupon: 'Decimal',
    optIssuancePerValidatorFaucetCoupon: 'Optional Decimal',
  },
  'Splice.Round:IssuingMiningRound': {
    dso: 'Party',
    round: 'Splice.Types:Round',
    issuancePerValidatorRewardCoupon: 'Decimal',
    issuancePerFeaturedAppRewardCoupon: 'Decimal',
    issuancePerUnfeaturedAppRewardCoupon: 'Decimal',
    issuancePerSvRewardCoupon: 'Decimal',
    opensAt: 'Time',
    targetClosesAt: 'Time',
    optIssuancePerValidatorFaucetCoupon: 'Optional Decimal',
  },
  'Splice.Round:OpenMiningRound': {
    dso: 'Party',
    round: 'Splice.Types:Round',
    amuletPrice: 'Decimal',
    opensAt: 'Time',
    targetClosesAt: 'Time',
    issuingFor: 'RelTime',
    transferConfigUsd: 'Splice.AmuletConfig:TransferConfig Splice.AmuletConfig:USD',
    issuanceConfig: 'Splice.Issuance:IssuanceConfig',
    tickDuration: 'RelTime',
    trafficPrice: 'Optional Decimal',
    rewardConfig: 'Optional Splice.AmuletConfig:RewardConfig',
  },
  'Splice.Round:SummarizingMiningRound': {
    dso: 'Party',
    round: 'Splice.Types:Round',
    amuletPrice: 'Decimal',
    issuanceConfig: 'Splice.Issuance:IssuanceConfig',
    tickDuration: 'RelTime',
    trafficPrice: 'Optional Decimal',
    rewardConfig: 'Optional Splice.AmuletConfig:RewardConfig',
  },
  'Splice.SvOnboarding:SvOnboardingConfirmed': {
    svParty: 'Party',
    svName: 'Text',
    svRewardWeight: 'Int',
    svParticipantId: 'Text',
    reason: 'Text',
    dso: 'Party',
    expiresAt: 'Time',
  },
  'Splice.SvOnboarding:SvOnboardingRequest': {
    candidateName: 'Text',
    candidateParty: 'Party',
    candidateParticipantId: 'Text',
    token: 'Text',
    sponsor: 'Party',
    dso: 'Party',
    expiresAt: 'Time',
  },
  'Splice.ValidatorLicense:ValidatorFaucetCoupon': {
    dso: 'Party',
    validator: 'Party',
    round: 'Splice.Types:Round',
  },
  'Splice.ValidatorLicense:ValidatorLicense': {
    validator: 'Party',
    sponsor: 'Party',
    dso: 'Party',
    faucetState: 'Optional Splice.ValidatorLicense:FaucetState',
    metadata: 'Optional Splice.ValidatorLicense:ValidatorLicenseMetadata',
    lastActiveAt: 'Optional Time',
  },
  'Splice.ValidatorLicense:ValidatorLivenessActivityRecord': {
    dso: 'Party',
    validator: 'Party',
    round: 'Splice.Types:Round',
  },
  'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest': {
    dso: 'Party',
    endUserParty: 'Party',
    expiresAt: 'Time',
    trackingId: 'Text',
    trafficAmount: 'Int',
    memberId: 'Text',
    synchronizerId: 'Text',
    migrationId: 'Int',
  },
  'Splice.Wallet.Install:WalletAppInstall': {
    dsoParty: 'Party',
    validatorParty: 'Party',
    endUserName: 'Text',
    endUserParty: 'Party',
  },
  'Splice.Wallet.MintingDelegation:MintingDelegation': {
    beneficiary: 'Party',
    delegate: 'Party',
    dso: 'Party',
    expiresAt: 'Time',
    amuletMergeLimit: 'Int',
  },
  'Splice.Wallet.MintingDelegation:MintingDelegationProposal': {
    delegation: 'Splice.Wallet.MintingDelegation:MintingDelegation',
  },
  'Splice.Wallet.Payment:AcceptedAppPayment': {
    sender: 'Party',
    amuletReceiverAmounts: '[Splice.Wallet.Payment:ReceiverAmuletAmount]',
    provider: 'Party',
    dso: 'Party',
    lockedAmulet: 'ContractId',
    round: 'Splice.Types:Round',
    reference: 'ContractId',
  },
  'Splice.Wallet.Payment:AppPaymentRequest': {
    sender: 'Party',
    receiverAmounts: '[Splice.Wallet.Payment:ReceiverAmount]',
    provider: 'Party',
    dso: 'Party',
    expiresAt: 'Time',
    description: 'Text',
  },
  'Splice.Wallet.Payment:TerminatedAppPayment': {
    sender: 'Party',
    provider: 'Party',
    receivers: '[Party]',
    reference: 'ContractId',
  },
  'Splice.Wallet.Subscriptions:Subscription': {
    subscriptionData: 'Splice.Wallet.Subscriptions:SubscriptionData',
    reference: 'ContractId',
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState': {
    subscription: 'ContractId',
    subscriptionData: 'Splice.Wallet.Subscriptions:SubscriptionData',
    payData: 'Splice.Wallet.Subscriptions:SubscriptionPayData',
    nextPaymentDueAt: 'Time',
    reference: 'ContractId',
  },
  'Splice.Wallet.Subscriptions:SubscriptionInitialPayment': {
    subscriptionData: 'Splice.Wallet.Subscriptions:SubscriptionData',
    payData: 'Splice.Wallet.Subscriptions:SubscriptionPayData',
    targetAmount: 'Decimal',
    lockedAmulet: 'ContractId',
    round: 'Splice.Types:Round',
    reference: 'ContractId',
  },
  'Splice.Wallet.Subscriptions:SubscriptionPayment': {
    subscription: 'ContractId',
    subscriptionData: 'Splice.Wallet.Subscriptions:SubscriptionData',
    payData: 'Splice.Wallet.Subscriptions:SubscriptionPayData',
    thisPaymentDueAt: 'Time',
    targetAmount: 'Decimal',
    lockedAmulet: 'ContractId',
    round: 'Splice.Types:Round',
    reference: 'ContractId',
  },
  'Splice.Wallet.Subscriptions:SubscriptionRequest': {
    subscriptionData: 'Splice.Wallet.Subscriptions:SubscriptionData',
    payData: 'Splice.Wallet.Subscriptions:SubscriptionPayData',
  },
  'Splice.Wallet.Subscriptions:TerminatedSubscription': {
    subscriptionData: 'Splice.Wallet.Subscriptions:SubscriptionData',
    reference: 'ContractId',
  },
  'Splice.Wallet.TopUpState:ValidatorTopUpState': {
    dso: 'Party',
    validator: 'Party',
    memberId: 'Text',
    synchronizerId: 'Text',
    migrationId: 'Int',
    lastPurchasedAt: 'Time',
  },
  'Splice.Wallet.TransferOffer:AcceptedTransferOffer': {
    sender: 'Party',
    receiver: 'Party',
    dso: 'Party',
    amount: 'Splice.Wallet.Payment:PaymentAmount',
    expiresAt: 'Time',
    trackingId: 'Text',
  },
  'Splice.Wallet.TransferOffer:TransferOffer': {
    sender: 'Party',
    receiver: 'Party',
    dso: 'Party',
    amount: 'Splice.Wallet.Payment:PaymentAmount',
    description: 'Text',
    expiresAt: 'Time',
    trackingId: 'Text',
  },
  'Splice.Wallet.TransferPreapproval:TransferPreapprovalProposal': {
    receiver: 'Party',
    provider: 'Party',
    expectedDso: 'Optional Party',
  },
};

/** The records, variants, enums and type synonyms the choices and templates above nest, `Module:Name`. */
export const SPLICE_TYPES: Readonly<Record<string, SpliceTypeFacts>> = {
  'Splice.Amulet.CryptoHash:Hash': {
    kind: 'record',
    params: [],
    fields: {
      value: 'Text',
    },
  },
  'Splice.Amulet.RewardAccountingV2:Batch': {
    kind: 'variant',
    params: [],
    constructors: {
      BatchOfBatches: '[Splice.Amulet.CryptoHash:Hash]',
      BatchOfMintingAllowances: 'Splice.Amulet.RewardAccountingV2:MintingAllowances',
    },
  },
  'Splice.Amulet.RewardAccountingV2:MintingAllowance': {
    kind: 'record',
    params: [],
    fields: {
      provider: 'Party',
      amount: 'Decimal',
    },
  },
  'Splice.Amulet.RewardAccountingV2:MintingAllowances': {
    kind: 'synonym',
    params: [],
    type: '[Splice.Amulet.RewardAccountingV2:MintingAllowance]',
  },
  'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2_ProcessBatch': {
    kind: 'record',
    params: [],
    fields: {
      batch: 'Splice.Amulet.RewardAccountingV2:Batch',
      providersWithWrongVettingState: 'Set Party',
    },
  },
  'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2_ProcessBatchResult': {
    kind: 'record',
    params: [],
    fields: {},
  },
  'Splice.Amulet:AmuletCreateSummary': {
    kind: 'record',
    params: ['amuletContractId'],
    fields: {
      amulet: 'amuletContractId',
      amuletPrice: 'Decimal',
      round: 'Splice.Types:Round',
    },
  },
  'Splice.Amulet:AmuletExpireSummary': {
    kind: 'record',
    params: [],
    fields: {
      owner: 'Party',
      round: 'Splice.Types:Round',
      changeToInitialAmountAsOfRoundZero: 'Decimal',
      changeToHoldingFeesRate: 'Decimal',
    },
  },
  'Splice.Amulet:AmuletExpireV2Summary': {
    kind: 'record',
    params: [],
    fields: {
      owner: 'Party',
    },
  },
  'Splice.Amulet:Amulet_Expire': {
    kind: 'record',
    params: [],
    fields: {
      roundCid: 'ContractId',
    },
  },
  'Splice.Amulet:Amulet_ExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireSummary',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:Amulet_ExpireV2': {
    kind: 'record',
    params: [],
    fields: {
      externalPartyConfigState0Cid: 'ContractId',
      externalPartyConfigState1Cid: 'ContractId',
    },
  },
  'Splice.Amulet:Amulet_ExpireV2Result': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireV2Summary',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:AppRewardCoupon_DsoExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      featured: 'Bool',
      amount: 'Decimal',
    },
  },
  'Splice.Amulet:DevelopmentFundCoupon_DsoExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedDevelopmentFundCouponCid: 'ContractId',
    },
  },
  'Splice.Amulet:DevelopmentFundCoupon_RejectResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedDevelopmentFundCouponCid: 'ContractId',
    },
  },
  'Splice.Amulet:DevelopmentFundCoupon_WithdrawResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedDevelopmentFundCouponCid: 'ContractId',
    },
  },
  'Splice.Amulet:FeaturedAppRight_CancelResult': {
    kind: 'enum',
    constructors: ['FeaturedAppRight_CancelResult'],
  },
  'Splice.Amulet:FeaturedAppRight_Update': {
    kind: 'record',
    params: [],
    fields: {
      reason: 'Text',
      newActivityWeight: 'Decimal',
    },
  },
  'Splice.Amulet:FeaturedAppRight_UpdateResult': {
    kind: 'record',
    params: [],
    fields: {
      featuredAppRightCid: 'ContractId',
    },
  },
  'Splice.Amulet:FeaturedAppRight_WithdrawResult': {
    kind: 'enum',
    constructors: ['FeaturedAppRight_WithdrawResult'],
  },
  'Splice.Amulet:LockedAmulet_ExpireAmulet': {
    kind: 'record',
    params: [],
    fields: {
      roundCid: 'ContractId',
    },
  },
  'Splice.Amulet:LockedAmulet_ExpireAmuletResult': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireSummary',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:LockedAmulet_ExpireAmuletV2': {
    kind: 'record',
    params: [],
    fields: {
      externalPartyConfigState0Cid: 'ContractId',
      externalPartyConfigState1Cid: 'ContractId',
    },
  },
  'Splice.Amulet:LockedAmulet_ExpireAmuletV2Result': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireV2Summary',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:LockedAmulet_OwnerExpireLockResult': {
    kind: 'record',
    params: [],
    fields: {
      amuletSum: 'Splice.Amulet:AmuletCreateSummary ContractId',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:LockedAmulet_OwnerExpireLockV2Result': {
    kind: 'record',
    params: [],
    fields: {
      amuletCid: 'ContractId',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:LockedAmulet_UnlockResult': {
    kind: 'record',
    params: [],
    fields: {
      amuletSum: 'Splice.Amulet:AmuletCreateSummary ContractId',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:LockedAmulet_UnlockV2Result': {
    kind: 'record',
    params: [],
    fields: {
      amuletCid: 'ContractId',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Amulet:SvRewardCoupon_ArchiveAsBeneficiaryResult': {
    kind: 'enum',
    constructors: ['SvRewardCoupon_ArchiveAsBeneficiaryResult'],
  },
  'Splice.Amulet:SvRewardCoupon_DsoExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      weight: 'Int',
    },
  },
  'Splice.Amulet:UnclaimedActivityRecord_DsoExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedRewardCid: 'ContractId',
    },
  },
  'Splice.Amulet:ValidatorRewardCoupon_ArchiveAsValidatorResult': { kind: 'record', params: [], fields: {} },
  'Splice.Amulet:ValidatorRewardCoupon_DsoExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      amount: 'Decimal',
    },
  },
  'Splice.Amulet:ValidatorRight_ArchiveAsUserResult': {
    kind: 'enum',
    constructors: ['ValidatorRight_ArchiveAsUserResult'],
  },
  'Splice.Amulet:ValidatorRight_ArchiveAsValidatorResult': {
    kind: 'enum',
    constructors: ['ValidatorRight_ArchiveAsValidatorResult'],
  },
  'Splice.AmuletAllocation:AmuletAllocation_DsoExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      senderHoldingCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletConfig:AmuletConfig': {
    kind: 'record',
    params: ['unit'],
    fields: {
      transferConfig: 'Splice.AmuletConfig:TransferConfig unit',
      issuanceCurve: 'Splice.Schedule:Schedule RelTime Splice.Issuance:IssuanceConfig',
      decentralizedSynchronizer: 'Splice.DecentralizedSynchronizer:AmuletDecentralizedSynchronizerConfig',
      tickDuration: 'RelTime',
      packageConfig: 'Splice.AmuletConfig:PackageConfig',
      transferPreapprovalFee: 'Optional Decimal',
      featuredAppActivityMarkerAmount: 'Optional Decimal',
      optDevelopmentFundManager: 'Optional Party',
      externalPartyConfigStateTickDuration: 'Optional RelTime',
      rewardConfig: 'Optional Splice.AmuletConfig:RewardConfig',
      transferPreapprovalBaseDuration: 'Optional RelTime',
    },
  },
  'Splice.AmuletConfig:PackageConfig': {
    kind: 'record',
    params: [],
    fields: {
      amulet: 'Text',
      amuletNameService: 'Text',
      dsoGovernance: 'Text',
      validatorLifecycle: 'Text',
      wallet: 'Text',
      walletPayments: 'Text',
    },
  },
  'Splice.AmuletConfig:RewardConfig': {
    kind: 'record',
    params: [],
    fields: {
      mintingVersion: 'Splice.AmuletConfig:RewardVersion',
      dryRunVersion: 'Optional Splice.AmuletConfig:RewardVersion',
      batchSize: 'Int',
      rewardCouponTimeToLive: 'RelTime',
      appRewardCouponThreshold: 'Decimal',
    },
  },
  'Splice.AmuletConfig:RewardVersion': {
    kind: 'enum',
    constructors: ['RewardVersion_FeaturedAppMarkers', 'RewardVersion_TrafficBasedAppRewards'],
  },
  'Splice.AmuletConfig:TransferConfig': {
    kind: 'record',
    params: ['unit'],
    fields: {
      createFee: 'Splice.Fees:FixedFee',
      holdingFee: 'Splice.Fees:RatePerRound',
      transferFee: 'Splice.Fees:SteppedRate',
      lockHolderFee: 'Splice.Fees:FixedFee',
      extraFeaturedAppRewardAmount: 'Decimal',
      maxNumInputs: 'Int',
      maxNumOutputs: 'Int',
      maxNumLockHolders: 'Int',
      tokenStandardMaxTTL: 'Optional RelTime',
    },
  },
  'Splice.AmuletConfig:TransferConfigV2': {
    kind: 'record',
    params: ['unit'],
    fields: {
      holdingFee: 'Splice.Fees:RatePerRound',
      maxNumInputs: 'Int',
      maxNumOutputs: 'Int',
      maxNumLockHolders: 'Int',
      tokenStandardMaxTTL: 'Optional RelTime',
    },
  },
  'Splice.AmuletConfig:USD': { kind: 'enum', constructors: ['USD'] },
  'Splice.AmuletRules:AmuletRules_AddFutureAmuletConfigSchedule': {
    kind: 'record',
    params: [],
    fields: {
      newScheduleItem: '(Time, Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD)',
    },
  },
  'Splice.AmuletRules:AmuletRules_AddFutureAmuletConfigScheduleResult': {
    kind: 'record',
    params: [],
    fields: {
      newAmuletRules: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_AdvanceOpenMiningRoundsResult': {
    kind: 'record',
    params: [],
    fields: {
      summarizingRoundCid: 'ContractId',
      openRoundCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_AllocateDevelopmentFundCouponResult': {
    kind: 'record',
    params: [],
    fields: {
      developmentFundCouponCid: 'ContractId',
      optUnclaimedDevelopmentFundCouponCid: 'Optional ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_Amulet_ExpireTransferInstructions': {
    kind: 'record',
    params: [],
    fields: {
      expectedDso: 'Party',
      inputs: '[Splice.AmuletRules:AmuletRules_ExpireTransferInstructionInput]',
      observers: '[Party]',
    },
  },
  'Splice.AmuletRules:AmuletRules_Amulet_ExpireTransferInstructionsResult': {
    kind: 'record',
    params: [],
    fields: {
      results: '[Splice.Api.Token.TransferInstructionV1:TransferInstructionResult]',
    },
  },
  'Splice.AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2': {
    kind: 'record',
    params: [],
    fields: {
      calculateRewardsCids: '[ContractId]',
      processRewardsCids: '[ContractId]',
    },
  },
  'Splice.AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2Result': {
    kind: 'record',
    params: [],
    fields: {},
  },
  'Splice.AmuletRules:AmuletRules_BootstrapExternalPartyConfigStateResult': {
    kind: 'enum',
    constructors: ['AmuletRules_BootstrapExternalPartyConfigStateResult'],
  },
  'Splice.AmuletRules:AmuletRules_Bootstrap_RoundsResult': {
    kind: 'record',
    params: [],
    fields: {
      openMiningRoundCid: 'ContractId',
      initialRound: 'Optional Splice.Types:Round',
    },
  },
  'Splice.AmuletRules:AmuletRules_BuyMemberTrafficResult': {
    kind: 'record',
    params: [],
    fields: {
      round: 'Splice.Types:Round',
      summary: 'Splice.AmuletRules:TransferSummary',
      amuletPaid: 'Decimal',
      purchasedTraffic: 'ContractId',
      senderChangeAmulet: 'Optional ContractId',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:AmuletRules_ClaimExpiredRewards': {
    kind: 'record',
    params: [],
    fields: {
      closedRoundCid: 'ContractId',
      validatorRewardCouponCids: '[ContractId]',
      appCouponCids: '[ContractId]',
      svRewardCouponCids: '[ContractId]',
      optValidatorFaucetCouponCids: 'Optional [ContractId]',
      optValidatorLivenessActivityRecordCids: 'Optional [ContractId]',
    },
  },
  'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedRewardCid: 'Optional ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsV2': {
    kind: 'record',
    params: [],
    fields: {
      rewardCouponCids: '[ContractId]',
      expiryObservers: '[Party]',
    },
  },
  'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsV2Result': { kind: 'record', params: [], fields: {} },
  'Splice.AmuletRules:AmuletRules_ComputeFeesResult': {
    kind: 'record',
    params: [],
    fields: {
      fees: '[Decimal]',
    },
  },
  'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkers': {
    kind: 'record',
    params: [],
    fields: {
      markerCids: '[ContractId]',
      openMiningRoundCid: 'ContractId',
      observers: 'Optional [Party]',
    },
  },
  'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkersResult': {
    kind: 'record',
    params: [],
    fields: {
      appRewardCouponCids: '[ContractId]',
    },
  },
  'Splice.AmuletRules:AmuletRules_CreateExternalPartySetupProposalResult': {
    kind: 'record',
    params: [],
    fields: {
      proposalCid: 'ContractId',
      user: 'Party',
      validator: 'Party',
      transferResult: 'Splice.AmuletRules:TransferResult',
      amuletPaid: 'Decimal',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:AmuletRules_CreateTransferPreapprovalResult': {
    kind: 'record',
    params: [],
    fields: {
      transferPreapprovalCid: 'ContractId',
      transferResult: 'Splice.AmuletRules:TransferResult',
      amuletPaid: 'Decimal',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:AmuletRules_DevNet_FeatureAppResult': {
    kind: 'record',
    params: [],
    fields: {
      featuredAppRightCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_DevNet_TapResult': {
    kind: 'record',
    params: [],
    fields: {
      amuletSum: 'Splice.Amulet:AmuletCreateSummary ContractId',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:AmuletRules_ExpireTransferInstructionInput': {
    kind: 'record',
    params: [],
    fields: {
      transferInstructionCid: 'ContractId',
      expireLock: 'Bool',
    },
  },
  'Splice.AmuletRules:AmuletRules_MergeMemberTrafficContractsResult': {
    kind: 'record',
    params: [],
    fields: {
      mergedTrafficCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCoupons': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedDevelopmentFundCouponCids: '[ContractId]',
    },
  },
  'Splice.AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCouponsResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedDevelopmentFundCouponCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_MergeUnclaimedRewardsResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedRewardCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_MiningRound_Archive': {
    kind: 'record',
    params: [],
    fields: {
      closedRoundCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_MiningRound_ArchiveResult': {
    kind: 'enum',
    constructors: ['AmuletRules_MiningRound_ArchiveResult'],
  },
  'Splice.AmuletRules:AmuletRules_MiningRound_CloseResult': {
    kind: 'record',
    params: [],
    fields: {
      closedRoundCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_MiningRound_StartIssuing': {
    kind: 'record',
    params: [],
    fields: {
      miningRoundCid: 'ContractId',
      summary: 'Splice.Issuance:OpenMiningRoundSummary',
    },
  },
  'Splice.AmuletRules:AmuletRules_MiningRound_StartIssuingResult': {
    kind: 'record',
    params: [],
    fields: {
      issuingRoundCid: 'ContractId',
      unclaimedDevelopmentFundCouponCid: 'Optional ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_MintResult': {
    kind: 'record',
    params: [],
    fields: {
      amuletSum: 'Splice.Amulet:AmuletCreateSummary ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_RemoveFutureAmuletConfigSchedule': {
    kind: 'record',
    params: [],
    fields: {
      scheduleTime: 'Time',
    },
  },
  'Splice.AmuletRules:AmuletRules_RemoveFutureAmuletConfigScheduleResult': {
    kind: 'record',
    params: [],
    fields: {
      newAmuletRules: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_SetConfig': {
    kind: 'record',
    params: [],
    fields: {
      newConfig: 'Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD',
      baseConfig: 'Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD',
    },
  },
  'Splice.AmuletRules:AmuletRules_SetConfigResult': {
    kind: 'record',
    params: [],
    fields: {
      newAmuletRules: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_StartProcessingRewardsV2': {
    kind: 'record',
    params: [],
    fields: {
      calculateRewardsCid: 'ContractId',
      batchHash: 'Splice.Amulet.CryptoHash:Hash',
    },
  },
  'Splice.AmuletRules:AmuletRules_StartProcessingRewardsV2Result': { kind: 'record', params: [], fields: {} },
  'Splice.AmuletRules:AmuletRules_UnhideRewardCouponsV2': {
    kind: 'record',
    params: [],
    fields: {
      rewardCouponCids: '[ContractId]',
      providers: '[Party]',
    },
  },
  'Splice.AmuletRules:AmuletRules_UnhideRewardCouponsV2Result': { kind: 'record', params: [], fields: {} },
  'Splice.AmuletRules:AmuletRules_UpdateExternalPartyConfigStatesResult': {
    kind: 'record',
    params: [],
    fields: {
      newExternalPartyConfigStateCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:AmuletRules_UpdateFutureAmuletConfigSchedule': {
    kind: 'record',
    params: [],
    fields: {
      scheduleItem: '(Time, Splice.AmuletConfig:AmuletConfig Splice.AmuletConfig:USD)',
    },
  },
  'Splice.AmuletRules:AmuletRules_UpdateFutureAmuletConfigScheduleResult': {
    kind: 'record',
    params: [],
    fields: {
      newAmuletRules: 'ContractId',
    },
  },
  'Splice.AmuletRules:AppTransferContext': {
    kind: 'record',
    params: [],
    fields: {
      amuletRules: 'ContractId',
      openMiningRound: 'ContractId',
      featuredAppRight: 'Optional ContractId',
    },
  },
  'Splice.AmuletRules:BalanceChange': {
    kind: 'record',
    params: [],
    fields: {
      changeToInitialAmountAsOfRoundZero: 'Decimal',
      changeToHoldingFeesRate: 'Decimal',
    },
  },
  'Splice.AmuletRules:CreatedAmulet': {
    kind: 'variant',
    params: [],
    constructors: {
      TransferResultAmulet: 'ContractId',
      TransferResultLockedAmulet: 'ContractId',
      ExtCreatedAmulet: {
        fields: {
          dummyUnitField: 'Unit',
        },
      },
    },
  },
  'Splice.AmuletRules:ExternalPartySetupProposal_AcceptResult': {
    kind: 'record',
    params: [],
    fields: {
      validatorRightCid: 'ContractId',
      transferPreapprovalCid: 'ContractId',
    },
  },
  'Splice.AmuletRules:ExternalPartySetupProposal_RejectResult': {
    kind: 'record',
    params: [],
    fields: {
      dummyArg: 'Unit',
    },
  },
  'Splice.AmuletRules:ExternalPartySetupProposal_WithdrawResult': {
    kind: 'record',
    params: [],
    fields: {
      dummyArg: 'Unit',
    },
  },
  'Splice.AmuletRules:ExternalPartyTransferContext': {
    kind: 'record',
    params: [],
    fields: {
      externalPartyConfigState: 'ContractId',
      featuredAppRight: 'Optional ContractId',
    },
  },
  'Splice.AmuletRules:InvalidTransferReason': {
    kind: 'variant',
    params: [],
    constructors: {
      ITR_InsufficientFunds: {
        fields: {
          missingAmount: 'Decimal',
        },
      },
      ITR_UnknownSynchronizer: {
        fields: {
          synchronizerId: 'Text',
        },
      },
      ITR_InsufficientTopupAmount: {
        fields: {
          requestedTopupAmount: 'Int',
          minTopupAmount: 'Int',
        },
      },
      ITR_Other: {
        fields: {
          description: 'Text',
        },
      },
      ExtInvalidTransferReason: {
        fields: {
          dummyUnitField: 'Unit',
        },
      },
    },
  },
  'Splice.AmuletRules:OpenMiningRoundTriple': {
    kind: 'record',
    params: [],
    fields: {
      round0Cid: 'ContractId',
      round1Cid: 'ContractId',
      round2Cid: 'ContractId',
    },
  },
  'Splice.AmuletRules:PaymentTransferContext': {
    kind: 'record',
    params: [],
    fields: {
      amuletRules: 'ContractId',
      context: 'Splice.AmuletRules:TransferContext',
    },
  },
  'Splice.AmuletRules:Transfer': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
      provider: 'Party',
      inputs: '[Splice.AmuletRules:TransferInput]',
      outputs: '[Splice.AmuletRules:TransferOutput]',
      beneficiaries: 'Optional [Splice.Api.FeaturedAppRightV1:AppRewardBeneficiary]',
    },
  },
  'Splice.AmuletRules:TransferContext': {
    kind: 'record',
    params: [],
    fields: {
      openMiningRound: 'ContractId',
      issuingMiningRounds: 'Map Splice.Types:Round ContractId',
      validatorRights: 'Map Party ContractId',
      featuredAppRight: 'Optional ContractId',
    },
  },
  'Splice.AmuletRules:TransferInput': {
    kind: 'variant',
    params: [],
    constructors: {
      InputAppRewardCoupon: 'ContractId',
      InputValidatorRewardCoupon: 'ContractId',
      InputSvRewardCoupon: 'ContractId',
      InputAmulet: 'ContractId',
      ExtTransferInput: {
        fields: {
          dummyUnitField: 'Unit',
          optInputValidatorFaucetCoupon: 'Optional ContractId',
        },
      },
      InputValidatorLivenessActivityRecord: 'ContractId',
      InputUnclaimedActivityRecord: 'ContractId',
      InputDevelopmentFundCoupon: 'ContractId',
      InputRewardCouponV2: 'ContractId',
    },
  },
  'Splice.AmuletRules:TransferOutput': {
    kind: 'record',
    params: [],
    fields: {
      receiver: 'Party',
      receiverFeeRatio: 'Decimal',
      amount: 'Decimal',
      lock: 'Optional Splice.Expiry:TimeLock',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:TransferPreapproval_CancelResult': {
    kind: 'enum',
    constructors: ['TransferPreapproval_CancelResult'],
  },
  'Splice.AmuletRules:TransferPreapproval_ExpireResult': { kind: 'record', params: [], fields: {} },
  'Splice.AmuletRules:TransferPreapproval_RenewResult': {
    kind: 'record',
    params: [],
    fields: {
      transferPreapprovalCid: 'ContractId',
      transferResult: 'Splice.AmuletRules:TransferResult',
      receiver: 'Party',
      provider: 'Party',
      amuletPaid: 'Decimal',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:TransferPreapproval_SendResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:TransferResult',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:TransferPreapproval_SendV2Result': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:TransferResult',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:TransferResult': {
    kind: 'record',
    params: [],
    fields: {
      round: 'Splice.Types:Round',
      summary: 'Splice.AmuletRules:TransferSummary',
      createdAmulets: '[Splice.AmuletRules:CreatedAmulet]',
      senderChangeAmulet: 'Optional ContractId',
      meta: 'Optional Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.AmuletRules:TransferSummary': {
    kind: 'record',
    params: [],
    fields: {
      inputAppRewardAmount: 'Decimal',
      inputValidatorRewardAmount: 'Decimal',
      inputSvRewardAmount: 'Decimal',
      inputAmuletAmount: 'Decimal',
      balanceChanges: 'Map Party Splice.AmuletRules:BalanceChange',
      holdingFees: 'Decimal',
      outputFees: '[Decimal]',
      senderChangeFee: 'Decimal',
      senderChangeAmount: 'Decimal',
      amuletPrice: 'Decimal',
      inputValidatorFaucetAmount: 'Optional Decimal',
      inputUnclaimedActivityRecordAmount: 'Optional Decimal',
      inputDevelopmentFundAmount: 'Optional Decimal',
    },
  },
  'Splice.Ans.AmuletConversionRateFeed:AmuletConversionRateFeed_UpdateResult': {
    kind: 'record',
    params: [],
    fields: {
      cid: 'ContractId',
    },
  },
  'Splice.Ans.AmuletConversionRateFeed:MarkerContext': {
    kind: 'record',
    params: [],
    fields: {
      featuredAppRightCid: 'ContractId',
      beneficiaries: '[Splice.Api.FeaturedAppRightV1:AppRewardBeneficiary]',
    },
  },
  'Splice.Ans:AnsEntryContext_CollectEntryRenewalPayment': {
    kind: 'record',
    params: [],
    fields: {
      paymentCid: 'ContractId',
      entryCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
      ansRulesCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsEntryContext_CollectEntryRenewalPaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      entryCid: 'ContractId',
      subscriptionStateCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsEntryContext_CollectInitialEntryPayment': {
    kind: 'record',
    params: [],
    fields: {
      paymentCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
      ansRulesCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsEntryContext_CollectInitialEntryPaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      entryCid: 'ContractId',
      subscriptionStateCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsEntryContext_RejectEntryInitialPayment': {
    kind: 'record',
    params: [],
    fields: {
      paymentCid: 'ContractId',
      transferContext: 'Splice.AmuletRules:AppTransferContext',
      ansRulesCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsEntry_Expire': {
    kind: 'record',
    params: [],
    fields: {
      actor: 'Party',
    },
  },
  'Splice.Ans:AnsEntryContext_TerminateResult': {
    kind: 'record',
    params: [],
    fields: {},
  },
  'Splice.Ans:AnsEntry_ExpireResult': {
    kind: 'record',
    params: [],
    fields: {},
  },
  'Splice.Ans:AnsEntry_RenewResult': {
    kind: 'record',
    params: [],
    fields: {
      entryCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsRulesConfig': {
    kind: 'record',
    params: [],
    fields: {
      renewalDuration: 'RelTime',
      entryLifetime: 'RelTime',
      entryFee: 'Decimal',
      descriptionPrefix: 'Text',
    },
  },
  'Splice.Ans:AnsRules_CollectEntryRenewalPaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      entryCid: 'ContractId',
      subscriptionStateCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsRules_CollectInitialEntryPaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      entryCid: 'ContractId',
      subscriptionStateCid: 'ContractId',
    },
  },
  'Splice.Ans:AnsRules_RequestEntryResult': {
    kind: 'record',
    params: [],
    fields: {
      entryCid: 'ContractId',
      requestCid: 'ContractId',
    },
  },
  'Splice.Api.FeaturedAppRightV1:AppRewardBeneficiary': {
    kind: 'record',
    params: [],
    fields: {
      beneficiary: 'Party',
      weight: 'Decimal',
    },
  },
  'Splice.Api.FeaturedAppRightV1:FeaturedAppRight_CreateActivityMarkerResult': {
    kind: 'record',
    params: [],
    fields: {
      activityMarkerCids: '[ContractId]',
    },
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationFactoryView': {
    kind: 'record',
    params: [],
    fields: {
      admin: 'Party',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationInstructionResult': {
    kind: 'record',
    params: [],
    fields: {
      output: 'Splice.Api.Token.AllocationInstructionV1:AllocationInstructionResult_Output',
      senderChangeCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationInstructionV1:AllocationInstructionResult_Output': {
    kind: 'variant',
    params: [],
    constructors: {
      AllocationInstructionResult_Pending: {
        fields: {
          allocationInstructionCid: 'ContractId',
        },
      },
      AllocationInstructionResult_Completed: {
        fields: {
          allocationCid: 'ContractId',
        },
      },
      AllocationInstructionResult_Failed: 'Unit',
    },
  },
  'Splice.Api.Token.AllocationV1:AllocationSpecification': {
    kind: 'record',
    params: [],
    fields: {
      settlement: 'Splice.Api.Token.AllocationV1:SettlementInfo',
      transferLegId: 'Text',
      transferLeg: 'Splice.Api.Token.AllocationV1:TransferLeg',
    },
  },
  'Splice.Api.Token.AllocationV1:Allocation_CancelResult': {
    kind: 'record',
    params: [],
    fields: {
      senderHoldingCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV1:Allocation_ExecuteTransferResult': {
    kind: 'record',
    params: [],
    fields: {
      senderHoldingCids: '[ContractId]',
      receiverHoldingCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV1:Allocation_WithdrawResult': {
    kind: 'record',
    params: [],
    fields: {
      senderHoldingCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV1:Reference': {
    kind: 'record',
    params: [],
    fields: {
      id: 'Text',
      cid: 'Optional Splice.Api.Token.MetadataV1:AnyContractId',
    },
  },
  'Splice.Api.Token.AllocationV1:SettlementInfo': {
    kind: 'record',
    params: [],
    fields: {
      executor: 'Party',
      settlementRef: 'Splice.Api.Token.AllocationV1:Reference',
      requestedAt: 'Time',
      allocateBefore: 'Time',
      settleBefore: 'Time',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV1:TransferLeg': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
      receiver: 'Party',
      amount: 'Decimal',
      instrumentId: 'Splice.Api.Token.HoldingV1:InstrumentId',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV2:AllocationSpecification': {
    kind: 'record',
    params: [],
    fields: {
      admin: 'Party',
      authorizer: 'Splice.Api.Token.HoldingV2:Account',
      transferLegSides: '[Splice.Api.Token.AllocationV2:TransferLegSide]',
      settlementDeadline: 'Optional Time',
      nextIterationFunding: 'Optional (TextMap Decimal)',
      committed: 'Bool',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV2:Allocation_Cancel': {
    kind: 'record',
    params: [],
    fields: {
      actors: '[Party]',
      extraArgs: 'Splice.Api.Token.MetadataV1:ExtraArgs',
    },
  },
  'Splice.Api.Token.AllocationV2:SettlementInfo': {
    kind: 'record',
    params: [],
    fields: {
      executors: '[Party]',
      id: 'Text',
      cid: 'Optional Splice.Api.Token.MetadataV1:AnyContractId',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV2:TransferLegSide': {
    kind: 'record',
    params: [],
    fields: {
      transferLegId: 'Text',
      side: 'Splice.Api.Token.AllocationV2:TransferSide',
      otherside: 'Splice.Api.Token.HoldingV2:Account',
      amount: 'Decimal',
      instrumentId: 'Text',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.AllocationV2:TransferSide': {
    kind: 'enum',
    constructors: ['SenderSide', 'ReceiverSide'],
  },
  'Splice.Api.Token.HoldingV1:InstrumentId': {
    kind: 'record',
    params: [],
    fields: {
      admin: 'Party',
      id: 'Text',
    },
  },
  'Splice.Api.Token.HoldingV2:Account': {
    kind: 'record',
    params: [],
    fields: {
      owner: 'Optional Party',
      provider: 'Optional Party',
      id: 'Text',
    },
  },
  'Splice.Api.Token.MetadataV1:AnyContractId': { kind: 'synonym', params: [], type: 'ContractId' },
  'Splice.Api.Token.MetadataV1:AnyValue': {
    kind: 'variant',
    params: [],
    constructors: {
      AV_Text: 'Text',
      AV_Int: 'Int',
      AV_Decimal: 'Decimal',
      AV_Bool: 'Bool',
      AV_Date: 'Date',
      AV_Time: 'Time',
      AV_RelTime: 'RelTime',
      AV_Party: 'Party',
      AV_ContractId: 'Splice.Api.Token.MetadataV1:AnyContractId',
      AV_List: '[Splice.Api.Token.MetadataV1:AnyValue]',
      AV_Map: 'TextMap Splice.Api.Token.MetadataV1:AnyValue',
    },
  },
  'Splice.Api.Token.MetadataV1:ChoiceContext': {
    kind: 'record',
    params: [],
    fields: {
      values: 'TextMap Splice.Api.Token.MetadataV1:AnyValue',
    },
  },
  'Splice.Api.Token.MetadataV1:ChoiceExecutionMetadata': {
    kind: 'record',
    params: [],
    fields: {
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.MetadataV1:ExtraArgs': {
    kind: 'record',
    params: [],
    fields: {
      context: 'Splice.Api.Token.MetadataV1:ChoiceContext',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.MetadataV1:Metadata': {
    kind: 'record',
    params: [],
    fields: {
      values: 'TextMap Text',
    },
  },
  'Splice.Api.Token.TransferInstructionV1:Transfer': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
      receiver: 'Party',
      amount: 'Decimal',
      instrumentId: 'Splice.Api.Token.HoldingV1:InstrumentId',
      requestedAt: 'Time',
      executeBefore: 'Time',
      inputHoldingCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.TransferInstructionV1:TransferFactoryView': {
    kind: 'record',
    params: [],
    fields: {
      admin: 'Party',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult': {
    kind: 'record',
    params: [],
    fields: {
      output: 'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult_Output',
      senderChangeCids: '[ContractId]',
      meta: 'Splice.Api.Token.MetadataV1:Metadata',
    },
  },
  'Splice.Api.Token.TransferInstructionV1:TransferInstructionResult_Output': {
    kind: 'variant',
    params: [],
    constructors: {
      TransferInstructionResult_Pending: {
        fields: {
          transferInstructionCid: 'ContractId',
        },
      },
      TransferInstructionResult_Completed: {
        fields: {
          receiverHoldingCids: '[ContractId]',
        },
      },
      TransferInstructionResult_Failed: 'Unit',
    },
  },
  'Splice.CometBft:CometBftConfig': {
    kind: 'record',
    params: [],
    fields: {
      nodes: 'Map Text Splice.CometBft:CometBftNodeConfig',
      governanceKeys: '[Splice.CometBft:GovernanceKeyConfig]',
      sequencingKeys: '[Splice.CometBft:SequencingKeyConfig]',
    },
  },
  'Splice.CometBft:CometBftConfigLimits': {
    kind: 'record',
    params: [],
    fields: {
      maxNumCometBftNodes: 'Int',
      maxNumGovernanceKeys: 'Int',
      maxNumSequencingKeys: 'Int',
      maxNodeIdLength: 'Int',
      maxPubKeyLength: 'Int',
    },
  },
  'Splice.CometBft:CometBftNodeConfig': {
    kind: 'record',
    params: [],
    fields: {
      validatorPubKey: 'Text',
      votingPower: 'Int',
    },
  },
  'Splice.CometBft:GovernanceKeyConfig': {
    kind: 'record',
    params: [],
    fields: {
      pubKey: 'Text',
    },
  },
  'Splice.CometBft:SequencingKeyConfig': {
    kind: 'record',
    params: [],
    fields: {
      pubKey: 'Text',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:DsoDecentralizedSynchronizerConfig': {
    kind: 'record',
    params: [],
    fields: {
      synchronizers: 'Map Text Splice.DSO.DecentralizedSynchronizer:SynchronizerConfig',
      lastSynchronizerId: 'Text',
      activeSynchronizerId: 'Text',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:LegacySequencerConfig': {
    kind: 'record',
    params: [],
    fields: {
      migrationId: 'Int',
      sequencerId: 'Text',
      url: 'Text',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:MediatorConfig': {
    kind: 'record',
    params: [],
    fields: {
      mediatorId: 'Text',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:PhysicalSynchronizerNodeConfig': {
    kind: 'record',
    params: [],
    fields: {
      sequencer: 'Optional Splice.DSO.DecentralizedSynchronizer:SequencerConnectionConfig',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:PhysicalSynchronizerNodeConfigMap': {
    kind: 'synonym',
    params: [],
    type: 'Map Int Splice.DSO.DecentralizedSynchronizer:PhysicalSynchronizerNodeConfig',
  },
  'Splice.DSO.DecentralizedSynchronizer:ScanConfig': {
    kind: 'record',
    params: [],
    fields: {
      publicUrl: 'Text',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SequencerConfig': {
    kind: 'record',
    params: [],
    fields: {
      migrationId: 'Int',
      sequencerId: 'Text',
      url: 'Text',
      availableAfter: 'Optional Time',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SequencerConnectionConfig': {
    kind: 'record',
    params: [],
    fields: {
      url: 'Text',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SequencerIdentityConfig': {
    kind: 'record',
    params: [],
    fields: {
      sequencerId: 'Text',
      availableAfter: 'Optional Time',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SynchronizerConfig': {
    kind: 'record',
    params: [],
    fields: {
      state: 'Splice.DSO.DecentralizedSynchronizer:SynchronizerState',
      cometBftGenesisJson: 'Text',
      acsCommitmentReconciliationInterval: 'Optional Int',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfig': {
    kind: 'record',
    params: [],
    fields: {
      cometBft: 'Splice.CometBft:CometBftConfig',
      sequencer: 'Optional Splice.DSO.DecentralizedSynchronizer:SequencerConfig',
      mediator: 'Optional Splice.DSO.DecentralizedSynchronizer:MediatorConfig',
      scan: 'Optional Splice.DSO.DecentralizedSynchronizer:ScanConfig',
      legacySequencerConfig: 'Optional Splice.DSO.DecentralizedSynchronizer:LegacySequencerConfig',
      sequencerIdentity: 'Optional Splice.DSO.DecentralizedSynchronizer:SequencerIdentityConfig',
      physicalSynchronizers:
        'Optional Splice.DSO.DecentralizedSynchronizer:PhysicalSynchronizerNodeConfigMap',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfigLimits': {
    kind: 'record',
    params: [],
    fields: {
      cometBft: 'Splice.CometBft:CometBftConfigLimits',
    },
  },
  'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfigMap': {
    kind: 'synonym',
    params: [],
    type: 'Map Text Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfig',
  },
  'Splice.DSO.DecentralizedSynchronizer:SynchronizerState': {
    kind: 'enum',
    constructors: ['DS_Bootstrapping', 'DS_Operational', 'DS_Decomissioned', 'ExtSynchronizerState'],
  },
  'Splice.DSO.SvState:NodeState': {
    kind: 'record',
    params: [],
    fields: {
      synchronizerNodes: 'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfigMap',
    },
  },
  'Splice.DSO.SvState:RewardState': {
    kind: 'record',
    params: [],
    fields: {
      numRoundsMissed: 'Int',
      numRoundsCollected: 'Int',
      lastRoundCollected: 'Splice.Types:Round',
      numCouponsIssued: 'Int',
    },
  },
  'Splice.DSO.SvState:SvStatus': {
    kind: 'record',
    params: [],
    fields: {
      createdAt: 'Time',
      cometBftHeight: 'Int',
      mediatorSynchronizerTime: 'Time',
      participantSynchronizerTime: 'Time',
      latestOpenRound: 'Splice.Types:Round',
    },
  },
  'Splice.DecentralizedSynchronizer:AmuletDecentralizedSynchronizerConfig': {
    kind: 'record',
    params: [],
    fields: {
      requiredSynchronizers: 'Set Text',
      activeSynchronizer: 'Text',
      fees: 'Splice.DecentralizedSynchronizer:SynchronizerFeesConfig',
    },
  },
  'Splice.DecentralizedSynchronizer:BaseRateTrafficLimits': {
    kind: 'record',
    params: [],
    fields: {
      burstAmount: 'Int',
      burstWindow: 'RelTime',
    },
  },
  'Splice.DecentralizedSynchronizer:SynchronizerFeesConfig': {
    kind: 'record',
    params: [],
    fields: {
      baseRateTrafficLimits: 'Splice.DecentralizedSynchronizer:BaseRateTrafficLimits',
      extraTrafficPrice: 'Decimal',
      readVsWriteScalingFactor: 'Int',
      minTopupAmount: 'Int',
    },
  },
  'Splice.DsoBootstrap:DsoBootstrap_BootstrapResult': {
    kind: 'enum',
    constructors: ['DsoBootstrap_BootstrapResult'],
  },
  'Splice.DsoRules:ActionRequiringConfirmation': {
    kind: 'variant',
    params: [],
    constructors: {
      ARC_DsoRules: {
        fields: {
          dsoAction: 'Splice.DsoRules:DsoRules_ActionRequiringConfirmation',
        },
      },
      ARC_AmuletRules: {
        fields: {
          amuletRulesAction: 'Splice.DsoRules:AmuletRules_ActionRequiringConfirmation',
        },
      },
      ARC_AnsEntryContext: {
        fields: {
          ansEntryContextCid: 'ContractId',
          ansEntryContextAction: 'Splice.DsoRules:AnsEntryContext_ActionRequiringConfirmation',
        },
      },
      ExtActionRequiringConformation: {
        fields: {
          dummyUnitField: 'Unit',
        },
      },
    },
  },
  'Splice.DsoRules:AmuletRules_ActionRequiringConfirmation': {
    kind: 'variant',
    params: [],
    constructors: {
      CRARC_MiningRound_StartIssuing: 'Splice.AmuletRules:AmuletRules_MiningRound_StartIssuing',
      CRARC_MiningRound_Archive: 'Splice.AmuletRules:AmuletRules_MiningRound_Archive',
      CRARC_AddFutureAmuletConfigSchedule: 'Splice.AmuletRules:AmuletRules_AddFutureAmuletConfigSchedule',
      CRARC_RemoveFutureAmuletConfigSchedule:
        'Splice.AmuletRules:AmuletRules_RemoveFutureAmuletConfigSchedule',
      CRARC_UpdateFutureAmuletConfigSchedule:
        'Splice.AmuletRules:AmuletRules_UpdateFutureAmuletConfigSchedule',
      CRARC_SetConfig: 'Splice.AmuletRules:AmuletRules_SetConfig',
      CRARC_StartProcessingRewardsV2: 'Splice.AmuletRules:AmuletRules_StartProcessingRewardsV2',
    },
  },
  'Splice.DsoRules:AnsEntryContext_ActionRequiringConfirmation': {
    kind: 'variant',
    params: [],
    constructors: {
      ANSRARC_CollectInitialEntryPayment: 'Splice.Ans:AnsEntryContext_CollectInitialEntryPayment',
      ANSRARC_RejectEntryInitialPayment: 'Splice.Ans:AnsEntryContext_RejectEntryInitialPayment',
    },
  },
  'Splice.DsoRules:Confirmation_ExpireResult': { kind: 'enum', constructors: ['Confirmation_ExpireResult'] },
  'Splice.DsoRules:DsoRulesConfig': {
    kind: 'record',
    params: [],
    fields: {
      numUnclaimedRewardsThreshold: 'Int',
      numMemberTrafficContractsThreshold: 'Int',
      actionConfirmationTimeout: 'RelTime',
      svOnboardingRequestTimeout: 'RelTime',
      svOnboardingConfirmedTimeout: 'RelTime',
      voteRequestTimeout: 'RelTime',
      dsoDelegateInactiveTimeout: 'RelTime',
      synchronizerNodeConfigLimits: 'Splice.DSO.DecentralizedSynchronizer:SynchronizerNodeConfigLimits',
      maxTextLength: 'Int',
      decentralizedSynchronizer: 'Splice.DSO.DecentralizedSynchronizer:DsoDecentralizedSynchronizerConfig',
      nextScheduledSynchronizerUpgrade: 'Optional Splice.DsoRules:SynchronizerUpgradeSchedule',
      voteCooldownTime: 'Optional RelTime',
      nextScheduledLogicalSynchronizerUpgrade: 'Optional Splice.DsoRules:LogicalSynchronizerUpgradeSchedule',
    },
  },
  'Splice.DsoRules:DsoRules_ActionRequiringConfirmation': {
    kind: 'variant',
    params: [],
    constructors: {
      SRARC_AddSv: 'Splice.DsoRules:DsoRules_AddSv',
      SRARC_OffboardSv: 'Splice.DsoRules:DsoRules_OffboardSv',
      SRARC_ConfirmSvOnboarding: 'Splice.DsoRules:DsoRules_ConfirmSvOnboarding',
      SRARC_GrantFeaturedAppRight: 'Splice.DsoRules:DsoRules_GrantFeaturedAppRight',
      SRARC_RevokeFeaturedAppRight: 'Splice.DsoRules:DsoRules_RevokeFeaturedAppRight',
      SRARC_SetConfig: 'Splice.DsoRules:DsoRules_SetConfig',
      SRARC_UpdateSvRewardWeight: 'Splice.DsoRules:DsoRules_UpdateSvRewardWeight',
      SRARC_CreateExternalPartyAmuletRules: 'Splice.DsoRules:DsoRules_CreateExternalPartyAmuletRules',
      SRARC_CreateTransferCommandCounter: 'Splice.DsoRules:DsoRules_CreateTransferCommandCounter',
      SRARC_CreateUnallocatedUnclaimedActivityRecord:
        'Splice.DsoRules:DsoRules_CreateUnallocatedUnclaimedActivityRecord',
      SRARC_CreateBootstrapExternalPartyConfigStateInstruction:
        'Splice.DsoRules:DsoRules_CreateBootstrapExternalPartyConfigStateInstruction',
      SRARC_UpdateFeaturedAppRight: 'Splice.DsoRules:DsoRules_UpdateFeaturedAppRight',
    },
  },
  'Splice.DsoRules:DsoRules_AddConfirmedSvResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_AddSv': {
    kind: 'record',
    params: [],
    fields: {
      newSvParty: 'Party',
      newSvName: 'Text',
      newSvRewardWeight: 'Int',
      newSvParticipantId: 'Text',
      joinedAsOfRound: 'Splice.Types:Round',
    },
  },
  'Splice.DsoRules:DsoRules_AddSvResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_AdvanceOpenMiningRoundsResult': {
    kind: 'record',
    params: [],
    fields: {
      summarizingRound: 'ContractId',
      openRound: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_AllocateUnallocatedUnclaimedActivityRecordResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedActivityRecordCid: 'ContractId',
      optUnclaimedRewardCid: 'Optional ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkersResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkersResult',
    },
  },
  'Splice.DsoRules:DsoRules_Amulet_ExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireSummary',
    },
  },
  'Splice.DsoRules:DsoRules_Amulet_ExpireTransferInstructionsResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:AmuletRules_Amulet_ExpireTransferInstructionsResult',
    },
  },
  'Splice.DsoRules:DsoRules_Amulet_ExpireV2Result': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireV2Summary',
    },
  },
  'Splice.DsoRules:DsoRules_ArchiveDryRunRewardAccountingV2Result': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2Result',
    },
  },
  'Splice.DsoRules:DsoRules_ArchiveOutdatedElectionRequestResult': {
    kind: 'enum',
    constructors: ['DsoRules_ArchiveOutdatedElectionRequestResult'],
  },
  'Splice.DsoRules:DsoRules_ArchiveSvOnboardingRequestResult': {
    kind: 'enum',
    constructors: ['DsoRules_ArchiveSvOnboardingRequestResult'],
  },
  'Splice.DsoRules:DsoRules_BootstrapExternalPartyConfigStateResult': {
    kind: 'enum',
    constructors: ['DsoRules_BootstrapExternalPartyConfigStateResult'],
  },
  'Splice.DsoRules:DsoRules_CastVoteResult': {
    kind: 'record',
    params: [],
    fields: {
      voteRequest: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ClaimExpiredRewardsResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedReward: 'Optional ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ClaimExpiredRewardsV2Result': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsV2Result',
    },
  },
  'Splice.DsoRules:DsoRules_CloseVoteRequestResult': {
    kind: 'record',
    params: [],
    fields: {
      request: 'Splice.DsoRules:VoteRequest',
      completedAt: 'Time',
      offboardedVoters: '[Text]',
      abstainingSvs: '[Text]',
      outcome: 'Splice.DsoRules:VoteRequestOutcome',
    },
  },
  'Splice.DsoRules:DsoRules_CollectEntryRenewalPaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      ansEntry: 'ContractId',
      subscriptionState: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ConfirmActionResult': {
    kind: 'record',
    params: [],
    fields: {
      confirmation: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ConfirmSvOnboarding': {
    kind: 'record',
    params: [],
    fields: {
      newSvParty: 'Party',
      newSvName: 'Text',
      newParticipantId: 'Text',
      newSvRewardWeight: 'Int',
      reason: 'Text',
    },
  },
  'Splice.DsoRules:DsoRules_ConfirmSvOnboardingResult': {
    kind: 'record',
    params: [],
    fields: {
      onboardingConfirmed: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_CreateBootstrapExternalPartyConfigStateInstruction': {
    kind: 'record',
    params: [],
    fields: {},
  },
  'Splice.DsoRules:DsoRules_CreateBootstrapExternalPartyConfigStateInstructionResult': {
    kind: 'record',
    params: [],
    fields: {
      instructionCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_CreateExternalPartyAmuletRules': { kind: 'record', params: [], fields: {} },
  'Splice.DsoRules:DsoRules_CreateExternalPartyAmuletRulesResult': {
    kind: 'record',
    params: [],
    fields: {
      externalPartyAmuletRulesCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_CreateTransferCommandCounter': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
    },
  },
  'Splice.DsoRules:DsoRules_CreateTransferCommandCounterResult': {
    kind: 'record',
    params: [],
    fields: {
      transferCommandCounterCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_CreateUnallocatedUnclaimedActivityRecord': {
    kind: 'record',
    params: [],
    fields: {
      beneficiary: 'Party',
      amount: 'Decimal',
      reason: 'Text',
      expiresAt: 'Time',
    },
  },
  'Splice.DsoRules:DsoRules_CreateUnallocatedUnclaimedActivityRecordResult': {
    kind: 'record',
    params: [],
    fields: {
      unallocatedUnclaimedActivityRecordCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ElectDsoDelegateResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ExecuteConfirmedActionResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExecuteConfirmedActionResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireAmuletAllocationsResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsResult',
    },
  },
  'Splice.DsoRules:DsoRules_ExpireAmuletAllocationsV2Result': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2Result',
    },
  },
  'Splice.DsoRules:DsoRules_ExpireAnsEntryResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExpireAnsEntryResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireDevelopmentFundCouponResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.Amulet:DevelopmentFundCoupon_DsoExpireResult',
    },
  },
  'Splice.DsoRules:DsoRules_ExpireStaleConfirmationResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExpireStaleConfirmationResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireSubscriptionResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExpireSubscriptionResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireSvOnboardingConfirmedResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ExpireSvOnboardingRequestResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExpireSvOnboardingRequestResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireTransferPreapprovalResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExpireTransferPreapprovalResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireUnallocatedUnclaimedActivityRecordResult': {
    kind: 'enum',
    constructors: ['DsoRules_ExpireUnallocatedUnclaimedActivityRecordResult'],
  },
  'Splice.DsoRules:DsoRules_ExpireUnclaimedActivityRecordResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedRewardCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_GarbageCollectAmuletPriceVotesResult': {
    kind: 'enum',
    constructors: ['DsoRules_GarbageCollectAmuletPriceVotesResult'],
  },
  'Splice.DsoRules:DsoRules_GrantFeaturedAppRight': {
    kind: 'record',
    params: [],
    fields: {
      provider: 'Party',
      activityWeight: 'Optional Decimal',
    },
  },
  'Splice.DsoRules:DsoRules_GrantFeaturedAppRightResult': {
    kind: 'record',
    params: [],
    fields: {
      featuredAppRight: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_LockedAmulet_ExpireAmuletResult': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireSummary',
    },
  },
  'Splice.DsoRules:DsoRules_LockedAmulet_ExpireAmuletV2Result': {
    kind: 'record',
    params: [],
    fields: {
      expireSum: 'Splice.Amulet:AmuletExpireV2Summary',
    },
  },
  'Splice.DsoRules:DsoRules_MergeMemberTrafficContractsResult': {
    kind: 'record',
    params: [],
    fields: {
      memberTraffic: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_MergeSvRewardStateResult': {
    kind: 'record',
    params: [],
    fields: {
      svRewardState: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_MergeUnclaimedDevelopmentFundCouponsResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCouponsResult',
    },
  },
  'Splice.DsoRules:DsoRules_MergeUnclaimedRewardsResult': {
    kind: 'record',
    params: [],
    fields: {
      unclaimedReward: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_MergeValidatorLicenseResult': {
    kind: 'record',
    params: [],
    fields: {
      validatorLicense: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_MiningRound_CloseResult': {
    kind: 'record',
    params: [],
    fields: {
      closedRound: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_OffboardSv': {
    kind: 'record',
    params: [],
    fields: {
      sv: 'Party',
    },
  },
  'Splice.DsoRules:DsoRules_OffboardSvResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_OnboardValidatorResult': {
    kind: 'record',
    params: [],
    fields: {
      validatorLicense: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ProcessRewardsV2_ProcessBatchResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2_ProcessBatchResult',
    },
  },
  'Splice.DsoRules:DsoRules_PruneAmuletConfigScheduleResult': {
    kind: 'record',
    params: [],
    fields: {
      amuletRulesCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_ReceiveSvRewardCouponResult': {
    kind: 'record',
    params: [],
    fields: {
      svRewardState: 'ContractId',
      svRewardCoupons: '[ContractId]',
    },
  },
  'Splice.DsoRules:DsoRules_RequestElectionResult': {
    kind: 'record',
    params: [],
    fields: {
      electionRequestCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_RequestVoteResult': {
    kind: 'record',
    params: [],
    fields: {
      voteRequest: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_RevokeFeaturedAppRight': {
    kind: 'record',
    params: [],
    fields: {
      rightCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_RevokeFeaturedAppRightResult': {
    kind: 'enum',
    constructors: ['DsoRules_RevokeFeaturedAppRightResult'],
  },
  'Splice.DsoRules:DsoRules_SetConfig': {
    kind: 'record',
    params: [],
    fields: {
      newConfig: 'Splice.DsoRules:DsoRulesConfig',
      baseConfig: 'Optional Splice.DsoRules:DsoRulesConfig',
    },
  },
  'Splice.DsoRules:DsoRules_SetConfigResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_SetSynchronizerNodeConfigResult': {
    kind: 'record',
    params: [],
    fields: {
      svNodeState: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_StartSvOnboardingResult': {
    kind: 'record',
    params: [],
    fields: {
      onboardingRequest: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_SubmitStatusReportResult': {
    kind: 'record',
    params: [],
    fields: {
      newReport: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_TerminateSubscriptionResult': {
    kind: 'enum',
    constructors: ['DsoRules_TerminateSubscriptionResult'],
  },
  'Splice.DsoRules:DsoRules_UnhideRewardCouponsV2Result': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.AmuletRules:AmuletRules_UnhideRewardCouponsV2Result',
    },
  },
  'Splice.DsoRules:DsoRules_UpdateAmuletPriceVoteResult': {
    kind: 'record',
    params: [],
    fields: {
      amuletPriceVote: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_UpdateExternalPartyConfigStatesResult': {
    kind: 'record',
    params: [],
    fields: {
      newExternalPartyConfigStateCid: 'ContractId',
    },
  },
  'Splice.DsoRules:DsoRules_UpdateFeaturedAppRight': {
    kind: 'record',
    params: [],
    fields: {
      rightCid: 'ContractId',
      update: 'Splice.Amulet:FeaturedAppRight_Update',
    },
  },
  'Splice.DsoRules:DsoRules_UpdateFeaturedAppRightResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.Amulet:FeaturedAppRight_UpdateResult',
    },
  },
  'Splice.DsoRules:DsoRules_UpdateSvRewardWeight': {
    kind: 'record',
    params: [],
    fields: {
      svParty: 'Party',
      newRewardWeight: 'Int',
    },
  },
  'Splice.DsoRules:DsoRules_UpdateSvRewardWeightResult': {
    kind: 'record',
    params: [],
    fields: {
      newDsoRules: 'ContractId',
    },
  },
  'Splice.DsoRules:ElectionRequestReason': {
    kind: 'variant',
    params: [],
    constructors: {
      ERR_DsoDelegateUnavailable: 'Unit',
      ERR_OtherReason: 'Text',
      ExtElectionRequestReason: {
        fields: {
          dummyUnitField: 'Unit',
        },
      },
    },
  },
  'Splice.DsoRules:LogicalSynchronizerUpgradeSchedule': {
    kind: 'record',
    params: [],
    fields: {
      topologyFreezeTime: 'Time',
      upgradeTime: 'Time',
      newPhysicalSynchronizerSerial: 'Int',
      newPhysicalSynchronizerProtocolVersion: 'Text',
    },
  },
  'Splice.DsoRules:OffboardedSvInfo': {
    kind: 'record',
    params: [],
    fields: {
      name: 'Text',
      participantId: 'Text',
    },
  },
  'Splice.DsoRules:Reason': {
    kind: 'record',
    params: [],
    fields: {
      url: 'Text',
      body: 'Text',
    },
  },
  'Splice.DsoRules:SvInfo': {
    kind: 'record',
    params: [],
    fields: {
      name: 'Text',
      joinedAsOfRound: 'Splice.Types:Round',
      svRewardWeight: 'Int',
      participantId: 'Text',
    },
  },
  'Splice.DsoRules:SynchronizerUpgradeSchedule': {
    kind: 'record',
    params: [],
    fields: {
      time: 'Time',
      migrationId: 'Int',
    },
  },
  'Splice.DsoRules:TrafficState': {
    kind: 'record',
    params: [],
    fields: {
      consumedTraffic: 'Int',
    },
  },
  'Splice.DsoRules:Vote': {
    kind: 'record',
    params: [],
    fields: {
      sv: 'Party',
      accept: 'Bool',
      reason: 'Splice.DsoRules:Reason',
      optCastAt: 'Optional Time',
    },
  },
  'Splice.DsoRules:VoteRequestOutcome': {
    kind: 'variant',
    params: [],
    constructors: {
      VRO_AcceptedButActionFailed: {
        fields: {
          description: 'Text',
        },
      },
      VRO_Accepted: {
        fields: {
          effectiveAt: 'Time',
        },
      },
      VRO_Rejected: 'Unit',
      VRO_Expired: 'Unit',
      ExtVoteRequestOutcome: {
        fields: {
          dummyUnitField: 'Unit',
        },
      },
    },
  },
  'Splice.Expiry:TimeLock': {
    kind: 'record',
    params: [],
    fields: {
      holders: '[Party]',
      expiresAt: 'Time',
      optContext: 'Optional Text',
    },
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_CreateTransferCommandResult': {
    kind: 'record',
    params: [],
    fields: {
      transferCommandCid: 'ContractId',
    },
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationInput': {
    kind: 'record',
    params: [],
    fields: {
      allocationCid: 'ContractId',
      expireLock: 'Bool',
    },
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocations': {
    kind: 'record',
    params: [],
    fields: {
      expectedDso: 'Party',
      inputs: '[Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationInput]',
      observers: '[Party]',
    },
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsResult': {
    kind: 'record',
    params: [],
    fields: {
      results: '[Splice.AmuletAllocation:AmuletAllocation_DsoExpireResult]',
    },
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2': {
    kind: 'record',
    params: [],
    fields: {
      cancellations: '[(ContractId, Splice.Api.Token.AllocationV2:Allocation_Cancel)]',
      observers: '[Party]',
    },
  },
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2Result': {
    kind: 'record',
    params: [],
    fields: {},
  },
  'Splice.ExternalPartyAmuletRules:TransferCommandResult': {
    kind: 'variant',
    params: [],
    constructors: {
      TransferCommandResultFailure: {
        fields: {
          reason: 'Splice.AmuletRules:InvalidTransferReason',
        },
      },
      TransferCommandResultSuccess: {
        fields: {
          result: 'Splice.AmuletRules:TransferResult',
        },
      },
    },
  },
  'Splice.ExternalPartyAmuletRules:TransferCommand_ExpireResult': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
      nonce: 'Int',
    },
  },
  'Splice.ExternalPartyAmuletRules:TransferCommand_SendResult': {
    kind: 'record',
    params: [],
    fields: {
      result: 'Splice.ExternalPartyAmuletRules:TransferCommandResult',
      sender: 'Party',
      nonce: 'Int',
    },
  },
  'Splice.ExternalPartyAmuletRules:TransferCommand_WithdrawResult': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
      nonce: 'Int',
    },
  },
  'Splice.Fees:ExpiringAmount': {
    kind: 'record',
    params: [],
    fields: {
      initialAmount: 'Decimal',
      createdAt: 'Splice.Types:Round',
      ratePerRound: 'Splice.Fees:RatePerRound',
    },
  },
  'Splice.Fees:FixedFee': {
    kind: 'record',
    params: [],
    fields: {
      fee: 'Decimal',
    },
  },
  'Splice.Fees:RatePerRound': {
    kind: 'record',
    params: [],
    fields: {
      rate: 'Decimal',
    },
  },
  'Splice.Fees:SteppedRate': {
    kind: 'record',
    params: [],
    fields: {
      initialRate: 'Decimal',
      steps: '[(Decimal, Decimal)]',
    },
  },
  'Splice.Issuance:IssuanceConfig': {
    kind: 'record',
    params: [],
    fields: {
      amuletToIssuePerYear: 'Decimal',
      validatorRewardPercentage: 'Decimal',
      appRewardPercentage: 'Decimal',
      validatorRewardCap: 'Decimal',
      featuredAppRewardCap: 'Decimal',
      unfeaturedAppRewardCap: 'Decimal',
      optValidatorFaucetCap: 'Optional Decimal',
      optDevelopmentFundPercentage: 'Optional Decimal',
    },
  },
  'Splice.Issuance:OpenMiningRoundSummary': {
    kind: 'record',
    params: [],
    fields: {
      totalValidatorRewardCoupons: 'Decimal',
      totalFeaturedAppRewardCoupons: 'Decimal',
      totalUnfeaturedAppRewardCoupons: 'Decimal',
      totalSvRewardWeight: 'Int',
      optTotalValidatorFaucetCoupons: 'Optional Int',
    },
  },
  'Splice.Schedule:Schedule': {
    kind: 'record',
    params: ['t', 'a'],
    fields: {
      initialValue: 'a',
      futureValues: '[(t, a)]',
    },
  },
  'Splice.SvOnboarding:SvOnboardingConfirmed_ExpireResult': {
    kind: 'enum',
    constructors: ['SvOnboardingConfirmed_ExpireResult'],
  },
  'Splice.SvOnboarding:SvOnboardingRequest_ExpireResult': {
    kind: 'enum',
    constructors: ['SvOnboardingRequest_ExpireResult'],
  },
  'Splice.Types:Round': {
    kind: 'record',
    params: [],
    fields: {
      number: 'Int',
    },
  },
  'Splice.ValidatorLicense:FaucetState': {
    kind: 'record',
    params: [],
    fields: {
      firstReceivedFor: 'Splice.Types:Round',
      lastReceivedFor: 'Splice.Types:Round',
      numCouponsMissed: 'Int',
    },
  },
  'Splice.ValidatorLicense:ValidatorFaucetCoupon_DsoExpireResult': {
    kind: 'enum',
    constructors: ['ValidatorFaucetCoupon_DsoExpireResult'],
  },
  'Splice.ValidatorLicense:ValidatorLicenseMetadata': {
    kind: 'record',
    params: [],
    fields: {
      lastUpdatedAt: 'Time',
      version: 'Text',
      contactPoint: 'Text',
    },
  },
  'Splice.ValidatorLicense:ValidatorLicense_CancelResult': {
    kind: 'enum',
    constructors: ['ValidatorLicense_CancelResult'],
  },
  'Splice.ValidatorLicense:ValidatorLicense_ReceiveFaucetCouponResult': {
    kind: 'record',
    params: [],
    fields: {
      licenseCid: 'ContractId',
      couponCid: 'ContractId',
    },
  },
  'Splice.ValidatorLicense:ValidatorLicense_RecordValidatorLivenessActivityResult': {
    kind: 'record',
    params: [],
    fields: {
      licenseCid: 'ContractId',
      couponCid: 'ContractId',
    },
  },
  'Splice.ValidatorLicense:ValidatorLicense_ReportActiveResult': {
    kind: 'record',
    params: [],
    fields: {
      licenseCid: 'ContractId',
    },
  },
  'Splice.ValidatorLicense:ValidatorLicense_UpdateMetadataResult': {
    kind: 'record',
    params: [],
    fields: {
      licenseCid: 'ContractId',
    },
  },
  'Splice.ValidatorLicense:ValidatorLicense_WithdrawResult': {
    kind: 'enum',
    constructors: ['ValidatorLicense_WithdrawResult'],
  },
  'Splice.ValidatorLicense:ValidatorLivenessActivityRecord_DsoExpireResult': {
    kind: 'enum',
    constructors: ['ValidatorLivenessActivityRecord_DsoExpireResult'],
  },
  'Splice.Wallet.Payment:PaymentAmount': {
    kind: 'record',
    params: [],
    fields: {
      amount: 'Decimal',
      unit: 'Splice.Wallet.Payment:Unit',
    },
  },
  'Splice.Wallet.Payment:ReceiverAmount': {
    kind: 'record',
    params: [],
    fields: {
      receiver: 'Party',
      amount: 'Splice.Wallet.Payment:PaymentAmount',
    },
  },
  'Splice.Wallet.Payment:ReceiverAmuletAmount': {
    kind: 'record',
    params: [],
    fields: {
      receiver: 'Party',
      amuletAmount: 'Decimal',
    },
  },
  'Splice.Wallet.Payment:Unit': { kind: 'enum', constructors: ['USDUnit', 'AmuletUnit', 'ExtUnit'] },
  'Splice.Wallet.Subscriptions:SubscriptionData': {
    kind: 'record',
    params: [],
    fields: {
      sender: 'Party',
      receiver: 'Party',
      provider: 'Party',
      dso: 'Party',
      description: 'Text',
    },
  },
  'Splice.Wallet.Subscriptions:Subscription_ArchiveResult': {
    kind: 'record',
    params: [],
    fields: {
      terminatedSubscription: 'ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState_CancelSubscriptionResult': {
    kind: 'record',
    params: [],
    fields: {
      terminatedSubscription: 'ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState_ExpireSubscription': {
    kind: 'record',
    params: [],
    fields: {
      actor: 'Party',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState_MakePaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      subscriptionPayment: 'ContractId',
      senderChange: 'Optional ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionIdleState_ExpireSubscriptionResult': {
    kind: 'record',
    params: [],
    fields: {
      terminatedSubscription: 'ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionInitialPayment_CollectResult': {
    kind: 'record',
    params: [],
    fields: {
      subscription: 'ContractId',
      subscriptionState: 'ContractId',
      amulet: 'ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionPayData': {
    kind: 'record',
    params: [],
    fields: {
      paymentAmount: 'Splice.Wallet.Payment:PaymentAmount',
      paymentInterval: 'RelTime',
      paymentDuration: 'RelTime',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionPayment_CollectResult': {
    kind: 'record',
    params: [],
    fields: {
      subscriptionState: 'ContractId',
      amulet: 'ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionRequest_AcceptAndMakePaymentResult': {
    kind: 'record',
    params: [],
    fields: {
      subscriptionPayment: 'ContractId',
      senderChange: 'Optional ContractId',
    },
  },
  'Splice.Wallet.Subscriptions:SubscriptionRequest_RejectResult': {
    kind: 'record',
    params: [],
    fields: {
      terminatedSubscription: 'ContractId',
    },
  },
};

/** Every (template or interface, choice) of those Daml packages, `Module:Template:Choice`, described above or not. */
export const SPLICE_CHOICE_NAMES: ReadonlySet<string> = new Set([
  'Splice.Amulet.RewardAccountingV2:ProcessRewardsV2:ProcessRewardsV2_ProcessBatch',
  'Splice.Amulet:Amulet:Amulet_Expire',
  'Splice.Amulet:Amulet:Amulet_ExpireV2',
  'Splice.Amulet:AppRewardCoupon:AppRewardCoupon_DsoExpire',
  'Splice.Amulet:DevelopmentFundCoupon:DevelopmentFundCoupon_DsoExpire',
  'Splice.Amulet:DevelopmentFundCoupon:DevelopmentFundCoupon_Reject',
  'Splice.Amulet:DevelopmentFundCoupon:DevelopmentFundCoupon_Withdraw',
  'Splice.Amulet:FeaturedAppRight:FeaturedAppRight_Cancel',
  'Splice.Amulet:FeaturedAppRight:FeaturedAppRight_Update',
  'Splice.Amulet:FeaturedAppRight:FeaturedAppRight_Withdraw',
  'Splice.Amulet:LockedAmulet:LockedAmulet_ExpireAmulet',
  'Splice.Amulet:LockedAmulet:LockedAmulet_ExpireAmuletV2',
  'Splice.Amulet:LockedAmulet:LockedAmulet_OwnerExpireLock',
  'Splice.Amulet:LockedAmulet:LockedAmulet_OwnerExpireLockV2',
  'Splice.Amulet:LockedAmulet:LockedAmulet_Unlock',
  'Splice.Amulet:LockedAmulet:LockedAmulet_UnlockV2',
  'Splice.Amulet:SvRewardCoupon:SvRewardCoupon_ArchiveAsBeneficiary',
  'Splice.Amulet:SvRewardCoupon:SvRewardCoupon_DsoExpire',
  'Splice.Amulet:UnclaimedActivityRecord:UnclaimedActivityRecord_DsoExpire',
  'Splice.Amulet:ValidatorRewardCoupon:ValidatorRewardCoupon_ArchiveAsValidator',
  'Splice.Amulet:ValidatorRewardCoupon:ValidatorRewardCoupon_DsoExpire',
  'Splice.Amulet:ValidatorRight:ValidatorRight_ArchiveAsUser',
  'Splice.Amulet:ValidatorRight:ValidatorRight_ArchiveAsValidator',
  'Splice.AmuletAllocation:AmuletAllocation:AmuletAllocation_DsoExpire',
  'Splice.AmuletRules:AmuletRules:AmuletRules_AddFutureAmuletConfigSchedule',
  'Splice.AmuletRules:AmuletRules:AmuletRules_AdvanceOpenMiningRounds',
  'Splice.AmuletRules:AmuletRules:AmuletRules_AllocateDevelopmentFundCoupon',
  'Splice.AmuletRules:AmuletRules:AmuletRules_Amulet_ExpireTransferInstructions',
  'Splice.AmuletRules:AmuletRules:AmuletRules_ArchiveDryRunRewardAccountingV2',
  'Splice.AmuletRules:AmuletRules:AmuletRules_BootstrapExternalPartyConfigState',
  'Splice.AmuletRules:AmuletRules:AmuletRules_Bootstrap_Rounds',
  'Splice.AmuletRules:AmuletRules:AmuletRules_BuyMemberTraffic',
  'Splice.AmuletRules:AmuletRules:AmuletRules_ClaimExpiredRewards',
  'Splice.AmuletRules:AmuletRules:AmuletRules_ClaimExpiredRewardsV2',
  'Splice.AmuletRules:AmuletRules:AmuletRules_ComputeFees',
  'Splice.AmuletRules:AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkers',
  'Splice.AmuletRules:AmuletRules:AmuletRules_CreateExternalPartySetupProposal',
  'Splice.AmuletRules:AmuletRules:AmuletRules_CreateTransferPreapproval',
  'Splice.AmuletRules:AmuletRules:AmuletRules_DevNet_FeatureApp',
  'Splice.AmuletRules:AmuletRules:AmuletRules_DevNet_Tap',
  'Splice.AmuletRules:AmuletRules:AmuletRules_Fetch',
  'Splice.AmuletRules:AmuletRules:AmuletRules_MergeMemberTrafficContracts',
  'Splice.AmuletRules:AmuletRules:AmuletRules_MergeUnclaimedDevelopmentFundCoupons',
  'Splice.AmuletRules:AmuletRules:AmuletRules_MergeUnclaimedRewards',
  'Splice.AmuletRules:AmuletRules:AmuletRules_MiningRound_Archive',
  'Splice.AmuletRules:AmuletRules:AmuletRules_MiningRound_Close',
  'Splice.AmuletRules:AmuletRules:AmuletRules_MiningRound_StartIssuing',
  'Splice.AmuletRules:AmuletRules:AmuletRules_Mint',
  'Splice.AmuletRules:AmuletRules:AmuletRules_RemoveFutureAmuletConfigSchedule',
  'Splice.AmuletRules:AmuletRules:AmuletRules_SetConfig',
  'Splice.AmuletRules:AmuletRules:AmuletRules_StartProcessingRewardsV2',
  'Splice.AmuletRules:AmuletRules:AmuletRules_Transfer',
  'Splice.AmuletRules:AmuletRules:AmuletRules_UnhideRewardCouponsV2',
  'Splice.AmuletRules:AmuletRules:AmuletRules_UpdateExternalPartyConfigStates',
  'Splice.AmuletRules:AmuletRules:AmuletRules_UpdateFutureAmuletConfigSchedule',
  'Splice.AmuletRules:ExternalPartySetupProposal:ExternalPartySetupProposal_Accept',
  'Splice.AmuletRules:ExternalPartySetupProposal:ExternalPartySetupProposal_Reject',
  'Splice.AmuletRules:ExternalPartySetupProposal:ExternalPartySetupProposal_Withdraw',
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Cancel',
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Expire',
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Fetch',
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Renew',
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_Send',
  'Splice.AmuletRules:TransferPreapproval:TransferPreapproval_SendV2',
  'Splice.Ans.AmuletConversionRateFeed:AmuletConversionRateFeed:AmuletConversionRateFeed_ArchiveAsDso',
  'Splice.Ans.AmuletConversionRateFeed:AmuletConversionRateFeed:AmuletConversionRateFeed_Update',
  'Splice.Ans:AnsEntry:AnsEntry_Expire',
  'Splice.Ans:AnsEntry:AnsEntry_Renew',
  'Splice.Ans:AnsEntryContext:AnsEntryContext_CollectEntryRenewalPayment',
  'Splice.Ans:AnsEntryContext:AnsEntryContext_CollectInitialEntryPayment',
  'Splice.Ans:AnsEntryContext:AnsEntryContext_RejectEntryInitialPayment',
  'Splice.Ans:AnsEntryContext:AnsEntryContext_Terminate',
  'Splice.Ans:AnsRules:AnsRules_CollectEntryRenewalPayment',
  'Splice.Ans:AnsRules:AnsRules_CollectInitialEntryPayment',
  'Splice.Ans:AnsRules:AnsRules_RejectEntryInitialPayment',
  'Splice.Ans:AnsRules:AnsRules_RequestEntry',
  'Splice.Api.FeaturedAppRightV1:FeaturedAppRight:FeaturedAppRight_CreateActivityMarker',
  'Splice.Api.FeaturedAppRightV2:FeaturedAppRight:FeaturedAppRight_CreateActivityMarker',
  'Splice.Api.Token.AllocationInstructionV1:AllocationFactory:AllocationFactory_Allocate',
  'Splice.Api.Token.AllocationInstructionV1:AllocationFactory:AllocationFactory_PublicFetch',
  'Splice.Api.Token.AllocationInstructionV1:AllocationInstruction:AllocationInstruction_Update',
  'Splice.Api.Token.AllocationInstructionV1:AllocationInstruction:AllocationInstruction_Withdraw',
  'Splice.Api.Token.AllocationInstructionV2:AllocationFactory:AllocationFactory_Allocate',
  'Splice.Api.Token.AllocationInstructionV2:AllocationFactory:AllocationFactory_PublicFetch',
  'Splice.Api.Token.AllocationInstructionV2:AllocationInstruction:AllocationInstruction_Accept',
  'Splice.Api.Token.AllocationInstructionV2:AllocationInstruction:AllocationInstruction_Withdraw',
  'Splice.Api.Token.AllocationRequestV1:AllocationRequest:AllocationRequest_Reject',
  'Splice.Api.Token.AllocationRequestV1:AllocationRequest:AllocationRequest_Withdraw',
  'Splice.Api.Token.AllocationRequestV2:AllocationRequest:AllocationRequest_Accept',
  'Splice.Api.Token.AllocationRequestV2:AllocationRequest:AllocationRequest_Reject',
  'Splice.Api.Token.AllocationRequestV2:AllocationRequest:AllocationRequest_Withdraw',
  'Splice.Api.Token.AllocationV1:Allocation:Allocation_Cancel',
  'Splice.Api.Token.AllocationV1:Allocation:Allocation_ExecuteTransfer',
  'Splice.Api.Token.AllocationV1:Allocation:Allocation_Withdraw',
  'Splice.Api.Token.AllocationV2:Allocation:Allocation_Cancel',
  'Splice.Api.Token.AllocationV2:Allocation:Allocation_Settle',
  'Splice.Api.Token.AllocationV2:Allocation:Allocation_Withdraw',
  'Splice.Api.Token.AllocationV2:SettlementFactory:SettlementFactory_PublicFetch',
  'Splice.Api.Token.AllocationV2:SettlementFactory:SettlementFactory_SettleBatch',
  'Splice.Api.Token.TransferEventsV2:EventLog:EventLog_HoldingsChange',
  'Splice.Api.Token.TransferInstructionV1:TransferFactory:TransferFactory_PublicFetch',
  'Splice.Api.Token.TransferInstructionV1:TransferFactory:TransferFactory_Transfer',
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Accept',
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Reject',
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Update',
  'Splice.Api.Token.TransferInstructionV1:TransferInstruction:TransferInstruction_Withdraw',
  'Splice.Api.Token.TransferInstructionV2:TransferFactory:TransferFactory_PublicFetch',
  'Splice.Api.Token.TransferInstructionV2:TransferFactory:TransferFactory_Transfer',
  'Splice.Api.Token.TransferInstructionV2:TransferInstruction:TransferInstruction_Accept',
  'Splice.Api.Token.TransferInstructionV2:TransferInstruction:TransferInstruction_Reject',
  'Splice.Api.Token.TransferInstructionV2:TransferInstruction:TransferInstruction_Withdraw',
  'Splice.DsoBootstrap:DsoBootstrap:DsoBootstrap_Bootstrap',
  'Splice.DsoRules:Confirmation:Confirmation_Expire',
  'Splice.DsoRules:DsoRules:DsoRules_AddConfirmedSv',
  'Splice.DsoRules:DsoRules:DsoRules_AddSv',
  'Splice.DsoRules:DsoRules:DsoRules_AdvanceOpenMiningRounds',
  'Splice.DsoRules:DsoRules:DsoRules_AllocateUnallocatedUnclaimedActivityRecord',
  'Splice.DsoRules:DsoRules:DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkers',
  'Splice.DsoRules:DsoRules:DsoRules_Amulet_Expire',
  'Splice.DsoRules:DsoRules:DsoRules_Amulet_ExpireTransferInstructions',
  'Splice.DsoRules:DsoRules:DsoRules_Amulet_ExpireV2',
  'Splice.DsoRules:DsoRules:DsoRules_ArchiveDryRunRewardAccountingV2',
  'Splice.DsoRules:DsoRules:DsoRules_ArchiveOutdatedElectionRequest',
  'Splice.DsoRules:DsoRules:DsoRules_ArchiveSvOnboardingRequest',
  'Splice.DsoRules:DsoRules:DsoRules_BootstrapExternalPartyConfigState',
  'Splice.DsoRules:DsoRules:DsoRules_CastVote',
  'Splice.DsoRules:DsoRules:DsoRules_ClaimExpiredRewards',
  'Splice.DsoRules:DsoRules:DsoRules_ClaimExpiredRewardsV2',
  'Splice.DsoRules:DsoRules:DsoRules_CloseVoteRequest',
  'Splice.DsoRules:DsoRules:DsoRules_CollectEntryRenewalPayment',
  'Splice.DsoRules:DsoRules:DsoRules_ConfirmAction',
  'Splice.DsoRules:DsoRules:DsoRules_ConfirmSvOnboarding',
  'Splice.DsoRules:DsoRules:DsoRules_CreateBootstrapExternalPartyConfigStateInstruction',
  'Splice.DsoRules:DsoRules:DsoRules_CreateExternalPartyAmuletRules',
  'Splice.DsoRules:DsoRules:DsoRules_CreateTransferCommandCounter',
  'Splice.DsoRules:DsoRules:DsoRules_CreateUnallocatedUnclaimedActivityRecord',
  'Splice.DsoRules:DsoRules:DsoRules_ElectDsoDelegate',
  'Splice.DsoRules:DsoRules:DsoRules_ExecuteConfirmedAction',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireAmuletAllocations',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireAmuletAllocationsV2',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireAnsEntry',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireDevelopmentFundCoupon',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireStaleConfirmation',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireSubscription',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireSvOnboardingConfirmed',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireSvOnboardingRequest',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireTransferPreapproval',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireUnallocatedUnclaimedActivityRecord',
  'Splice.DsoRules:DsoRules:DsoRules_ExpireUnclaimedActivityRecord',
  'Splice.DsoRules:DsoRules:DsoRules_GarbageCollectAmuletPriceVotes',
  'Splice.DsoRules:DsoRules:DsoRules_GrantFeaturedAppRight',
  'Splice.DsoRules:DsoRules:DsoRules_LockedAmulet_ExpireAmulet',
  'Splice.DsoRules:DsoRules:DsoRules_LockedAmulet_ExpireAmuletV2',
  'Splice.DsoRules:DsoRules:DsoRules_MergeMemberTrafficContracts',
  'Splice.DsoRules:DsoRules:DsoRules_MergeSvRewardState',
  'Splice.DsoRules:DsoRules:DsoRules_MergeUnclaimedDevelopmentFundCoupons',
  'Splice.DsoRules:DsoRules:DsoRules_MergeUnclaimedRewards',
  'Splice.DsoRules:DsoRules:DsoRules_MergeValidatorLicense',
  'Splice.DsoRules:DsoRules:DsoRules_MiningRound_Close',
  'Splice.DsoRules:DsoRules:DsoRules_OffboardSv',
  'Splice.DsoRules:DsoRules:DsoRules_OnboardValidator',
  'Splice.DsoRules:DsoRules:DsoRules_ProcessRewardsV2_ProcessBatch',
  'Splice.DsoRules:DsoRules:DsoRules_PruneAmuletConfigSchedule',
  'Splice.DsoRules:DsoRules:DsoRules_ReceiveSvRewardCoupon',
  'Splice.DsoRules:DsoRules:DsoRules_RequestElection',
  'Splice.DsoRules:DsoRules:DsoRules_RequestVote',
  'Splice.DsoRules:DsoRules:DsoRules_RevokeFeaturedAppRight',
  'Splice.DsoRules:DsoRules:DsoRules_SetConfig',
  'Splice.DsoRules:DsoRules:DsoRules_SetSynchronizerNodeConfig',
  'Splice.DsoRules:DsoRules:DsoRules_StartSvOnboarding',
  'Splice.DsoRules:DsoRules:DsoRules_SubmitStatusReport',
  'Splice.DsoRules:DsoRules:DsoRules_TerminateSubscription',
  'Splice.DsoRules:DsoRules:DsoRules_UnhideRewardCouponsV2',
  'Splice.DsoRules:DsoRules:DsoRules_UpdateAmuletPriceVote',
  'Splice.DsoRules:DsoRules:DsoRules_UpdateExternalPartyConfigStates',
  'Splice.DsoRules:DsoRules:DsoRules_UpdateFeaturedAppRight',
  'Splice.DsoRules:DsoRules:DsoRules_UpdateSvRewardWeight',
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules:ExternalPartyAmuletRules_CreateTransferCommand',
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocations',
  'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules:ExternalPartyAmuletRules_ExpireAmuletAllocationsV2',
  'Splice.ExternalPartyAmuletRules:TransferCommand:TransferCommand_Expire',
  'Splice.ExternalPartyAmuletRules:TransferCommand:TransferCommand_Send',
  'Splice.ExternalPartyAmuletRules:TransferCommand:TransferCommand_Withdraw',
  'Splice.Round:OpenMiningRound:OpenMiningRound_Fetch',
  'Splice.SvOnboarding:SvOnboardingConfirmed:SvOnboardingConfirmed_Expire',
  'Splice.SvOnboarding:SvOnboardingRequest:SvOnboardingRequest_Expire',
  'Splice.ValidatorLicense:ValidatorFaucetCoupon:ValidatorFaucetCoupon_DsoExpire',
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_Cancel',
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_ReceiveFaucetCoupon',
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_RecordValidatorLivenessActivity',
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_ReportActive',
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_UpdateMetadata',
  'Splice.ValidatorLicense:ValidatorLicense:ValidatorLicense_Withdraw',
  'Splice.ValidatorLicense:ValidatorLivenessActivityRecord:ValidatorLivenessActivityRecord_DsoExpire',
  'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest:BuyTrafficRequest_Cancel',
  'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest:BuyTrafficRequest_Complete',
  'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest:BuyTrafficRequest_Expire',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AcceptedTransferOffer_Abort',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AcceptedTransferOffer_Expire',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AcceptedTransferOffer_Withdraw',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AllocationFactoryV2_Allocate',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AllocationFactory_Allocate',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AllocationInstructionV2_Accept',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AllocationInstructionV2_Withdraw',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AllocationV2_Withdraw',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_Allocation_Withdraw',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AppPaymentRequest_Expire',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_AppPaymentRequest_Reject',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_BuyTrafficRequest_Cancel',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_BuyTrafficRequest_Expire',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_CreateBuyTrafficRequest',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_CreateTransferOffer',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_ExecuteBatch',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_FeaturedAppRights_Cancel',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_FeaturedAppRights_SelfGrant',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_SubscriptionIdleState_CancelSubscription',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_SubscriptionRequest_Reject',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferFactoryV2_Transfer',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferFactory_Transfer',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferInstructionV2_Accept',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferInstructionV2_Reject',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferInstructionV2_Withdraw',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferInstruction_Accept',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferInstruction_Reject',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferInstruction_Withdraw',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferOffer_Accept',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferOffer_Expire',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferOffer_Reject',
  'Splice.Wallet.Install:WalletAppInstall:WalletAppInstall_TransferOffer_Withdraw',
  'Splice.Wallet.MintingDelegation:MintingDelegation:MintingDelegation_AssignAndMint',
  'Splice.Wallet.MintingDelegation:MintingDelegation:MintingDelegation_Mint',
  'Splice.Wallet.MintingDelegation:MintingDelegation:MintingDelegation_Reject',
  'Splice.Wallet.MintingDelegation:MintingDelegation:MintingDelegation_Withdraw',
  'Splice.Wallet.MintingDelegation:MintingDelegationProposal:MintingDelegationProposal_Accept',
  'Splice.Wallet.MintingDelegation:MintingDelegationProposal:MintingDelegationProposal_Reject',
  'Splice.Wallet.MintingDelegation:MintingDelegationProposal:MintingDelegationProposal_Withdraw',
  'Splice.Wallet.Payment:AcceptedAppPayment:AcceptedAppPayment_Collect',
  'Splice.Wallet.Payment:AcceptedAppPayment:AcceptedAppPayment_Expire',
  'Splice.Wallet.Payment:AcceptedAppPayment:AcceptedAppPayment_Reject',
  'Splice.Wallet.Payment:AppPaymentRequest:AppPaymentRequest_Accept',
  'Splice.Wallet.Payment:AppPaymentRequest:AppPaymentRequest_Expire',
  'Splice.Wallet.Payment:AppPaymentRequest:AppPaymentRequest_Reject',
  'Splice.Wallet.Payment:AppPaymentRequest:AppPaymentRequest_Withdraw',
  'Splice.Wallet.Subscriptions:Subscription:Subscription_Archive',
  'Splice.Wallet.Subscriptions:SubscriptionIdleState:SubscriptionIdleState_CancelSubscription',
  'Splice.Wallet.Subscriptions:SubscriptionIdleState:SubscriptionIdleState_ExpireSubscription',
  'Splice.Wallet.Subscriptions:SubscriptionIdleState:SubscriptionIdleState_MakePayment',
  'Splice.Wallet.Subscriptions:SubscriptionInitialPayment:SubscriptionInitialPayment_Collect',
  'Splice.Wallet.Subscriptions:SubscriptionInitialPayment:SubscriptionInitialPayment_Expire',
  'Splice.Wallet.Subscriptions:SubscriptionInitialPayment:SubscriptionInitialPayment_Reject',
  'Splice.Wallet.Subscriptions:SubscriptionPayment:SubscriptionPayment_Collect',
  'Splice.Wallet.Subscriptions:SubscriptionPayment:SubscriptionPayment_Expire',
  'Splice.Wallet.Subscriptions:SubscriptionPayment:SubscriptionPayment_Reject',
  'Splice.Wallet.Subscriptions:SubscriptionRequest:SubscriptionRequest_AcceptAndMakePayment',
  'Splice.Wallet.Subscriptions:SubscriptionRequest:SubscriptionRequest_Reject',
  'Splice.Wallet.Subscriptions:SubscriptionRequest:SubscriptionRequest_Withdraw',
  'Splice.Wallet.TransferOffer:AcceptedTransferOffer:AcceptedTransferOffer_Abort',
  'Splice.Wallet.TransferOffer:AcceptedTransferOffer:AcceptedTransferOffer_Complete',
  'Splice.Wallet.TransferOffer:AcceptedTransferOffer:AcceptedTransferOffer_Expire',
  'Splice.Wallet.TransferOffer:AcceptedTransferOffer:AcceptedTransferOffer_Withdraw',
  'Splice.Wallet.TransferOffer:TransferOffer:TransferOffer_Accept',
  'Splice.Wallet.TransferOffer:TransferOffer:TransferOffer_Expire',
  'Splice.Wallet.TransferOffer:TransferOffer:TransferOffer_Reject',
  'Splice.Wallet.TransferOffer:TransferOffer:TransferOffer_Withdraw',
  'Splice.Wallet.TransferPreapproval:TransferPreapprovalProposal:TransferPreapprovalProposal_Accept',
]);
