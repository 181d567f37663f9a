import { snapshotIntervalProblem } from '../snapshots/snapshot-schedule';
import { EnvReader } from './env';
import { authConfig, missingAuthKeyProblem, type AuthConfig } from './auth-config';
import { parseRateLimits, parseTrustProxy, type RateLimitRule, type TrustProxy } from './rate-limits';

export {
  AUTH_KEY_VARIABLES,
  DEVELOPMENT_HS256_SECRET,
  DEVELOPMENT_MODE_WARNING,
  developmentAuthDefault,
  missingAuthKeyProblem,
  type AuthConfig,
} from './auth-config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `json` (production: one JSON object a line) or `pretty` (readable lines for a developer, pino-pretty). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

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
  /** Streaming replicas the read endpoints read from (`DATABASE_READ_URLS`); empty: none. */
  readonly readUrls: readonly string[];
  /** What reads do when no replica is healthy (`DATABASE_READ_FALLBACK`): go to the primary, or fail with 503. */
  readonly readFallback: ReadFallback;
  /** A replica further behind than this is skipped (`DATABASE_READ_MAX_LAG_SECONDS`). */
  readonly readMaxLagSeconds: number;
}

export const READ_FALLBACKS = ['primary', 'unavailable'] as const;
export type ReadFallback = (typeof READ_FALLBACKS)[number];

/** The HTTP edge settings every app has, in its own slice of the config. */
export interface HttpAppConfig {
  readonly port: number;
  /** Largest accepted request body (`BODY_LIMIT`); larger is 413. */
  readonly bodyLimitBytes: number;
  /** Realm of the `WWW-Authenticate` challenge on 401 (`AUTH_REALM`). */
  readonly realm: string;
  /** Token buckets per client address and route (`RATE_LIMITS`); empty: no limit. */
  readonly rateLimits: readonly RateLimitRule[];
  /** Whether the client address comes from `X-Forwarded-For` (`TRUST_PROXY`), as express's `trust proxy`. */
  readonly trustProxy: TrustProxy;
}

/** scan-api: the scan group and the validator proxy group. */
export interface ScanApiConfig extends HttpAppConfig {
  /** Base path of the scan group (`SCAN_PREFIX`). */
  readonly prefix: string;
  /** Base path of the validator proxy group (`VALIDATOR_PREFIX`). */
  readonly validatorPrefix: string;
  /**
   * This scan's public base URL, without the scan group prefix nor a trailing slash
   * (`SCAN_PUBLIC_URL`; default `http://localhost:<SCAN_PORT>`): what the SV node state of the
   * network `npm start` simulates gives as the first SV's scan, for scan discovery.
   */
  readonly publicUrl: string;
  /** The explorer web UI served at `/` of the port (`SCAN_UI_ENABLED`, default on) when its build exists. */
  readonly ui: ScanUiConfig;
  /** Whether `POST /v0/state/acs/force` takes snapshots (`SCAN_FORCED_ACS_SNAPSHOTS`, default off). */
  readonly forcedAcsSnapshots: boolean;
}

export interface ScanUiConfig {
  readonly enabled: boolean;
  /**
   * Directory of the built UI (`SCAN_UI_DIR`); unset: `dist/apps/scan-ui` next to the compiled app
   * (the build, an app bundle), else under the working directory.
   */
  readonly dir: string | undefined;
}

/** registry-api: the token registry group. */
export interface RegistryApiConfig extends HttpAppConfig {
  /** Base path of the registry group (`REGISTRY_PREFIX`). */
  readonly prefix: string;
}

/** ledger-api: the ledger node group (HTTP and its WebSocket, whose messages obey the body limit). */
export interface LedgerApiConfig extends HttpAppConfig {
  /** Base path of the ledger node group (`LEDGER_PREFIX`; empty is the root). */
  readonly prefix: string;
  /** A WebSocket whose request does not arrive within this is closed (`LEDGER_WS_FIRST_MSG_TIMEOUT_MS`). */
  readonly wsFirstMessageTimeoutMs: number;
}

