import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  AcsTemplateCountsService,
  ExplorerContractsService,
  ExplorerSearchService,
  ExplorerUpdatesService,
  MirrorStatusService,
  NetworkSummaryService,
  type JsonText,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Our own views for the network explorer (tag `explorer` of specs/scan.yaml, docs/explorer.md). */
@Controller('v0/explorer')
export class ExplorerController {
  constructor(
    private readonly updates: ExplorerUpdatesService,
    private readonly contracts: ExplorerContractsService,
    private readonly searches: ExplorerSearchService,
    private readonly network: NetworkSummaryService,
    private readonly acsCounts: AcsTemplateCountsService,
    private readonly mirror: MirrorStatusService,
  ) {}

  @Get('updates')
  listUpdates(
    @ValidInput() { query }: scanApi.ListExplorerUpdatesData,
  ): Promise<scanApi.ExplorerUpdatesResponse> {
    return this.updates.listUpdates(query ?? {});
  }

  @Get('contracts/:contract_id')
  getContract(
    @ValidInput() { path }: scanApi.GetExplorerContractData,
  ): Promise<JsonText<scanApi.ExplorerContract>> {
    return this.contracts.getContract(path.contract_id);
  }

  @Get('search')
  search(@ValidInput() { query }: scanApi.SearchExplorerData): Promise<scanApi.ExplorerSearchResponse> {
    return this.searches.search(query.q);
  }

  @Get('network-summary')
  getNetworkSummary(): Promise<scanApi.NetworkSummary> {
    return this.network.getSummary();
  }

  @Get('acs-template-counts')
  getAcsTemplateCounts(
    @ValidInput() { query }: scanApi.GetAcsTemplateCountsData,
  ): Promise<scanApi.AcsTemplateCountsResponse> {
    return this.acsCounts.getCounts(query);
  }

  @Get('mirror-status')
  getMirrorStatus(): Promise<scanApi.MirrorStatusResponse> {
    return this.mirror.getStatus();
  }
}
