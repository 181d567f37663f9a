import { EnvReader } from './env';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface DatabaseConfig {
  /** A real PostgreSQL server; when absent the embedded database is started. */
  readonly url: string | undefined;
  /** Embedded data directory, or `memory` for an in-memory database. */
  readonly embeddedDataDir: string;
  /** Loopback port of the embedded database's socket server (0 = any free port). */
  readonly embeddedPort: number;
  readonly poolSize: number;
  /** How long a request waits for a connection before it fails (the database is down). */
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
  /** Apply pending migrations when an app starts (default: only for the embedded database). */
  readonly migrateOnStart: boolean | undefined;
}

export interface AppConfig {
  readonly database: DatabaseConfig;
  readonly logLevel: LogLevel;
  readonly bodyLimitBytes: number;
  readonly scan: { readonly port: number; readonly prefix: string; readonly validatorPrefix: string };
  readonly registry: { readonly port: number; readonly prefix: string };
  readonly ledger: { readonly port: number; readonly prefix: string };
  readonly snapshotIntervalHours: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the whole configuration once; throws naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const r = new EnvReader(env);
  const config: AppConfig = {
    database: {
      url: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      embeddedDataDir: r.string('PGLITE_DATA_DIR', './.data/pglite'),
      embeddedPort: r.int('PGLITE_PORT', 0, { max: 65535 }),
      poolSize: r.int('DB_POOL_SIZE', 10, { min: 1, max: 200 }),
      connectTimeoutMs: r.int('DB_CONNECT_TIMEOUT_MS', 5000, { min: 100 }),
      statementTimeoutMs: r.int('DB_STATEMENT_TIMEOUT_MS', 30000, { min: 0 }),
      migrateOnStart: r.optionalBool('DB_MIGRATE_ON_START'),
    },
    logLevel: r.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    bodyLimitBytes: r.bytes('BODY_LIMIT', 1024 * 1024),
    scan: {
      port: r.int('SCAN_PORT', 5012, { max: 65535 }),
      prefix: r.pathPrefix('SCAN_PREFIX', '/api/scan'),
      validatorPrefix: r.pathPrefix('VALIDATOR_PREFIX', '/api/validator'),
    },
    registry: {
      port: r.int('REGISTRY_PORT', 5014, { max: 65535 }),
      prefix: r.pathPrefix('REGISTRY_PREFIX', '/api/scan'),
    },
    ledger: {
      port: r.int('LEDGER_PORT', 7575, { max: 65535 }),
      prefix: r.pathPrefix('LEDGER_PREFIX', ''),
    },
    snapshotIntervalHours: r.int('SNAPSHOT_INTERVAL_HOURS', 3, { min: 1, max: 24 }),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return deepFreeze(config);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
