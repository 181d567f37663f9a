import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { requireMirrorScanUrls, type AppConfig } from '@canton-scan/domain';
import { AppMetrics, mountMetrics, PinoNestLogger, requestLogger } from '@canton-scan/http';
import { ScanMirrorAppModule } from './app.module';
import type { MirrorTuning } from './mirror/mirror-runner.service';

/**
 * The scan-mirror app, configured but not listening: it follows the peer scans of
 * MIRROR_SCAN_URLS into the store from the moment it starts (init) until it closes, and serves
 * `/livez`, `/readyz` and `/metrics` only. Without peers it is a ConfigError.
 */
export async function createScanMirrorApp(
  config: AppConfig,
  dataSource: DataSource,
  logger: Logger,
  tuning: MirrorTuning = {},
): Promise<NestExpressApplication> {
  requireMirrorScanUrls(config);
  const metrics = AppMetrics.forDataSource('scan-mirror', dataSource);
  const app = await NestFactory.create<NestExpressApplication>(
    ScanMirrorAppModule.forRoot(config, dataSource, logger, metrics, tuning),
    { bodyParser: false, logger: new PinoNestLogger(logger, config.logFormat) },
  );
  app.disable('x-powered-by');
  mountMetrics(app, metrics);
  app.use(requestLogger(logger));
  return app;
}
