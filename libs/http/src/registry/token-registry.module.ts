import { Module } from '@nestjs/common';
import {
  ReadDb,
  TokenRegistryRepository,
  TokenRegistryService,
  TransferInstructionRepository,
  TransferInstructionService,
} from '@canton-scan/domain';
import { domainProvider, fromConfig } from '../wiring/domain-provider';

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
  ],
  exports: [TokenRegistryService, TransferInstructionService],
})
export class TokenRegistryModule {}
