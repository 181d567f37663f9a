import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  TransferCommandsService,
  type TransferCommandCounterLookup,
  type TransferCommandStatusLookup,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** External parties' transfer command counters and command statuses: public. */
@Controller('v0')
export class TransferCommandsController {
  constructor(private readonly commands: TransferCommandsService) {}

  @Get('transfer-command-counter/:party')
  counter(
    @ValidInput() { path }: scanApi.LookupTransferCommandCounterByPartyData,
  ): Promise<TransferCommandCounterLookup> {
    return this.commands.lookupCounter(path.party);
  }

  @Get('transfer-command/status')
  status(
    @ValidInput() { query }: scanApi.LookupTransferCommandStatusData,
  ): Promise<TransferCommandStatusLookup> {
    return this.commands.lookupStatus(query.sender, query.nonce);
  }
}
