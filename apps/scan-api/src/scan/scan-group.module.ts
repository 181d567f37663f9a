import { Module } from '@nestjs/common';
import {
  AcsExportRepository,
  AcsExportService,
  AcsRepository,
  AcsService,
  AcsSnapshotsRepository,
  AcsTemplateCountsRepository,
  AcsTemplateCountsService,
  ActiveContractsRepository,
  BackfillingRepository,
  BackfillingService,
  BulkHistoryService,
  Db,
  ForcedAcsSnapshots,
  ReadDb,
  DevelopmentFundService,
  ExplorerContractsRepository,
  ExplorerContractsService,
  ExplorerSearchRepository,
  ExplorerSearchService,
  ExplorerUpdatesRepository,
  ExplorerUpdatesService,
  HoldingsRepository,
  HoldingsService,
  LedgerActiveContractsRepository,
  LedgerUpdatesRepository,
  MemberTrafficRepository,
  MemberTrafficService,
  PartyHostingRepository,
  PartyHostingService,
  MirrorStatusRepository,
  MirrorStatusService,
  NetworkSummaryRepository,
  NetworkSummaryService,
  RewardAccountingRepository,
  RewardAccountingService,
  TransactionLogRepository,
  TransactionLogService,
  UpdateHistoryRepository,
  UpdateHistoryService,
  EventHistoryRepository,
  EventHistoryService,
  ValidatorFaucetsRepository,
  ValidatorFaucetsService,
  VoteRequestsRepository,
  VoteRequestsService,
  VoteResultsRepository,
  VoteResultsService,
} from '@canton-scan/domain';
import {
  APP_VERSION,
  BUILD_INFO,
  commitTsOf,
  domainProvider,
  fromConfig,
  HealthController,
  HealthService,
  NODE_NAME,
  NodeStatusController,
  NodeStatusService,
  readCommitTime,
  UNKNOWN_COMMIT_TS,
  type BuildInfo,
} from '@canton-scan/http';
import { DsoController } from '../dso/dso.controller';
import { DsoModule } from '../dso/dso.module';
import { AcsController } from './acs/acs.controller';
import { AcsExportController } from './acs/acs-export.controller';
import { AnsController } from './ans/ans.controller';
import { TransferCommandsController } from './transfer-commands/transfer-commands.controller';
import { BackfillingController } from './backfilling/backfilling.controller';
import { BulkHistoryController } from './bulk/bulk-history.controller';
import { DevelopmentFundController } from './development-fund/development-fund.controller';
import { ExplorerController } from './explorer/explorer.controller';
import { VoteRequestsController } from './governance/vote-requests.controller';
import { VoteResultsController } from './governance/vote-results.controller';
import { HoldingsController } from './holdings/holdings.controller';
import { NotImplementedController } from './not-implemented/not-implemented.controller';
import { DsoContractListsController } from './network/dso-contract-lists.controller';
import { NetworkConfigController } from './network/network-config.controller';
import { SvNodesController } from './network/sv-nodes.controller';
import { RewardAccountingController } from './rewards/reward-accounting.controller';
import { EventsController } from './events/events.controller';
import { TrafficController } from './traffic/traffic.controller';
import { HostingController } from './hosting/hosting.controller';
import { UpdatesController } from './updates/updates.controller';
import { TransactionsController } from './transactions/transactions.controller';
import { ValidatorFaucetsController } from './validators/validator-faucets.controller';

/**
 * The scan group, served at SCAN_PREFIX (default /api/scan). Public: no authentication.
 * Each resource has its own controller file; add new ones (and their modules) here.
 */
