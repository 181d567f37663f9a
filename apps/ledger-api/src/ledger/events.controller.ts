import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerUpdatesService, type LedgerUser } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import { CurrentLedgerUser, LedgerAuthGuard } from './ledger-auth';

@Controller('v2/events')
@UseGuards(LedgerAuthGuard)
export class EventsController {
  constructor(private readonly updates: LedgerUpdatesService) {}

  @Post('events-by-contract-id')
  @HttpCode(200)
  eventsByContractId(
    @ValidInput() input: ledgerApi.GetEventsByContractIdData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.JsGetEventsByContractIdResponse> {
    return this.updates.getEventsByContractId(user, input.body);
  }
}
