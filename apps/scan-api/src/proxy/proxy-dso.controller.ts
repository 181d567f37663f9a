import { Controller, Get, UseGuards } from '@nestjs/common';
import type { scanProxyApi } from '@canton-scan/contracts';
import {
  DsoInfoService,
  NetworkContractsService,
  type AmuletRulesInfo,
  type DsoInfo,
  type DsoPartyIdInfo,
  type FeaturedAppRightInfo,
  type ProxyOpenAndIssuingMiningRounds,
  type TransferPreapprovalInfo,
} from '@canton-scan/domain';
import { BearerAuthGuard, ValidInput } from '@canton-scan/http';

/** Network information through the validator's scan proxy (bearer token required). */
@Controller('v0/scan-proxy')
@UseGuards(BearerAuthGuard)
export class ProxyDsoController {
  constructor(
    private readonly dso: DsoInfoService,
    private readonly contracts: NetworkContractsService,
  ) {}

  @Get('dso')
  dsoInfo(): Promise<DsoInfo> {
    return this.dso.getDsoInfo();
  }

  @Get('amulet-rules')
  amuletRules(): Promise<AmuletRulesInfo> {
    return this.dso.getAmuletRules();
  }

  @Get('dso-party-id')
  dsoPartyId(): Promise<DsoPartyIdInfo> {
    return this.contracts.getDsoPartyId();
  }

  @Get('featured-apps/:provider_party_id')
  featuredAppRight(
    @ValidInput() input: scanProxyApi.GetProxyFeaturedAppRightData,
  ): Promise<FeaturedAppRightInfo> {
    return this.contracts.lookupFeaturedAppRight(input.path.provider_party_id);
  }

  @Get('transfer-preapprovals/by-party/:party')
  transferPreapproval(
    @ValidInput() input: scanProxyApi.GetProxyTransferPreapprovalByPartyData,
  ): Promise<TransferPreapprovalInfo> {
    return this.contracts.getTransferPreapproval(input.path.party);
  }

  @Get('open-and-issuing-mining-rounds')
  openAndIssuingMiningRounds(): Promise<ProxyOpenAndIssuingMiningRounds> {
    return this.contracts.listOpenAndIssuingMiningRounds();
  }
}
