import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { appRootModule, readAppVersion } from '@canton-scan/http';
import { RegistryGroupModule } from './registry/registry-group.module';

@Module({})
export class RegistryAppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return appRootModule(
      RegistryAppModule,
      config,
      dataSource,
      [{ path: config.registryApi.prefix, module: RegistryGroupModule }],
      readAppVersion('@canton-scan/registry-api', __dirname),
    );
  }
}
