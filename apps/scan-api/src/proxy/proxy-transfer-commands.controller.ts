import { Controller, Get, UseGuards } from '@nestjs/common';
import type { scanProxyApi } from '@canton-scan/contracts';
import {
  TransferCommandsService,
  type TransferCommandCounterLookup,
  type TransferCommandStatusLookup,
} from '@canton-scan/domain';
import { BearerAuthGuard, ValidInput } from '@canton-scan/http';

/** The scan group's transfer command lookups through the validator's scan proxy (bearer token required). */
@Controller('v0/scan-proxy')
@UseGuards(BearerAuthGuard)
export class ProxyTransferCommandsController {
  constructor(private readonly commands: TransferCommandsService) {}

  @Get('transfer-command-counter/:party')
  counter(
    @ValidInput() { path }: scanProxyApi.GetProxyTransferCommandCounterByPartyData,
  ): Promise<TransferCommandCounterLookup> {
    return this.commands.lookupCounter(path.party);
  }

  @Get('transfer-command/status')
  status(
    @ValidInput() { query }: scanProxyApi.GetProxyTransferCommandStatusData,
  ): Promise<TransferCommandStatusLookup> {
    return this.commands.lookupStatus(query.sender, query.nonce);
  }
}
