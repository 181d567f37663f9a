// The public surface of the domain: what the apps, libs and tools use, named one by one.
export {
  AUTH_KEY_VARIABLES,
  ConfigError,
  DEVELOPMENT_HS256_SECRET,
  DEVELOPMENT_MODE_WARNING,
  developmentAuthDefault,
  loadConfig,
  missingAuthKeyProblem,
  requireMirrorScanUrls,
} from './config/app-config';
export { parseRateLimits, RATE_LIMIT_GROUPS, rateLimitRuleFor } from './config/rate-limits';
export type { RateLimitGroup, RateLimitRule, TrustProxy } from './config/rate-limits';
export type {
  AppConfig,
  AuthConfig,
  HttpAppConfig,
  LoadConfigOptions,
  LogFormat,
  ScanApiConfig,
  ScanMirrorConfig,
  ScanUiConfig,
  GroupAppConfig,
  SimulationConfig,
} from './config/app-config';
export { ActiveContractsRepository } from './contracts/active-contracts.repository';
export type { ContractWithState } from './contracts/active-contracts.repository';
export { isWriteRefused, withSuppliedBlobs } from './contracts/supplied-blobs';
export { toCompact, type NumericStyle } from './daml-value/compact';
export {
  bigDecimalText,
  dateDaysOf,
  dateText,
  fewestDigitsText,
  instantText,
  plainDecimalText,
  timestampMicrosOf,
} from './daml-value/daml-scalars';
export {
  formatDamlDecimal,
  mulDamlDecimal,
  parseDamlDecimal,
  wholeDamlDecimal,
} from './daml-value/daml-decimal';
export { fromCompact } from './daml-value/daml-type';
export { V } from './daml-value/daml-value.builders';
export type { CompactValue, DamlIdentifier, DamlValue } from './daml-value/daml-value.types';
export { assertDamlValue, isDamlValue } from './daml-value/daml-value.validation';
export * from './database';
export {
  ensureHistoryPartitions,
  historyPartitionName,
  PARTITIONED_HISTORY_TABLES,
} from './history/history-partitions';
export { DsoInfoService } from './dso/dso-info.service';
export type { AmuletRulesInfo, DsoInfo } from './dso/dso-info.service';
export { DsoRepository } from './dso/dso.repository';
export { NetworkContractsRepository } from './dso/network-contracts.repository';
export { NetworkContractsService, miningRoundsTimeToLive } from './dso/network-contracts.service';
export { MemberTrafficRepository } from './scan/traffic/member-traffic.repository';
export type { MemberTrafficRecord } from './scan/traffic/member-traffic.repository';
export { MemberTrafficService, memberTrafficStatus } from './scan/traffic/member-traffic.service';
export type { MemberTrafficStatus } from './scan/traffic/member-traffic.service';
export { SynchronizerStateRepository } from './scan/synchronizer-state/synchronizer-state.repository';
export type {
  SynchronizerMember,
  SynchronizerStateKind,
  TrafficStateCopy,
  UnhostedParty,
} from './scan/synchronizer-state/synchronizer-state.repository';
export type {
  AmuletRulesRequest,
  AmuletRulesUpdate,
  DsoPartyIdInfo,
  FeaturedAppRightInfo,
  OpenAndIssuingMiningRounds,
  OpenAndIssuingMiningRoundsRequest,
  ProxyOpenAndIssuingMiningRounds,
  TransferPreapprovalInfo,
} from './dso/network-contracts.service';
export { SvNodesService, LEGACY_SEQUENCER_AVAILABLE_AFTER } from './dso/sv-nodes.service';
export type { DsoScans, DsoSequencers, SvBftSequencers } from './dso/sv-nodes.service';
export { DsoContractListsRepository, MAX_CURRENT_LIST } from './dso/dso-contract-lists.repository';
export { DsoContractListsService, DEFAULT_LICENSES_PAGE } from './dso/dso-contract-lists.service';
export type {
  ClosedRounds,
  ExternalPartyAmuletRulesUpdate,
  FeaturedAppRightLookup,
  FeaturedAppRights,
  ValidatorLicensesPage,
} from './dso/dso-contract-lists.service';
export { NetworkConfigRepository, AMULET_PRICE_VOTE } from './dso/network-config.repository';
export { NetworkConfigService, dollarsToAmulet } from './dso/network-config.service';
export type {
  AmuletConfigForRound,
  AmuletPriceVotes,
  FeatureSupport,
  MigrationSchedule,
  SpliceInstanceNames,
  SpliceInstanceNamesConfig,
} from './dso/network-config.service';
export { votingThreshold } from './dso/voting-threshold';
export { ValidatorUserService } from './dso/validator-user.service';
export type { ValidatorIdentity, ValidatorUserInfo } from './dso/validator-user.service';
export { DomainError, DomainErrorCode, isDatabaseUnavailable, notImplemented } from './errors/domain-error';
export { canonicalJson } from './history/canonical-json';
export { deriveCreatedEventBlob } from './history/created-event-blob';
export { LedgerWriter } from './history/ledger-writer';
export { EVENT_PARTY_IDS, lookupPartyIds, partyIdsOf, partyNamesOf } from './parties/party-sql';
export {
  synchronizerIdOf,
  synchronizerNameOf,
  synchronizerNameOfOne,
} from './synchronizers/synchronizer-sql';
export type {
  AppendOptions,
  AppendResult,
  LedgerWriterOptions,
  PipelinedBatch,
  PreparedBatch,
  WriterObserver,
  WriterPipeline,
} from './history/ledger-writer';
export { decodeScanOffset, encodeScanOffset } from './history/scan-offset';
export { readOffsetBounds, type OffsetBounds } from './history/offset-bounds';
export { IMPORT_RECORD_TIME, isAssignment, isTransaction } from './history/update-history.types';
export type {
  HistoryCreatedEvent,
  HistoryExercisedEvent,
  HistoryReassignment,
  HistoryTransaction,
  HistoryTreeEvent,
  HistoryUpdate,
} from './history/update-history.types';
export { ingestUpdates } from './ingest/ingest';
export type { IngestProgress } from './ingest/ingest';
export {
  fileChunks,
  isZstdName,
  jsonLines,
  readUpdateSource,
  responseItems,
  zstdChunks,
} from './ingest/update-source';
export type { UpdateSourceOptions } from './ingest/update-source';
export { setUninterpretablePayloadSink } from './history/payload-reader';
export type { UninterpretablePayload, UninterpretablePayloadSink } from './history/payload-reader';
export { ensureDevelopmentAdmin } from './ledger/development-admin';
export { LedgerActiveContractsRepository } from './ledger/ledger-active-contracts.repository';
export { LedgerActiveContractsService } from './ledger/ledger-active-contracts.service';
export { LedgerEndWatcher } from './ledger/ledger-end-watcher';
export { LedgerPartiesRepository } from './ledger/ledger-parties.repository';
export { LedgerPartiesService, MAX_PARTIES_PAGE_SIZE } from './ledger/ledger-parties.service';
export { LedgerPruningRepository } from './ledger/ledger-pruning.repository';
export { LedgerPruningService } from './ledger/ledger-pruning.service';
export { LedgerSynchronizersRepository } from './ledger/ledger-synchronizers.repository';
export { LedgerSynchronizersService } from './ledger/ledger-synchronizers.service';
export { LedgerUpdatesRepository } from './ledger/ledger-updates.repository';
export { LedgerUpdatesService, MAX_STREAM_IDLE_TIMEOUT_MS } from './ledger/ledger-updates.service';
export { LedgerUsersRepository } from './ledger/ledger-users.repository';
export type { LedgerUser } from './ledger/ledger-users.repository';
export {
  DEVELOPMENT_ADMIN_USER,
  LedgerUsersService,
  MAX_USERS_PAGE_SIZE,
} from './ledger/ledger-users.service';
export { LEDGER_API_VERSION, LedgerVersionService } from './ledger/ledger-version.service';
export { ParticipantIdentityService } from './ledger/participant-identity.service';
export type { ChoiceContext, FactoryWithChoiceContext } from './registry/choice-context';
export { TokenRegistryRepository } from './registry/token-registry.repository';
export { TokenRegistryService } from './registry/token-registry.service';
export type { InstrumentMetadata } from './registry/instrument-metadata';
export type { AllocationChoice } from './registry/token-registry.service';
export { TransferInstructionRepository } from './registry/transfer-instruction.repository';
export { TransferInstructionService } from './registry/transfer-instruction.service';
export type {
  TransferFactoryWithChoiceContext,
  TransferInstructionChoice,
  TransferKind,
} from './registry/transfer-instruction.service';
export { AcsSnapshotsRepository } from './scan/acs/acs-snapshots.repository';
export { AcsRepository, acsPageStatement, acsRowCheckStatement } from './scan/acs/acs.repository';
export { JsonText } from './wire/json-text';
export { AcsService } from './scan/acs/acs.service';
export { AcsExportService, type AcsExportResponse } from './scan/acs-export/acs-export.service';
export { AcsExportRepository } from './scan/acs-export/acs-export.repository';
export { encodeAcsExport, type ExportedContract } from './scan/acs-export/acs-export.codec';
export { ForcedAcsSnapshots } from './scan/acs/forced-snapshots';
export { BackfillingRepository } from './scan/backfilling/backfilling.repository';
export { BackfillingService } from './scan/backfilling/backfilling.service';
export { DevelopmentFundService } from './scan/development-fund/development-fund.service';
export { ValidatorFaucetsRepository } from './scan/faucets/validator-faucets.repository';
export { ValidatorFaucetsService } from './scan/faucets/validator-faucets.service';
export { VoteResultsRepository } from './scan/governance/vote-results.repository';
export { VoteResultsService, voteResultKeyOf, voteResultToken } from './scan/governance/vote-results.service';
export type { VoteResultsPage } from './scan/governance/vote-results.service';
export { VoteRequestsRepository } from './scan/governance/vote-requests.repository';
export { VoteRequestsService } from './scan/governance/vote-requests.service';
export {
  TransferCommandsRepository,
  type TransferCommandRow,
} from './scan/transfer-commands/transfer-commands.repository';
export {
  MAX_TRANSFER_COMMANDS,
  TransferCommandsService,
  type TransferCommandCounterLookup,
  type TransferCommandStatusLookup,
} from './scan/transfer-commands/transfer-commands.service';
export { TransactionLogRepository, type LogUnit } from './scan/transactions/transaction-log.repository';
export {
  MAX_TRANSACTION_LOG_PAGE,
  TransactionLogService,
  type TransactionHistoryPage,
  type TransactionHistoryRequest,
} from './scan/transactions/transaction-log.service';
export { AnsEntriesRepository, type AnsEntryRow } from './scan/ans/ans-entries.repository';
export {
  AnsEntriesService,
  type AnsEntriesList,
  type AnsEntry,
  type AnsEntryLookup,
  type AnsRulesRequest,
  type AnsRulesUpdate,
} from './scan/ans/ans-entries.service';
export type {
  VoteRequestLookup,
  VoteRequestsByTrackingId,
  VoteRequestsList,
} from './scan/governance/vote-requests.service';
export {
  HoldingsRepository,
  holdingsPageStatement,
  holdingsSummaryStatement,
  holdingsSummaryWithFeesStatement,
} from './scan/holdings/holdings.repository';
export { HoldingsService } from './scan/holdings/holdings.service';
export { EventHistoryRepository } from './scan/events/event-history.repository';
export { EventHistoryService } from './scan/events/event-history.service';
export {
  computeAppActivity,
  DEFAULT_APP_ACTIVITY_WEIGHT,
  MAX_TRAFFIC_COST_BYTES,
  type AppActivityContext,
} from './scan/events/app-activity';
export { packVerdict, unpackVerdict } from './scan/events/verdict-codec';
export { isVerdictItem } from './scan/events/verdict-item';
export { isHostingItem, parseHostingItem } from './scan/hosting/hosting-item';
export type { HistoryHostingItem, HostingRow } from './scan/hosting/hosting-item';
export { PartyHostingRepository } from './scan/hosting/party-hosting.repository';
export { PartyHostingService } from './scan/hosting/party-hosting.service';
export type {
  HistoryAppActivityRecords,
  HistoryTrafficSummary,
  HistoryVerdict,
  HistoryVerdictItem,
} from './scan/events/verdict-item';
export {
  computeActivityTotals,
  RewardAccountingRepository,
} from './scan/rewards/reward-accounting.repository';
export { RewardAccountingService } from './scan/rewards/reward-accounting.service';
export { deriveIssuanceParams } from './scan/rewards/reward-issuance';
export type { RewardInputs, RewardIssuanceParams } from './scan/rewards/reward-issuance';
export {
  UpdateHistoryRepository,
  updateTreeColumns,
  updateTreeStatement,
  type UpdateTreeRow,
} from './scan/updates/update-history.repository';
export { itemTexts } from './scan/updates/update-history.mapper';
export { UpdateHistoryService } from './scan/updates/update-history.service';
export {
  ExplorerUpdatesRepository,
  explorerUpdatesStatement,
} from './scan/explorer/explorer-updates.repository';
export { ExplorerUpdatesService } from './scan/explorer/explorer-updates.service';
export { ExplorerContractsRepository } from './scan/explorer/explorer-contracts.repository';
export { ExplorerContractsService } from './scan/explorer/explorer-contracts.service';
export { ExplorerSearchRepository } from './scan/explorer/explorer-search.repository';
export { ExplorerSearchService } from './scan/explorer/explorer-search.service';
export { NetworkSummaryRepository } from './scan/explorer/network-summary.repository';
export { NetworkSummaryService } from './scan/explorer/network-summary.service';
export { AcsTemplateCountsRepository } from './scan/explorer/acs-template-counts.repository';
export { AcsTemplateCountsService } from './scan/explorer/acs-template-counts.service';
export { MirrorStatusRepository } from './scan/explorer/mirror-status.repository';
export { MirrorStatusService } from './scan/explorer/mirror-status.service';
export { MirrorPeerStatusRepository } from './mirror/mirror-peer-status.repository';
export type { MirrorPeerStatus, MirrorStatusRecord } from './mirror/mirror-peer-status.repository';
export { MirrorBlobsRepository } from './mirror/mirror-blobs.repository';
export type { MissingNetworkBlobs } from './mirror/mirror-blobs.repository';
export { SimulatedNetworkRepository } from './simulation/simulated-network.repository';
export type { SimulatedNetworkRecord, StoredHistoryEnd } from './simulation/simulated-network.repository';
export { microsToTimestamp, timestampToMicros } from './snapshots/snapshot-schedule';
export { formatMicros, isStorableTimestamp } from './time/micros';
export type {
  AmuletConfig,
  AmuletRulesPayload,
  ExternalPartyConfigStatePayload,
  ValidatorLivenessActivityRecordPayload,
  TransferPreapprovalPayload,
  ValidatorLicensePayload,
} from './splice/amulet-rules.payloads';
export { amuletConfigScheduleItemType, amuletConfigType } from './splice/amulet-rules.payloads';
export {
  allocationSpecificationType,
  timeLockType,
  tokenTransferType,
  transferResultType,
} from './splice/amulet.payloads';
export type {
  AllocationSpecification,
  AmuletPayload,
  AmuletTransferInstructionPayload,
  LockedAmuletPayload,
  TimeLock,
  TokenTransfer,
  TransferResult,
  TransferSummary,
  BalanceChange,
  Metadata,
  UnclaimedDevelopmentFundCouponPayload,
} from './splice/amulet.payloads';
export {
  buyMemberTrafficArgumentType,
  buyMemberTrafficResultType,
  memberTrafficType,
  validatorRewardCouponType,
} from './splice/traffic.payloads';
export type {
  BuyMemberTrafficArgument,
  BuyMemberTrafficResult,
  MemberTrafficPayload,
  TransferContext,
  ValidatorRewardCouponPayload,
} from './splice/traffic.payloads';
export {
  actionRequiringConfirmationType,
  addSvType,
  closeVoteRequestResultType,
  dsoRulesConfigType,
  synchronizerNodeConfigType,
  voteType,
} from './splice/dso-governance.payloads';
export { openMiningRoundSummaryType } from './splice/mining-round.payloads';
export type {
  ActionRequiringConfirmation,
  AddSv,
  CloseVoteRequestResult,
  DsoRulesConfig,
  DsoRulesPayload,
  SvNodeStatePayload,
  Vote,
  VoteRequestOutcome,
  VoteRequestPayload,
} from './splice/dso-governance.payloads';
export type {
  ClosedMiningRoundPayload,
  IssuanceConfig,
  IssuingMiningRoundPayload,
  OpenMiningRoundPayload,
  OpenMiningRoundSummary,
  RewardConfig,
  SummarizingMiningRoundPayload,
  TransferConfig,
} from './splice/mining-round.payloads';
export type {
  AmuletPriceVotePayload,
  ConfirmationPayload,
  SvRewardStatePayload,
  SvStatusReportPayload,
} from './splice/dso-governance.payloads';
export type { AnsRulesConfig, AnsRulesPayload, DsoBootstrapPayload } from './splice/dso-bootstrap.payloads';
export {
  ansEntryType,
  type AnsEntryContextPayload,
  type AnsEntryPayload,
  type SubscriptionData,
  type SubscriptionPayData,
} from './splice/ans.payloads';
export type { SvRewardCouponPayload, UnclaimedRewardPayload } from './splice/sv-rewards.payloads';
export {
  SpliceChoices,
  SpliceInterfaces,
  SpliceTemplates,
  buildSplicePayload,
  lookupSpliceTemplate,
} from './splice/splice-templates';
export type { SpliceTemplate, SpliceTemplateName } from './splice/splice-templates';
export { BulkHistoryService, type BulkDownload } from './scan/bulk/bulk-history.service';
export { BULK_FRAME_BYTES, BULK_ZSTD_LEVEL, zstdReady } from './scan/bulk/bulk-object-writer';
