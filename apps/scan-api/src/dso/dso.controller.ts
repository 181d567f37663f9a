import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  DsoInfoService,
  NetworkContractsService,
  type AmuletRulesUpdate,
  type DsoInfo,
  type DsoPartyIdInfo,
  type FeaturedAppRightInfo,
  type OpenAndIssuingMiningRounds,
  type TransferPreapprovalInfo,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** DSO information and contracts on the scan group: public; rounds and amulet rules cache-aware. */
@Controller('v0')
export class DsoController {
  constructor(
    private readonly dso: DsoInfoService,
    private readonly contracts: NetworkContractsService,
  ) {}

  /** The same body as the validator proxy's DSO info. */
  @Get('dso')
  dsoInfo(): Promise<DsoInfo> {
    return this.dso.getDsoInfo();
  }

  @Get('dso-party-id')
  dsoPartyId(): Promise<DsoPartyIdInfo> {
    return this.contracts.getDsoPartyId();
  }

  @Get('featured-apps/:provider_party_id')
  featuredAppRight(@ValidInput() input: scanApi.LookupFeaturedAppRightData): Promise<FeaturedAppRightInfo> {
    return this.contracts.lookupFeaturedAppRight(input.path.provider_party_id);
  }

  @Get('transfer-preapprovals/by-party/:party')
  transferPreapproval(
    @ValidInput() input: scanApi.LookupTransferPreapprovalByPartyData,
  ): Promise<TransferPreapprovalInfo> {
    return this.contracts.getTransferPreapproval(input.path.party);
  }

  @Post('open-and-issuing-mining-rounds')
  @HttpCode(200)
  openAndIssuingMiningRounds(
    @ValidInput() input: scanApi.GetOpenAndIssuingMiningRoundsData,
  ): Promise<OpenAndIssuingMiningRounds> {
    return this.contracts.getOpenAndIssuingMiningRounds(input.body);
  }

  @Post('amulet-rules')
  @HttpCode(200)
  amuletRules(@ValidInput() input: scanApi.GetAmuletRulesData): Promise<AmuletRulesUpdate> {
    return this.contracts.getAmuletRulesUpdate(input.body);
  }
}
