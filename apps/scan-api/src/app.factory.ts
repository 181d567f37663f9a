import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { scanProxySpec, scanSpec } from '@canton-scan/contracts';
import type { AppConfig } from '@canton-scan/domain';
import {
  AppMetrics,
  configureGroups,
  jsonErrorResponder,
  PinoNestLogger,
  jsonTextAdapter,
} from '@canton-scan/http';
import { ScanAppModule } from './app.module';
import { mountScanUi } from './ui/scan-ui.static';

/** The scan-api app (scan group + validator proxy group), configured but not listening. */
export async function createScanApp(
  config: AppConfig,
  dataSource: DataSource,
  logger: Logger,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    ScanAppModule.forRoot(config, dataSource),
    jsonTextAdapter(),
    {
      bodyParser: false,
      logger: new PinoNestLogger(logger, config.logFormat),
    },
  );
  configureGroups(
    app,
    logger,
    config.scanApi,
    [
      {
        name: 'scan',
        prefix: config.scanApi.prefix,
        document: scanSpec,
        respond: jsonErrorResponder,
        docsPath: 'docs',
      },
      {
        name: 'validator',
        prefix: config.scanApi.validatorPrefix,
        document: scanProxySpec,
        respond: jsonErrorResponder,
        docsPath: 'docs/scan-proxy',
      },
    ],
    AppMetrics.forDataSource('scan-api', dataSource),
  );
  mountScanUi(app, config.scanApi, logger, config.logFormat === 'pretty');
  return app;
}
