import { type DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { AppConfigModule, DatabaseModule } from '@canton-scan/http';
import { ProxyGroupModule } from './proxy/proxy-group.module';
import { ScanGroupModule } from './scan/scan-group.module';

@Module({})
export class ScanAppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: ScanAppModule,
      imports: [
        DatabaseModule.forDataSource(dataSource),
        AppConfigModule.forConfig(config),
        ScanGroupModule,
        ProxyGroupModule,
        RouterModule.register([
          { path: config.scanApi.prefix, module: ScanGroupModule },
          { path: config.scanApi.validatorPrefix, module: ProxyGroupModule },
        ]),
      ],
    };
  }
}
