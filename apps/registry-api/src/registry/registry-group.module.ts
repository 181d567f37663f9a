import { Module } from '@nestjs/common';
import { HealthController, HealthService } from '@canton-scan/http';
import { RegistryController } from './registry.controller';
import { tokenRegistryProvider } from './token-registry.provider';

/** The token registry group, served at REGISTRY_PREFIX (default /api/scan, so /api/scan/registry/...). */
@Module({
  controllers: [HealthController, RegistryController],
  providers: [HealthService, tokenRegistryProvider],
})
export class RegistryGroupModule {}
