import { Module } from '@nestjs/common';
import { ActiveContractsRepository, ReadDb, DsoInfoService, DsoRepository } from '@canton-scan/domain';
import { domainProvider, fromConfig } from '@canton-scan/http';

/**
 * DSO information, shared by the scan group (public `GET /v0/dso`) and the validator proxy
 * (`GET /v0/scan-proxy/dso`). Providers only: each group declares its own controller so that
 * it is served under that group's prefix.
 */
@Module({
  providers: [
    domainProvider(ActiveContractsRepository, [ReadDb]),
    domainProvider(DsoRepository, [ReadDb, ActiveContractsRepository]),
    domainProvider(DsoInfoService, [DsoRepository, fromConfig((config) => config.sv)]),
  ],
  exports: [DsoInfoService, ActiveContractsRepository],
})
export class DsoModule {}
