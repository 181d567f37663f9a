import { Module } from '@nestjs/common';
import { HealthController, HealthService } from '@canton-scan/http';

/** The validator proxy group, served at VALIDATOR_PREFIX (default /api/validator). */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class ProxyGroupModule {}
