import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerPruningService } from '@canton-scan/domain';
import { LedgerAuthGuard } from './ledger-auth';

@Controller('v2/state')
@UseGuards(LedgerAuthGuard)
export class StateController {
  constructor(private readonly pruning: LedgerPruningService) {}

  /** Both offsets are always present; 0 means not pruned yet. */
  @Get('latest-pruned-offsets')
  latestPrunedOffsets(): Promise<ledgerApi.GetLatestPrunedOffsetsResponse> {
    return this.pruning.latestPrunedOffsets();
  }
}
