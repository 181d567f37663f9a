import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerVersionService } from '@canton-scan/domain';
import { LedgerAuthGuard } from './ledger-auth';

@Controller('v2/version')
@UseGuards(LedgerAuthGuard)
export class VersionController {
  constructor(private readonly version: LedgerVersionService) {}

  @Get()
  getVersion(): ledgerApi.GetLedgerApiVersionResponse {
    return this.version.getVersion();
  }
}
