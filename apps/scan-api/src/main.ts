import 'reflect-metadata';
import { runApp } from '@canton-scan/http';
import { createScanApp } from './app.factory';

void runApp(
  'scan-api',
  ({ config, database, logger }) => createScanApp(config, database.dataSource, logger),
  (config) => config.scan.port,
  (config, port) => [
    `scan group: http://localhost:${port}${config.scan.prefix} (docs http://localhost:${port}/docs)`,
    `validator proxy group: http://localhost:${port}${config.scan.validatorPrefix} (docs http://localhost:${port}/docs/scan-proxy)`,
  ],
);
