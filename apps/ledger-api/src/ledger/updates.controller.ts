import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerUpdatesService, type LedgerUser } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import { CurrentLedgerUser, LedgerAuthGuard } from './ledger-auth';
import { RequestAbortSignal } from './request-abort.decorator';

@Controller('v2/updates')
@UseGuards(LedgerAuthGuard)
export class UpdatesController {
  constructor(private readonly updates: LedgerUpdatesService) {}

  @Post('transaction-by-offset')
  @HttpCode(200)
  transactionByOffset(
    @ValidInput() input: ledgerApi.GetTransactionByOffsetData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.GetTransactionResponse> {
    return this.updates.getTransactionByOffset(user, input.body);
  }

  /** The WebSocket form of this path is served by `UpdatesWebSocketGateway`. */
  @Post('flats')
  @HttpCode(200)
  flats(
    @ValidInput() input: ledgerApi.GetUpdatesFlatData,
    @CurrentLedgerUser() user: LedgerUser,
    @RequestAbortSignal() signal: AbortSignal,
  ): Promise<ledgerApi.GetUpdatesResponse[]> {
    return this.updates.collectFlats(user, input.body, input.query ?? {}, signal);
  }
}
