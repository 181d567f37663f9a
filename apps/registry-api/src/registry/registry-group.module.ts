import { Module } from '@nestjs/common';
import { HealthController, HealthService, TokenRegistryModule } from '@canton-scan/http';
import { RegistryController } from './registry.controller';

/** The token registry group, served at REGISTRY_PREFIX (default /api/scan, so /api/scan/registry/...). */
@Module({
  imports: [TokenRegistryModule],
  controllers: [HealthController, RegistryController],
  providers: [HealthService],
})
export class RegistryGroupModule {}
