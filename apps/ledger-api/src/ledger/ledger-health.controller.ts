import { Controller, Get, HttpCode, UseGuards } from '@nestjs/common';
import { HealthService, type HealthStatus } from '@canton-scan/http';
import { LedgerAuthGuard } from './ledger-auth';

/**
 * Ledger node health. `/livez` answers 200 with an empty body (docs/ledger-api.md "Health"); `/readyz` as in the
 * other apps. Both require a valid token of a known user, like every ledger endpoint.
 */
@Controller()
@UseGuards(LedgerAuthGuard)
export class LedgerHealthController {
  constructor(private readonly health: HealthService) {}

  @Get('livez')
  @HttpCode(200)
  livez(): void {
    this.health.livez();
  }

  @Get('readyz')
  readyz(): Promise<HealthStatus> {
    return this.health.readyz();
  }
}
