import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ledgerSpec } from '@canton-scan/contracts';
import type { AppConfig } from '@canton-scan/domain';
import {
  AppMetrics,
  collapseSlashesMiddleware,
  configureGroups,
  ledgerErrorResponder,
  PinoNestLogger,
  jsonTextAdapter,
} from '@canton-scan/http';
import { LedgerAppModule } from './app.module';
import { UpdatesWebSocketGateway } from './ledger/updates-websocket.gateway';

/** The ledger-api app (ledger node group), configured but not listening. */
export async function createLedgerApp(
  config: AppConfig,
  dataSource: DataSource,
  logger: Logger,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    LedgerAppModule.forRoot(config, dataSource),
    jsonTextAdapter(),
    {
      bodyParser: false,
      logger: new PinoNestLogger(logger, config.logFormat),
    },
  );
  // `//v2/...` (the wallet SDK with a bare-origin base URL) is `/v2/...`, before any routing.
  app.use(collapseSlashesMiddleware());
  configureGroups(
    app,
    logger,
    config.ledgerApi,
    [
      {
        name: 'ledger',
        prefix: config.ledgerApi.prefix,
        document: ledgerSpec,
        respond: ledgerErrorResponder,
        docsPath: 'docs',
        untypedBodyAsJson: true,
      },
    ],
    AppMetrics.forDataSource('ledger-api', dataSource),
  );
  // The WebSocket forms of the streams share the HTTP port (upgrades of their paths).
  app.get(UpdatesWebSocketGateway).attach(app.getHttpServer() as Server, config.ledgerApi.prefix);
  return app;
}
