import { Module } from '@nestjs/common';
import { HealthController, HealthService } from '@canton-scan/http';

/** The token registry group, served at REGISTRY_PREFIX (default /api/scan, so /api/scan/registry/...). */
@Module({ controllers: [HealthController], providers: [HealthService] })
export class RegistryGroupModule {}
