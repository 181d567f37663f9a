import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { scanProxyApi } from '@canton-scan/contracts';
import {
  TokenRegistryService,
  type AllocationChoice,
  type ChoiceContext,
  type FactoryWithChoiceContext,
} from '@canton-scan/domain';
import { BearerAuthGuard, ValidInput } from '@canton-scan/http';

/**
 * The token registry as wallets reach it through the validator (docs/token-registry.md):
 * `{validator_url}/v0/scan-proxy/registry/...`, answering exactly as the registry group does.
 * Versions and choices are checked against specs/scan-proxy.yaml before these handlers run.
 */
@Controller('v0/scan-proxy/registry')
@UseGuards(BearerAuthGuard)
export class ProxyRegistryController {
  constructor(private readonly registry: TokenRegistryService) {}

  @Post('allocation-instruction/:version/allocation-factory')
  @HttpCode(200)
  allocationFactory(
    @ValidInput() input: scanProxyApi.ProxyGetAllocationFactoryV2Data,
  ): Promise<FactoryWithChoiceContext> {
    return this.registry.getAllocationFactory(input.body);
  }

  @Post('allocations/:version/:allocationId/choice-contexts/:choice')
  @HttpCode(200)
  choiceContext(
    @Param('choice') choice: AllocationChoice,
    @ValidInput() input: scanProxyApi.ProxyGetAllocationWithdrawContextV2Data,
  ): Promise<ChoiceContext> {
    return this.registry.getAllocationChoiceContext(choice, input.path.allocationId, input.body);
  }
}
