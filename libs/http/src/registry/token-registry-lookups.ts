import { Get, HttpCode, Injectable, Param, Post } from '@nestjs/common';
import type { registryApi } from '@canton-scan/contracts';
import {
  TokenRegistryService,
  TransferInstructionService,
  type AllocationChoice,
  type ChoiceContext,
  type FactoryWithChoiceContext,
  type InstrumentMetadata,
  type TransferFactoryWithChoiceContext,
  type TransferInstructionChoice,
} from '@canton-scan/domain';
import { ValidInput } from '../validation/validated-input.decorator';

/**
 * The token registry's lookups, served by both of its mounts: each mount's controller extends
 * this with its own path, spec and guard. Paths, versions (v1, v2), choices (withdraw, cancel,
 * execute-transfer; accept, reject, withdraw) and query parameters are checked against the mount's spec before these
 * handlers run; a route the mount's spec lacks is a 404 there.
 */
@Injectable()
export abstract class TokenRegistryLookups {
  constructor(
    private readonly registry: TokenRegistryService,
    private readonly transfers: TransferInstructionService,
  ) {}

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

  @Post('transfer-instruction/v1/transfer-factory')
  @HttpCode(200)
  transferFactory(
    @ValidInput() input: registryApi.GetTransferFactoryData,
  ): Promise<TransferFactoryWithChoiceContext> {
    return this.transfers.getTransferFactory(input.body);
  }

  @Post('transfer-instruction/v1/:transferInstructionId/choice-contexts/:choice')
  @HttpCode(200)
  transferInstructionChoiceContext(
    @Param('choice') choice: TransferInstructionChoice,
    @ValidInput() input: registryApi.GetTransferInstructionAcceptContextData,
  ): Promise<ChoiceContext> {
    return this.transfers.getChoiceContext(choice, input.path.transferInstructionId, input.body);
  }

  @Get('metadata/v1/info')
  registryInfo(): Promise<registryApi.GetRegistryInfoResponse> {
    return this.registry.getRegistryInfo();
  }

  @Get('metadata/v1/instruments')
  instruments(
    @ValidInput() input: registryApi.ListInstrumentsData,
  ): Promise<{ instruments: InstrumentMetadata[]; nextPageToken?: string }> {
    return this.registry.listInstruments(input.query ?? {});
  }

  @Get('metadata/v1/instruments/:instrumentId')
  instrument(@ValidInput() input: registryApi.GetInstrumentData): Promise<InstrumentMetadata> {
    return this.registry.getInstrument(input.path.instrumentId);
  }
}