@Module({
  imports: [DsoModule],
  controllers: [
    HealthController,
    NodeStatusController,
    UpdatesController,
    TransactionsController,
    BackfillingController,
    AcsController,
    AcsExportController,
    BulkHistoryController,
    HoldingsController,
    ValidatorFaucetsController,
    DevelopmentFundController,
    VoteResultsController,
    VoteRequestsController,
    RewardAccountingController,
    EventsController,
    DsoController,
    AnsController,
    TransferCommandsController,
    TrafficController,
    HostingController,
    SvNodesController,
    DsoContractListsController,
    NetworkConfigController,
    ExplorerController,
    NotImplementedController,
  ],
  providers: [
    HealthService,
    NodeStatusService,
    { provide: NODE_NAME, useValue: 'scan-api' },
    {
      provide: BUILD_INFO,
      inject: [APP_VERSION],
      useFactory: (version: string | null): BuildInfo => {
        const commitTime = readCommitTime('@canton-scan/scan-api', __dirname);
        return {
          version: version ?? 'unknown',
          commitTs: commitTime === undefined ? UNKNOWN_COMMIT_TS : commitTsOf(commitTime),
        };
      },
    },
    domainProvider(UpdateHistoryRepository, [ReadDb]),
    domainProvider(UpdateHistoryService, [UpdateHistoryRepository]),
    domainProvider(EventHistoryRepository, [ReadDb]),
    domainProvider(EventHistoryService, [EventHistoryRepository, UpdateHistoryRepository]),
    domainProvider(BackfillingRepository, [ReadDb]),
    domainProvider(BackfillingService, [UpdateHistoryRepository, BackfillingRepository]),
    domainProvider(AcsRepository, [ReadDb]),
    domainProvider(AcsSnapshotsRepository, [ReadDb]),
    domainProvider(AcsService, [AcsRepository, AcsSnapshotsRepository]),
    domainProvider(AcsExportRepository, [ReadDb]),
    domainProvider(LedgerActiveContractsRepository, [ReadDb]),
    domainProvider(LedgerUpdatesRepository, [ReadDb]),
    domainProvider(AcsExportService, [
      AcsExportRepository,
      LedgerActiveContractsRepository,
      LedgerUpdatesRepository,
    ]),
    domainProvider(BulkHistoryService, [
      Db,
      fromConfig((config) => `${config.scanApi.publicUrl}${config.scanApi.prefix}`),
    ]),
    domainProvider(ForcedAcsSnapshots, [Db, fromConfig((config) => config.scanApi.forcedAcsSnapshots)]),
    domainProvider(HoldingsRepository, [ReadDb]),
    domainProvider(HoldingsService, [HoldingsRepository, AcsSnapshotsRepository]),
    domainProvider(ValidatorFaucetsRepository, [ReadDb]),
    domainProvider(ValidatorFaucetsService, [ValidatorFaucetsRepository]),
    domainProvider(DevelopmentFundService, [ActiveContractsRepository]),
    domainProvider(VoteResultsRepository, [ReadDb]),
    domainProvider(VoteResultsService, [VoteResultsRepository]),
    domainProvider(VoteRequestsRepository, [ReadDb]),
    domainProvider(VoteRequestsService, [VoteRequestsRepository]),
    domainProvider(RewardAccountingRepository, [ReadDb]),
    domainProvider(RewardAccountingService, [RewardAccountingRepository]),
    domainProvider(ExplorerUpdatesRepository, [ReadDb]),
    domainProvider(ExplorerUpdatesService, [ExplorerUpdatesRepository]),
    domainProvider(ExplorerContractsRepository, [ReadDb]),
    domainProvider(ExplorerContractsService, [ExplorerContractsRepository]),
    domainProvider(ExplorerSearchRepository, [ReadDb]),
    domainProvider(ExplorerSearchService, [ExplorerSearchRepository]),
    domainProvider(NetworkSummaryRepository, [ReadDb]),
    domainProvider(NetworkSummaryService, [NetworkSummaryRepository]),
    domainProvider(AcsTemplateCountsRepository, [ReadDb]),
    domainProvider(AcsTemplateCountsService, [AcsTemplateCountsRepository]),
    domainProvider(MirrorStatusRepository, [ReadDb]),
    domainProvider(MirrorStatusService, [MirrorStatusRepository]),
    domainProvider(MemberTrafficRepository, [ReadDb]),
    domainProvider(MemberTrafficService, [MemberTrafficRepository]),
    domainProvider(PartyHostingRepository, [ReadDb]),
    domainProvider(PartyHostingService, [PartyHostingRepository]),
    domainProvider(TransactionLogRepository, [ReadDb]),
    domainProvider(TransactionLogService, [TransactionLogRepository]),
  ],
})
export class ScanGroupModule {}
