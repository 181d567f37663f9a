import 'reflect-metadata';
import { requireMirrorScanUrls } from '@canton-scan/domain';
import { runApp } from '@canton-scan/http';
import { createScanMirrorApp } from './app.factory';

void runApp(
  'scan-mirror',
  ({ config, database, logger }) => createScanMirrorApp(config, database.dataSource, logger),
  (config) => config.scanMirror,
  (config, port) => [
    `scan mirror of ${config.scanMirror.scanUrls.join(', ')}: health http://localhost:${port}/livez, ` +
      `http://localhost:${port}/readyz (ready within ${config.scanMirror.readyLagSeconds} s of the peers)`,
  ],
  // It serves health only: no token to verify, so no AUTH_* key to ask for.
  { check: requireMirrorScanUrls, verifiesTokens: false },
);
