import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  DsoContractListsService,
  type ClosedRounds,
  type ExternalPartyAmuletRulesUpdate,
  type FeaturedAppRightLookup,
  type FeaturedAppRights,
  type ValidatorLicensesPage,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** The DSO's current contracts that scan lists: public. */
@Controller('v0')
export class DsoContractListsController {
  constructor(private readonly lists: DsoContractListsService) {}

  @Get('closed-rounds')
  closedRounds(): Promise<ClosedRounds> {
    return this.lists.getClosedRounds();
  }

  @Get('admin/validator/licenses')
  validatorLicenses(
    @ValidInput() { query }: scanApi.ListValidatorLicensesData,
  ): Promise<ValidatorLicensesPage> {
    return this.lists.listValidatorLicenses(query?.after, query?.limit);
  }

  @Get('featured-apps')
  featuredApps(): Promise<FeaturedAppRights> {
    return this.lists.listFeaturedAppRights();
  }

  @Get('featured-apps/by-provider/:provider_party_id')
  featuredAppsByProvider(
    @ValidInput() { path }: scanApi.ListFeaturedAppRightsByProviderData,
  ): Promise<FeaturedAppRights> {
    return this.lists.listFeaturedAppRightsByProvider(path.provider_party_id);
  }

  @Get('featured-apps/by-contract-id/:contract_id')
  featuredAppByContractId(
    @ValidInput() { path }: scanApi.LookupFeaturedAppRightByContractIdData,
  ): Promise<FeaturedAppRightLookup> {
    return this.lists.lookupFeaturedAppRightByContractId(path.contract_id);
  }

  @Post('external-party-amulet-rules')
  @HttpCode(200)
  externalPartyAmuletRules(
    @ValidInput() { body }: scanApi.GetExternalPartyAmuletRulesData,
  ): Promise<ExternalPartyAmuletRulesUpdate> {
    return this.lists.getExternalPartyAmuletRulesUpdate(body);
  }
}