/** scan-mirror: follows peer scans into the store, serving its health only. */
export interface ScanMirrorConfig extends HttpAppConfig {
  /** Base URLs of the peer scans' scan group (`MIRROR_SCAN_URLS`); empty when unset. */
  readonly scanUrls: readonly string[];
  /** Items asked of the peers per page (`MIRROR_PAGE_SIZE`). */
  readonly pageSize: number;
  /** Ready only within this lag behind the peers' newest record time (`MIRROR_READY_LAG_SECONDS`). */
  readonly readyLagSeconds: number;
  /** Least seconds between two copies of the members' traffic states; 0 copies none (`MIRROR_TRAFFIC_INTERVAL_SECONDS`). */
  readonly trafficIntervalSeconds: number;
  /** Whether the hosting of the history's parties is copied from the peers (`MIRROR_HOSTING`). */
  readonly hosting: boolean;
  /** Members or parties asked of the peers at once (`MIRROR_STATE_CONCURRENCY`). */
  readonly stateConcurrency: number;
  /**
   * Whether every migration the peers hold is copied at once, each in its own offsets
   * (`MIRROR_PARALLEL_MIGRATIONS`; docs/offsets-and-ids.md "Offsets across migrations").
   */
  readonly parallelMigrations: boolean;
}

/** An app serving one group under a prefix (as the apps `npm run new-app` generates). */
export interface GroupAppConfig extends HttpAppConfig {
  /** Base path of the group (`<NAME>_PREFIX`). */
  readonly prefix: string;
}

export interface AppConfig {
  readonly database: DatabaseConfig;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  readonly scanApi: ScanApiConfig;
  readonly registryApi: RegistryApiConfig;
  readonly ledgerApi: LedgerApiConfig;
  readonly scanMirror: ScanMirrorConfig;
  // npm run new-app adds each generated app's slice above this line.
  readonly snapshotIntervalHours: number;
  readonly auth: AuthConfig;
  readonly ledgerNode: {
    readonly participantId: string;
    /** http-list-max-elements-limit of the flats endpoint. */
    readonly maxListElements: number;
    readonly streamIdleTimeoutMs: number;
  };
  readonly sv: { readonly user: string; readonly partyId: string | undefined };
  readonly validator: { readonly user: string; readonly partyId: string | undefined };
  /** What the network calls itself and its parts (`GET /v0/splice-instance-names`). */
  readonly spliceInstanceNames: {
    readonly networkName: string;
    readonly networkFaviconUrl: string;
    readonly amuletName: string;
    readonly amuletNameAcronym: string;
    readonly nameServiceName: string;
    readonly nameServiceNameAcronym: string;
  };
  readonly registryMaxTransferLegs: number;
  /**
   * Bound of one call to a peer's registry for a blob the store lacks (`REGISTRY_PEER_TIMEOUT_MS`;
   * the peers are MIRROR_SCAN_URLS; docs/token-registry.md "On a mirror").
   */
  readonly registryPeerTimeoutMs: number;
  /** The simulated network `npm start` loads (README "The live network"). */
  readonly simulation: SimulationConfig;
}

