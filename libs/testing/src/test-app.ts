import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '@canton-scan/domain';

export interface RunningTestApp {
  app: INestApplication;
  config: AppConfig;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/**
 * Boots an app on a free loopback port against the test database, with the default config
 * (overridable through `env`) and logs silenced unless TEST_LOG_LEVEL is set. Apps require an
 * AUTH_* key; tests run in explicit development mode (AUTH_DEV_MODE=true, the development
 * secret) unless `env` configures a key.
 */
export async function startTestApp(
  create: (config: AppConfig, dataSource: DataSource, logger: Logger) => Promise<INestApplication>,
  dataSource: DataSource,
  env: Record<string, string> = {},
): Promise<RunningTestApp> {
  const config = loadConfig({ AUTH_DEV_MODE: 'true', ...env }, { requireAuth: true });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await create(config, dataSource, logger);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, config, origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}
