import 'reflect-metadata';
import { runApp } from '@canton-scan/http';
import { createScanApp } from './app.factory';

void runApp(
  'scan-api',
  ({ config, database, logger }) => createScanApp(config, database.dataSource, logger),
  (config) => config.scanApi,
  (config, port) => [
    ...(config.scanApi.ui.enabled ? [`explorer UI: http://localhost:${port}/`] : []),
    `scan group: http://localhost:${port}${config.scanApi.prefix} (docs http://localhost:${port}/docs)`,
    `validator proxy group: http://localhost:${port}${config.scanApi.validatorPrefix} (docs http://localhost:${port}/docs/scan-proxy)`,
  ],
);
