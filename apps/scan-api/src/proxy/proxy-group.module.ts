import { Module } from '@nestjs/common';
import { HealthController, HealthService, TokenRegistryModule } from '@canton-scan/http';
import { DsoModule } from '../dso/dso.module';
import { jwtVerifierProvider } from './proxy-auth.provider';
import { ProxyDsoController } from './proxy-dso.controller';
import { ProxyRegistryController } from './proxy-registry.controller';

/**
 * The validator proxy group, served at VALIDATOR_PREFIX (default /api/validator): DSO info,
 * amulet rules and the token registry under `/v0/scan-proxy`, each behind a bearer token; the
 * health probes stay public.
 */
@Module({
  imports: [DsoModule, TokenRegistryModule],
  controllers: [HealthController, ProxyDsoController, ProxyRegistryController],
  providers: [HealthService, jwtVerifierProvider],
})
export class ProxyGroupModule {}
