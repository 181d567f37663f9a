import { type DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { AppConfigModule, DatabaseModule } from '@canton-scan/http';
import { LedgerGroupModule } from './ledger/ledger-group.module';

@Module({})
export class LedgerAppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: LedgerAppModule,
      imports: [
        DatabaseModule.forDataSource(dataSource),
        AppConfigModule.forConfig(config),
        LedgerGroupModule,
        RouterModule.register([{ path: config.ledgerApi.prefix, module: LedgerGroupModule }]),
      ],
    };
  }
}
