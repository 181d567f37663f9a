import { Controller, Get } from '@nestjs/common';
import { HealthService, type HealthStatus } from './health.service';

/** `GET livez` / `GET readyz` at a group's base path (register in each group's module). */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('livez')
  livez(): HealthStatus {
    return this.health.livez();
  }

  @Get('readyz')
  readyz(): Promise<HealthStatus> {
    return this.health.readyz();
  }
}
