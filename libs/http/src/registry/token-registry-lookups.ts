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
import { RegistryPeerBlobs } from './registry-peer-blobs';

/**
 * The token registry's lookups, served by both of its mounts: each mount's controller extends
 * this with its own path, spec and guard. Paths, versions (v1, v2), choices (withdraw, cancel,
 * execute-transfer; accept, reject, withdraw) and query parameters are checked against the mount's spec before these
 * handlers run; a route the mount's spec lacks is a 404 there. On a mirror, an answer lacking a
 * blob is completed from the peers' registries (RegistryPeerBlobs), asked the same request.
 */
@Injectable()
export abstract class TokenRegistryLookups {
  constructor(
    private readonly registry: TokenRegistryService,
    private readonly transfers: TransferInstructionService,
    private readonly peerBlobs: RegistryPeerBlobs,
  ) {}

  @Post('allocation-instruction/:version/allocation-factory')
  @HttpCode(200)
  allocationFactory(
    @Param('version') version: string,
    @ValidInput() input: registryApi.GetAllocationFactoryV2Data,
  ): Promise<FactoryWithChoiceContext> {
    return this.peerBlobs.answer(
      `/registry/allocation-instruction/${version}/allocation-factory`,
      input.body,
      () => this.registry.getAllocationFactory(input.body),
    );
  }

  @Post('allocations/:version/:allocationId/choice-contexts/:choice')
  @HttpCode(200)
  choiceContext(
    @Param('version') version: string,
    @Param('choice') choice: AllocationChoice,
    @ValidInput() input: registryApi.GetAllocationWithdrawContextV2Data,
  ): Promise<ChoiceContext> {
    const id = input.path.allocationId;
    return this.peerBlobs.answer(
      `/registry/allocations/${version}/${encodeURIComponent(id)}/choice-contexts/${choice}`,
      input.body,
      () => this.registry.getAllocationChoiceContext(choice, id, input.body),
    );
  }

  @Post('transfer-instruction/v1/transfer-factory')
  @HttpCode(200)
  transferFactory(
    @ValidInput() input: registryApi.GetTransferFactoryData,
  ): Promise<TransferFactoryWithChoiceContext> {
    return this.peerBlobs.answer('/registry/transfer-instruction/v1/transfer-factory', input.body, () =>
      this.transfers.getTransferFactory(input.body),
    );
  }

  @Post('transfer-instruction/v1/:transferInstructionId/choice-contexts/:choice')
  @HttpCode(200)
  transferInstructionChoiceContext(
    @Param('choice') choice: TransferInstructionChoice,
    @ValidInput() input: registryApi.GetTransferInstructionAcceptContextData,
  ): Promise<ChoiceContext> {
    const id = input.path.transferInstructionId;
    return this.peerBlobs.answer(
      `/registry/transfer-instruction/v1/${encodeURIComponent(id)}/choice-contexts/${choice}`,
      input.body,
      () => this.transfers.getChoiceContext(choice, id, input.body),
    );
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
