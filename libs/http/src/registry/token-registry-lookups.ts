import { HttpCode, Injectable, Param, Post } from '@nestjs/common';
import type { registryApi } from '@canton-scan/contracts';
import {
  TokenRegistryService,
  type AllocationChoice,
  type ChoiceContext,
  type FactoryWithChoiceContext,
} from '@canton-scan/domain';
import { ValidInput } from '../validation/validated-input.decorator';

/**
 * The token registry's lookups, served by both of its mounts: each mount's controller extends
 * this with its own path, spec and guard. Paths, versions (v1, v2) and choices (withdraw, cancel,
 * execute-transfer) are checked against the mount's spec before these handlers run.
 */
@Injectable()
export abstract class TokenRegistryLookups {
  constructor(private readonly registry: TokenRegistryService) {}

  @Post('allocation-instruction/:version/allocation-factory')
  @HttpCode(200)
  allocationFactory(
    @ValidInput() input: registryApi.GetAllocationFactoryV2Data,
  ): Promise<FactoryWithChoiceContext> {
    return this.registry.getAllocationFactory(input.body);
  }

  @Post('allocations/:version/:allocationId/choice-contexts/:choice')
  @HttpCode(200)
  choiceContext(
    @Param('choice') choice: AllocationChoice,
    @ValidInput() input: registryApi.GetAllocationWithdrawContextV2Data,
  ): Promise<ChoiceContext> {
    return this.registry.getAllocationChoiceContext(choice, input.path.allocationId, input.body);
  }
}
