import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import {
  ReadDb,
  TokenRegistryRepository,
  TokenRegistryService,
  TransferInstructionRepository,
  TransferInstructionService,
} from '@canton-scan/domain';
import { APP_CONFIG } from '../app-config.module';
import { domainProvider, fromConfig } from '../wiring/domain-provider';
import { RegistryPeerBlobs } from './registry-peer-blobs';

/**
 * The token registry's domain, shared by its two mounts: the registry group (registry-api) and
 * the validator proxy's `/v0/scan-proxy/registry` (scan-api). Each mount declares its own
 * controller under its own prefix and auth.
 */
@Module({
  providers: [
    domainProvider(TokenRegistryRepository, [ReadDb]),
    domainProvider(TokenRegistryService, [
      TokenRegistryRepository,
      fromConfig((config) => ({ maxTransferLegs: config.registryMaxTransferLegs })),
    ]),
    domainProvider(TransferInstructionRepository, [ReadDb]),
    domainProvider(TransferInstructionService, [TokenRegistryRepository, TransferInstructionRepository]),
    {
      provide: RegistryPeerBlobs,
      useFactory: (config: AppConfig, dataSource: DataSource) =>
        new RegistryPeerBlobs(dataSource, {
          peers: config.scanMirror.scanUrls,
          timeoutMs: config.registryPeerTimeoutMs,
          snapshotIntervalHours: config.snapshotIntervalHours,
        }),
      inject: [APP_CONFIG, DataSource],
    },
  ],
  exports: [TokenRegistryService, TransferInstructionService, RegistryPeerBlobs],
})
export class TokenRegistryModule {}
