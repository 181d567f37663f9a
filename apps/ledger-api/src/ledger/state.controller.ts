import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import {
  LedgerActiveContractsService,
  LedgerPruningService,
  LedgerSynchronizersService,
  LedgerUpdatesService,
  type LedgerUser,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';
import { CurrentLedgerUser, LedgerAuthGuard } from './ledger-auth';
import { RequestAbortSignal } from './request-abort.decorator';

@Controller('v2/state')
@UseGuards(LedgerAuthGuard)
export class StateController {
  constructor(
    private readonly pruning: LedgerPruningService,
    private readonly updates: LedgerUpdatesService,
    private readonly activeContracts: LedgerActiveContractsService,
    private readonly synchronizers: LedgerSynchronizersService,
  ) {}

  /** Both offsets are always present; 0 means not pruned yet. */
  @Get('latest-pruned-offsets')
  latestPrunedOffsets(): Promise<ledgerApi.GetLatestPrunedOffsetsResponse> {
    return this.pruning.latestPrunedOffsets();
  }

  @Get('ledger-end')
  ledgerEnd(): Promise<ledgerApi.GetLedgerEndResponse> {
    return this.updates.getLedgerEnd();
  }

  @Get('connected-synchronizers')
  connectedSynchronizers(
    @ValidInput() input: ledgerApi.GetConnectedSynchronizersData,
    @CurrentLedgerUser() user: LedgerUser,
  ): Promise<ledgerApi.GetConnectedSynchronizersResponse> {
    return this.synchronizers.connectedSynchronizers(user, input.query ?? {});
  }

  /** The WebSocket form of this path is served by `UpdatesWebSocketGateway`. */
  @Post('active-contracts')
  @HttpCode(200)
  getActiveContracts(
    @ValidInput() input: ledgerApi.GetActiveContractsData,
    @CurrentLedgerUser() user: LedgerUser,
    @RequestAbortSignal() signal: AbortSignal,
  ): Promise<ledgerApi.GetActiveContractsResponse[]> {
    return this.activeContracts.collectActiveContracts(user, input.body, input.query ?? {}, signal);
  }
}
