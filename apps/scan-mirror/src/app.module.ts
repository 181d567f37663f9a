import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { type AppMetrics, AppConfigModule, DatabaseModule, readAppVersion } from '@canton-scan/http';
import { MirrorModule } from './mirror/mirror.module';
import type { MirrorTuning } from './mirror/mirror-runner.service';

@Module({})
export class ScanMirrorAppModule {
  static forRoot(
    config: AppConfig,
    dataSource: DataSource,
    logger: Logger,
    metrics: AppMetrics,
    tuning: MirrorTuning,
  ): DynamicModule {
    return {
      module: ScanMirrorAppModule,
      imports: [
        DatabaseModule.forDataSource(dataSource),
        AppConfigModule.forConfig(config, readAppVersion('@canton-scan/scan-mirror', __dirname)),
        MirrorModule.forRoot(logger, metrics, tuning),
      ],
    };
  }
}
