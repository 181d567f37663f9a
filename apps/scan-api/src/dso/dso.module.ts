import { Module } from '@nestjs/common';
import {
  ActiveContractsRepository,
  AnsEntriesRepository,
  AnsEntriesService,
  DsoContractListsRepository,
  DsoContractListsService,
  DsoInfoService,
  DsoRepository,
  NetworkContractsRepository,
  NetworkConfigRepository,
  NetworkConfigService,
  NetworkContractsService,
  ReadDb,
  SvNodesService,
  TransferCommandsRepository,
  TransferCommandsService,
} from '@canton-scan/domain';
import { domainProvider, fromConfig } from '@canton-scan/http';

/**
 * DSO information and the DSO contracts wallets fetch (DSO party, featured app rights, mining
 * rounds, amulet rules, ANS entries and rules), shared by the scan group (public, cache-aware forms) and the validator
 * proxy (`/v0/scan-proxy/...`). Providers only: each group declares its own controller so that
 * it is served under that group's prefix.
 */
@Module({
  providers: [
    domainProvider(TransferCommandsRepository, [ReadDb]),
    domainProvider(TransferCommandsService, [TransferCommandsRepository]),
    domainProvider(ActiveContractsRepository, [ReadDb]),
    domainProvider(DsoRepository, [ReadDb, ActiveContractsRepository]),
    domainProvider(DsoInfoService, [DsoRepository, fromConfig((config) => config.sv)]),
    domainProvider(NetworkContractsRepository, [ReadDb]),
    domainProvider(NetworkContractsService, [NetworkContractsRepository, DsoRepository]),
    domainProvider(SvNodesService, [DsoRepository]),
    domainProvider(DsoContractListsRepository, [ReadDb]),
    domainProvider(DsoContractListsService, [DsoContractListsRepository]),
    domainProvider(NetworkConfigRepository, [ReadDb]),
    domainProvider(NetworkConfigService, [
      NetworkConfigRepository,
      fromConfig((config) => config.spliceInstanceNames),
    ]),
    domainProvider(AnsEntriesRepository, [ReadDb]),
    domainProvider(AnsEntriesService, [
      AnsEntriesRepository,
      ActiveContractsRepository,
      fromConfig((config) => config.spliceInstanceNames.nameServiceNameAcronym),
    ]),
  ],
  exports: [
    DsoInfoService,
    NetworkContractsService,
    SvNodesService,
    DsoContractListsService,
    NetworkConfigService,
    ActiveContractsRepository,
    AnsEntriesService,
    TransferCommandsService,
  ],
})
export class DsoModule {}
