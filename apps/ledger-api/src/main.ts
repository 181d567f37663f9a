import 'reflect-metadata';
import { runApp } from '@canton-scan/http';
import { createLedgerApp } from './app.factory';

void runApp(
  'ledger-api',
  ({ config, database, logger }) => createLedgerApp(config, database.dataSource, logger),
  (config) => config.ledgerApi,
  (config, port) => [
    `ledger node group: http://localhost:${port}${config.ledgerApi.prefix} (docs http://localhost:${port}/docs)`,
  ],
);
