import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { appRootModule, readAppVersion } from '@canton-scan/http';
import { LedgerGroupModule } from './ledger/ledger-group.module';

@Module({})
export class LedgerAppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return appRootModule(
      LedgerAppModule,
      config,
      dataSource,
      [{ path: config.ledgerApi.prefix, module: LedgerGroupModule }],
      readAppVersion('@canton-scan/ledger-api', __dirname),
    );
  }
}
