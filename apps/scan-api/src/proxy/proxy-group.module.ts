import { Module } from '@nestjs/common';
import {
  AcsSnapshotsRepository,
  ActiveContractsRepository,
  Db,
  DevelopmentFundService,
  DsoInfoService,
  HoldingsRepository,
  HoldingsService,
  LedgerUsersRepository,
  LedgerUsersService,
  NetworkContractsService,
  ReadDb,
  ValidatorUserService,
} from '@canton-scan/domain';
import {
  domainProvider,
  fromConfig,
  HealthController,
  HealthService,
  JwtVerifier,
  TokenRegistryModule,
} from '@canton-scan/http';
import { DsoModule } from '../dso/dso.module';
import { ProxyAnsController } from './proxy-ans.controller';
import { ProxyTransferCommandsController } from './proxy-transfer-commands.controller';
import { ProxyDsoController } from './proxy-dso.controller';
import { ProxyHoldingsController } from './proxy-holdings.controller';
import { ProxyRegistryController } from './proxy-registry.controller';
import { ProxyValidatorController } from './proxy-validator.controller';

/**
 * The validator proxy group, served at VALIDATOR_PREFIX (default /api/validator): DSO info,
 * amulet rules, holdings summaries, development fund coupons and the token registry under
 * `/v0/scan-proxy`, and the validator's own `/v0/validator-user`, each behind a bearer token of a
 * known ledger user; the health probes stay public.
 */
@Module({
  imports: [DsoModule, TokenRegistryModule],
  controllers: [
    HealthController,
    ProxyDsoController,
    ProxyAnsController,
    ProxyTransferCommandsController,
    ProxyHoldingsController,
    ProxyRegistryController,
    ProxyValidatorController,
  ],
  // The proxy verifies bearer tokens exactly as the ledger node group does (same AUTH_* settings)
  // and, like it, accepts only tokens of users this participant knows.
  providers: [
    HealthService,
    domainProvider(JwtVerifier, [fromConfig((config) => config.auth)]),
    domainProvider(LedgerUsersRepository, [Db]),
    domainProvider(LedgerUsersService, [LedgerUsersRepository]),
    domainProvider(HoldingsRepository, [ReadDb]),
    domainProvider(AcsSnapshotsRepository, [ReadDb]),
    domainProvider(HoldingsService, [HoldingsRepository, AcsSnapshotsRepository]),
    domainProvider(DevelopmentFundService, [ActiveContractsRepository]),
    domainProvider(ValidatorUserService, [
      DsoInfoService,
      NetworkContractsService,
      fromConfig((config) => config.validator),
    ]),
  ],
})
export class ProxyGroupModule {}
