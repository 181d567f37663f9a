import 'reflect-metadata';
import { runApp } from '@canton-scan/http';
import { createRegistryApp } from './app.factory';

void runApp(
  'registry-api',
  ({ config, database, logger }) => createRegistryApp(config, database.dataSource, logger),
  (config) => config.registryApi,
  (config, port) => [
    `token registry group: http://localhost:${port}${config.registryApi.prefix} (docs http://localhost:${port}/docs)`,
  ],
);
