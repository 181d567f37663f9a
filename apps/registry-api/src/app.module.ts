import { type DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { AppConfigModule, DatabaseModule } from '@canton-scan/http';
import { RegistryGroupModule } from './registry/registry-group.module';

@Module({})
export class RegistryAppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: RegistryAppModule,
      imports: [
        DatabaseModule.forDataSource(dataSource),
        AppConfigModule.forConfig(config),
        RegistryGroupModule,
        RouterModule.register([{ path: config.registryApi.prefix, module: RegistryGroupModule }]),
      ],
    };
  }
}
