import { Controller, Get, HttpCode } from '@nestjs/common';
import { HealthService, type HealthStatus } from '@canton-scan/http';

/** Ledger node liveness: `/livez` answers 200 with an empty body (facts.md); `/readyz` as elsewhere. */
@Controller()
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
