import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { appRootModule, readAppVersion } from '@canton-scan/http';
import { ProxyGroupModule } from './proxy/proxy-group.module';
import { ScanGroupModule } from './scan/scan-group.module';

@Module({})
export class ScanAppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return appRootModule(
      ScanAppModule,
      config,
      dataSource,
      [
        { path: config.scanApi.prefix, module: ScanGroupModule },
        { path: config.scanApi.validatorPrefix, module: ProxyGroupModule },
      ],
      readAppVersion('@canton-scan/scan-api', __dirname),
    );
  }
}
