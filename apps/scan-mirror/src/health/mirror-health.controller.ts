import { Controller, Get } from '@nestjs/common';
import type { HealthStatus } from '@canton-scan/http';
import { type MirrorHealth, MirrorHealthService } from './mirror-health.service';

/** `GET /livez` (the process answers) and `GET /readyz` (database up and mirror caught up, else 503). */
@Controller()
export class MirrorHealthController {
  constructor(private readonly health: MirrorHealthService) {}

  @Get('livez')
  livez(): HealthStatus {
    return this.health.livez();
  }

  @Get('readyz')
  readyz(): Promise<MirrorHealth> {
    return this.health.readyz();
  }
}
