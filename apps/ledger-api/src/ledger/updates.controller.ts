import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerUpdatesService, type LedgerUser } from '@canton-scan/domain';
import { JsonArrayStream, ValidInput } from '@canton-scan/http';
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

  @Post('transaction-by-id')
  @HttpCode(200)
  transactionById(
    @ValidInput() input: ledgerApi.GetTransactionByIdData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.GetTransactionResponse> {
    return this.updates.getTransactionById(user, input.body);
  }

  @Post('update-by-offset')
  @HttpCode(200)
  updateByOffset(
    @ValidInput() input: ledgerApi.GetUpdateByOffsetData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.GetUpdateResponse> {
    return this.updates.getUpdateByOffset(user, input.body);
  }

  @Post('update-by-id')
  @HttpCode(200)
  updateById(
    @ValidInput() input: ledgerApi.GetUpdateByIdData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.GetUpdateResponse> {
    return this.updates.getUpdateById(user, input.body);
  }

  /**
   * The update list, written as its items are read (`JsonArrayStream`); its WebSocket form is
   * served by `UpdatesWebSocketGateway`.
   */
  @Post()
  @HttpCode(200)
  getUpdates(
    @ValidInput() input: ledgerApi.GetUpdatesData,
    @CurrentLedgerUser() user: LedgerUser,
    @RequestAbortSignal() signal: AbortSignal,
  ): JsonArrayStream<ledgerApi.GetUpdatesResponse> {
    return new JsonArrayStream(this.updates.flats(user, input.body, input.query ?? {}, signal));
  }

  /** Deprecated form of `POST /v2/updates` (the same query); its WebSocket form is served by `UpdatesWebSocketGateway`. */
  @Post('flats')
  @HttpCode(200)
  flats(
    @ValidInput() input: ledgerApi.GetUpdatesFlatData,
    @CurrentLedgerUser() user: LedgerUser,
    @RequestAbortSignal() signal: AbortSignal,
  ): JsonArrayStream<ledgerApi.GetUpdatesResponse> {
    return new JsonArrayStream(this.updates.flats(user, input.body, input.query ?? {}, signal));
  }
}
