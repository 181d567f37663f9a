import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  loadConfig,
  openDatabase,
  type AppConfig,
  type Database,
  ConfigError,
  DEVELOPMENT_MODE_WARNING,
  type HttpAppConfig,
  type LoadConfigOptions,
} from '@canton-scan/domain';
import { assertVerificationKeyUsable } from './auth/jwt-verifier';
import { createLogger } from './logging/logger';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
}

/**
 * The validated configuration; on a bad environment the process ends, naming every bad variable.
 * `check` adds an app's own requirements (it throws a ConfigError).
 */
export function loadConfigOrExit(
  options: LoadConfigOptions = {},
  check?: (config: AppConfig) => void,
): AppConfig {
  try {
    const config = loadConfig(process.env, options);
    if (options.requireAuth) assertVerificationKeyUsable(config.auth);
    check?.(config);
    return config;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

/**
 * Logs, at every start in development mode, that the published development secret is accepted
 * (unless AUTH_DEV_MODE_WARNING=false: `npm start`'s banner says it once for its apps).
 */
export function warnIfDevelopmentMode(config: AppConfig, logger: Pick<Logger, 'warn'>): void {
  if (config.auth.usingDevelopmentSecret && config.auth.warnDevelopmentMode)
    logger.warn(DEVELOPMENT_MODE_WARNING);
}

/**
 * Boots one app as its own process: validated config (fail fast; an AUTH_* key or
 * AUTH_DEV_MODE=true is required), its database (the embedded
 * one when DATABASE_URL is unset, migrated on start), the app on its port, graceful shutdown.
 */
export async function runApp(
  name: string,
  create: (deps: AppDeps) => Promise<INestApplication>,
  /** The app's own slice of the config (its port, body limit, ...). */
  http: (config: AppConfig) => HttpAppConfig,
  describeUrls: (config: AppConfig, port: number) => string[],
  /** `check`: the app's own requirements; `verifiesTokens: false` for an app that serves no secured route. */
  options: { check?: (config: AppConfig) => void; verifiesTokens?: boolean } = {},
): Promise<void> {
  const config = loadConfigOrExit({ requireAuth: options.verifiesTokens !== false }, options.check);
  const logger = createLogger(name, config.logLevel, config.logFormat);
  warnIfDevelopmentMode(config, logger);
  const migrate = config.database.migrateOnStart ?? config.database.url === undefined;
  const database = await openDatabase(config.database, { migrate });
  // Readable logs (npm start) say one line per app once it is up; JSON logs keep each step.
  const pretty = config.logFormat === 'pretty';
  logger[pretty ? 'debug' : 'info']({ backend: database.backend, migrated: migrate }, 'database open');
  const app = await create({ config, database, logger });
  app.enableShutdownHooks();
  const { port } = http(config);
  await app.listen(port, '0.0.0.0');
  const urls = describeUrls(config, port);
  if (pretty) logger.info(`up: ${urls.join('; ')}`);
  else for (const line of urls) logger.info(line);
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
