import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { registrySpec } from '@canton-scan/contracts';
import type { AppConfig } from '@canton-scan/domain';
import {
  AppMetrics,
  configureGroups,
  jsonErrorResponder,
  PinoNestLogger,
  jsonTextAdapter,
} from '@canton-scan/http';
import { RegistryAppModule } from './app.module';

/** The registry-api app (token registry group), configured but not listening. */
export async function createRegistryApp(
  config: AppConfig,
  dataSource: DataSource,
  logger: Logger,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    RegistryAppModule.forRoot(config, dataSource),
    jsonTextAdapter(),
    {
      bodyParser: false,
      logger: new PinoNestLogger(logger, config.logFormat),
    },
  );
  configureGroups(
    app,
    logger,
    config.registryApi,
    [
      {
        name: 'registry',
        prefix: config.registryApi.prefix,
        document: registrySpec,
        respond: jsonErrorResponder,
        docsPath: 'docs',
      },
    ],
    AppMetrics.forDataSource('registry-api', dataSource),
  );
  return app;
}