export interface SimulationConfig {
  /**
   * `SIMULATION_LIVE`: lay the pre-generated rounds out up to now and go on in real time; false
   * keeps the static history from its fixed start time (January 2026).
   */
  readonly live: boolean;
  /** `SIMULATION_TICK_SECONDS`: the length of a mining round, the AmuletRules' tickDuration. */
  readonly tickSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadConfigOptions {
  /**
   * Fail unless tokens can be verified (an AUTH_* key, or AUTH_DEV_MODE=true). Every app and every
   * CLI that mints tokens asks for this; tools that never touch tokens (migrate, ingest) do not,
   * and a `JwtVerifier` refuses to be built without a key anyway.
   */
  readonly requireAuth?: boolean;
}

/** Reads and validates the whole configuration once; throws naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): AppConfig {
  const r = new EnvReader(env);
  // Shared by every app's slice; each variable is read (and reported) once.
  const bodyLimitBytes = r.bytes('BODY_LIMIT', 1024 * 1024);
  const realm = r.string('AUTH_REALM', 'canton-scan-stack');
  const { rateLimits, trustProxy } = requestLimits(r);
  const scanPort = r.int('SCAN_PORT', 5012, { max: 65535 });
  const config: AppConfig = {
    database: {
      url: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      embeddedDataDir: r.string('PGLITE_DATA_DIR', './.data/pglite'),
      embeddedPort: r.int('PGLITE_PORT', 0, { max: 65535 }),
      poolSize: r.int('DB_POOL_SIZE', 10, { min: 1, max: 200 }),
      connectTimeoutMs: r.int('DB_CONNECT_TIMEOUT_MS', 5000, { min: 100 }),
      statementTimeoutMs: r.int('DB_STATEMENT_TIMEOUT_MS', 30000, { min: 0 }),
      migrateOnStart: r.optionalBool('DB_MIGRATE_ON_START'),
      readUrls: r.urlList('DATABASE_READ_URLS', ['postgres:', 'postgresql:']),
      readFallback: r.oneOf('DATABASE_READ_FALLBACK', READ_FALLBACKS, 'primary'),
      readMaxLagSeconds: r.int('DATABASE_READ_MAX_LAG_SECONDS', 10, { min: 0, max: 86_400 }),
    },
    logLevel: r.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: r.oneOf('LOG_FORMAT', LOG_FORMATS, 'json'),
    scanApi: {
      port: scanPort,
      bodyLimitBytes,
      realm,
      rateLimits,
      trustProxy,
      prefix: r.pathPrefix('SCAN_PREFIX', '/api/scan'),
      validatorPrefix: r.pathPrefix('VALIDATOR_PREFIX', '/api/validator'),
      publicUrl: (r.url('SCAN_PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${scanPort}`).replace(
        /\/+$/,
        '',
      ),
      ui: { enabled: r.bool('SCAN_UI_ENABLED', true), dir: r.optionalString('SCAN_UI_DIR') },
      forcedAcsSnapshots: r.bool('SCAN_FORCED_ACS_SNAPSHOTS', false),
    },
    registryApi: {
      port: r.int('REGISTRY_PORT', 5014, { max: 65535 }),
      bodyLimitBytes,
      realm,
      rateLimits,
      trustProxy,
      prefix: r.pathPrefix('REGISTRY_PREFIX', '/api/scan'),
    },
    ledgerApi: {
      port: r.int('LEDGER_PORT', 7575, { max: 65535 }),
      bodyLimitBytes,
      realm,
      rateLimits,
      trustProxy,
      prefix: r.pathPrefix('LEDGER_PREFIX', ''),
      wsFirstMessageTimeoutMs: r.int('LEDGER_WS_FIRST_MSG_TIMEOUT_MS', 10_000, { min: 1, max: 600_000 }),
    },
    scanMirror: {
      port: r.int('MIRROR_PORT', 5016, { max: 65535 }),
      bodyLimitBytes,
      realm,
      rateLimits,
      trustProxy,
      scanUrls: r.urlList('MIRROR_SCAN_URLS', ['http:', 'https:']),
      pageSize: r.int('MIRROR_PAGE_SIZE', 500, { min: 1, max: 1000 }),
      readyLagSeconds: r.int('MIRROR_READY_LAG_SECONDS', 60, { min: 0 }),
      trafficIntervalSeconds: r.int('MIRROR_TRAFFIC_INTERVAL_SECONDS', 300, { min: 0, max: 86_400 }),
      hosting: r.bool('MIRROR_HOSTING', true),
      stateConcurrency: r.int('MIRROR_STATE_CONCURRENCY', 4, { min: 1, max: 64 }),
      parallelMigrations: r.bool('MIRROR_PARALLEL_MIGRATIONS', false),
    },
    // npm run new-app adds each generated app's slice above this line.
    snapshotIntervalHours: snapshotInterval(r),
    auth: authConfig(r),
    ledgerNode: {
      participantId: r.string(
        'LEDGER_PARTICIPANT_ID',
        'PAR::canton-scan-stack::12209f6a2e1c5b0f8d7a4c3b2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b',
      ),
      maxListElements: r.int('LEDGER_MAX_LIST_ELEMENTS', 200, { min: 1, max: 100_000 }),
      streamIdleTimeoutMs: r.int('LEDGER_STREAM_IDLE_TIMEOUT_MS', 500, { min: 1, max: 600_000 }),
    },
    sv: { user: r.string('SV_USER', 'sv1'), partyId: r.optionalString('SV_PARTY_ID') },
    validator: validatorIdentity(r),
    // The names and defaults of Splice's own deployments (SPLICE_APP_UI_*).
    spliceInstanceNames: {
      networkName: r.string('SPLICE_APP_UI_NETWORK_NAME', 'Splice'),
      networkFaviconUrl: r.string(
        'SPLICE_APP_UI_NETWORK_FAVICON_URL',
        'https://www.hyperledger.org/hubfs/hyperledgerfavicon.png',
      ),
      amuletName: r.string('SPLICE_APP_UI_AMULET_NAME', 'Amulet'),
      amuletNameAcronym: r.string('SPLICE_APP_UI_AMULET_NAME_ACRONYM', 'AMT'),
      nameServiceName: r.string('SPLICE_APP_UI_NAME_SERVICE_NAME', 'Amulet Name Service'),
      nameServiceNameAcronym: r.string('SPLICE_APP_UI_NAME_SERVICE_NAME_ACRONYM', 'ANS'),
    },
    registryMaxTransferLegs: r.int('REGISTRY_MAX_TRANSFER_LEGS', 200, { min: 100, max: 10_000 }),
    registryPeerTimeoutMs: r.int('REGISTRY_PEER_TIMEOUT_MS', 10_000, { min: 1, max: 120_000 }),
    simulation: {
      live: r.bool('SIMULATION_LIVE', true),
      tickSeconds: r.int('SIMULATION_TICK_SECONDS', 600, { min: 1, max: 86_400 }),
    },
  };
  if (config.database.readUrls.length > 0 && config.database.url === undefined)
    r.problems.push(
      'DATABASE_READ_URLS needs DATABASE_URL: the embedded database (no DATABASE_URL) has no read replicas; unset DATABASE_READ_URLS or point DATABASE_URL at the primary the replicas stream from',
    );
  const authProblem = options.requireAuth ? missingAuthKeyProblem(config.auth) : undefined;
  if (authProblem !== undefined) r.problems.push(authProblem);
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return deepFreeze(config);
}

/**
 * The validator operator of `GET /api/validator/v0/validator-user`: `VALIDATOR_USER` (else
 * `SV_USER`: the operating SV's own validator) and `VALIDATOR_PARTY_ID`, which must read as a
 * party id (`<hint>::<fingerprint>`) when set.
 */
function validatorIdentity(r: EnvReader): AppConfig['validator'] {
  const partyId = r.optionalString('VALIDATOR_PARTY_ID');
  if (partyId !== undefined && !/^\S+::[0-9a-f]{2,}$/i.test(partyId))
    r.problems.push(
      `VALIDATOR_PARTY_ID must be a party id, <hint>::<hex fingerprint> (got ${JSON.stringify(partyId)})`,
    );
  return { user: r.optionalString('VALIDATOR_USER') ?? r.string('SV_USER', 'sv1'), partyId };
}

/** The peer scans of the scan-mirror app, which cannot run without them. */
export function requireMirrorScanUrls(config: AppConfig): readonly string[] {
  if (config.scanMirror.scanUrls.length === 0)
    throw new ConfigError([
      "MIRROR_SCAN_URLS must be set: the comma-separated base URLs of the peer scans' scan group, " +
        'e.g. https://scan.sv-1.example.com/api/scan,https://scan.sv-2.example.com/api/scan',
    ]);
  return config.scanMirror.scanUrls;
}

/** `RATE_LIMITS` and `TRUST_PROXY`, shared by every app's slice (README "Rate limits"). */
function requestLimits(r: EnvReader): Pick<HttpAppConfig, 'rateLimits' | 'trustProxy'> {
  const { rules, problems } = parseRateLimits(r.string('RATE_LIMITS', ''));
  r.problems.push(...problems);
  const rawTrustProxy = r.string('TRUST_PROXY', 'false');
  const trustProxy = parseTrustProxy(rawTrustProxy);
  if (trustProxy === undefined)
    r.problems.push(
      `TRUST_PROXY must be true, false or the number of proxies in front of the app (0 to 100), got "${rawTrustProxy}"`,
    );
  return { rateLimits: rules, trustProxy: trustProxy ?? false };
}

/** `SNAPSHOT_INTERVAL_HOURS`: a divisor of 24, so snapshots fall at UTC hours divisible by it. */
function snapshotInterval(r: EnvReader): number {
  const hours = r.int('SNAPSHOT_INTERVAL_HOURS', 3, { min: Number.MIN_SAFE_INTEGER });
  const problem = snapshotIntervalProblem(hours);
  if (problem === undefined) return hours;
  r.problems.push(problem);
  return 3;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
