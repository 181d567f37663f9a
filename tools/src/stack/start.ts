// npm start: the whole stack on one machine. Starts the embedded database (or uses
// DATABASE_URL), migrates it, and runs the three apps as separate processes, printing each
// group's base URL and docs URL. With MIRROR_SCAN_URLS set it follows that real network instead
// of loading the simulated one: the scan-mirror app runs alongside, filling the store.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  developmentAuthDefault,
  DEVELOPMENT_MODE_WARNING,
  ensureDevelopmentAdmin,
  ingestUpdates,
  LedgerWriter,
  openDatabase,
  startEmbeddedPostgres,
  type AppConfig,
  type Database,
  type EmbeddedPostgres,
} from '@canton-scan/domain';
import { loadConfigOrExit } from '@canton-scan/http';
import { simulateNetwork } from '@canton-scan/simulator';
import { describeDevelopmentToken } from '../ledger/ledger-token';
import { ownScanAmong } from './own-scan';
import { stackSimulationOptions } from './stack-network';

interface StackApp {
  name: string;
  entry: string;
  /** Answers below 500 once the app serves (the mirror's readyz waits for catching up: its livez). */
  up: (config: AppConfig) => string;
}

const APPS: StackApp[] = [
  {
    name: 'scan-api',
    entry: 'apps/scan-api/src/main.js',
    up: (c) => `http://127.0.0.1:${c.scanApi.port}${c.scanApi.prefix}/readyz`,
  },
  {
    name: 'registry-api',
    entry: 'apps/registry-api/src/main.js',
    up: (c) => `http://127.0.0.1:${c.registryApi.port}${c.registryApi.prefix}/readyz`,
  },
  {
    name: 'ledger-api',
    entry: 'apps/ledger-api/src/main.js',
    up: (c) => `http://127.0.0.1:${c.ledgerApi.port}${c.ledgerApi.prefix}/readyz`,
  },
];

const SCAN_MIRROR: StackApp = {
  name: 'scan-mirror',
  entry: 'apps/scan-mirror/src/main.js',
  up: (c) => `http://127.0.0.1:${c.scanMirror.port}/livez`,
};

/** The peers to follow (MIRROR_SCAN_URLS), never this stack's own scan. */
function mirrorPeersOrExit(config: AppConfig): readonly string[] {
  const peers = config.scanMirror.scanUrls;
  const own = ownScanAmong(peers, config.scanApi.port);
  if (own !== undefined) {
    console.error(
      `MIRROR_SCAN_URLS lists ${own}, which is this stack's own scan (SCAN_PORT ${config.scanApi.port}): ` +
        'the stack would be mirroring itself. Set MIRROR_SCAN_URLS to the scan group URLs of a real ' +
        "network's scans (or of another stack), or move this stack's scan with SCAN_PORT.",
    );
    process.exit(1);
  }
  return peers;
}

async function main(): Promise<void> {
  // No AUTH_* key set: the stack and the apps it forks run in explicit (logged) development mode.
  Object.assign(process.env, developmentAuthDefault(process.env));
  const config = loadConfigOrExit({ requireAuth: true });
  const peers = mirrorPeersOrExit(config);
  const apps = peers.length > 0 ? [...APPS, SCAN_MIRROR] : APPS;
  let embedded: EmbeddedPostgres | undefined;
  let url = config.database.url;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.database.embeddedDataDir,
      port: config.database.embeddedPort,
      maxConnections: 64,
    });
    url = embedded.url;
    console.log(`embedded PostgreSQL (PGlite) at ${url}, data in ${config.database.embeddedDataDir}`);
  } else {
    console.log(`PostgreSQL at ${redact(url)}`);
  }

  const database = await openDatabase({ ...config.database, url });
  const applied = await database.dataSource.runMigrations({ transaction: 'each' });
  console.log(applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date');
  await fillOrFollow(database, config, peers);
  const admin = await ensureDevelopmentAdmin(database.dataSource);
  const tokenLines = await describeDevelopmentToken(config.auth, admin.userId);
  await database.close();

  const distRoot = join(__dirname, '../../..');
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
      ),
    );
    await embedded?.stop();
    process.exit(code);
  };
  for (const app of apps) {
    const child = fork(join(distRoot, app.entry), [], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        DB_MIGRATE_ON_START: 'false',
        // Readable logs for a developer, unless LOG_FORMAT says otherwise (the apps default to JSON).
        LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
        // PGlite serves one query at a time: small pools are enough and keep it responsive.
        ...(embedded && !process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: '4' } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => {
      if (!stopping) {
        console.error(`${app.name} exited (code ${code}); stopping the stack`);
        void stop(1);
      }
    });
    children.push(child);
  }
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  await Promise.all(apps.map((app) => waitForReady(app.up(config))));
  printRunning(config, peers, tokenLines, embedded ? url : undefined);
}

/** What runs where: each group's base and docs URL, the mirror's peers and health, the token. */
function printRunning(
  config: AppConfig,
  peers: readonly string[],
  tokenLines: readonly string[],
  embeddedUrl: string | undefined,
): void {
  console.log('\ncanton-scan-stack is running:');
  if (config.scanApi.ui.enabled)
    console.log(`  explorer (web UI)      http://localhost:${config.scanApi.port}/`);
  console.log(
    `  scan group             http://localhost:${config.scanApi.port}${config.scanApi.prefix}      docs http://localhost:${config.scanApi.port}/docs`,
  );
  console.log(
    `  validator proxy group  http://localhost:${config.scanApi.port}${config.scanApi.validatorPrefix} docs http://localhost:${config.scanApi.port}/docs/scan-proxy`,
  );
  console.log(
    `  token registry group   http://localhost:${config.registryApi.port}${config.registryApi.prefix}      docs http://localhost:${config.registryApi.port}/docs`,
  );
  console.log(
    `  ledger node group      http://localhost:${config.ledgerApi.port}${config.ledgerApi.prefix || ''}                docs http://localhost:${config.ledgerApi.port}/docs`,
  );
  if (peers.length > 0) {
    const base = `http://localhost:${config.scanMirror.port}`;
    console.log(
      `  scan mirror            following ${peers.join(', ')}\n` +
        `                         health ${base}/livez, ${base}/readyz (200 once within ` +
        `${config.scanMirror.readyLagSeconds} s of the peers; the body tells the lag)`,
    );
  }
  for (const line of tokenLines) console.log(`  ${line}`);
  if (config.auth.usingDevelopmentSecret) console.warn(`  WARNING ${DEVELOPMENT_MODE_WARNING}`);
  if (embeddedUrl) console.log(`  database for npm run ingest while running: DATABASE_URL=${embeddedUrl}`);
  console.log('Press Ctrl+C to stop.');
}

/** The simulated network on an empty store, or (MIRROR_SCAN_URLS) a real one the mirror follows. */
async function fillOrFollow(database: Database, config: AppConfig, peers: readonly string[]): Promise<void> {
  if (peers.length === 0) return loadDefaultNetworkIfEmpty(database, config);
  const [{ n }]: { n: number }[] = await database.dataSource.query('SELECT count(*)::int AS n FROM updates');
  console.log(
    `following a real network: the scan-mirror app fills the store from ${peers.join(', ')}; ` +
      'the simulated network is not loaded',
  );
  if (n > 0)
    console.log(
      `the store holds ${n} updates: the mirror continues from where they end, so they must be this ` +
        "network's (else start on a fresh PGLITE_DATA_DIR or DATABASE_URL)",
    );
}

/** On an empty store, loads the default simulated network through the write path. */
async function loadDefaultNetworkIfEmpty(database: Database, config: AppConfig): Promise<void> {
  const [{ n }]: { n: number }[] = await database.dataSource.query('SELECT count(*)::int AS n FROM updates');
  if (n > 0) {
    console.log(`the store holds ${n} updates; not loading the simulated network`);
    return;
  }
  const started = Date.now();
  console.log('empty store: loading the default simulated network (seed 1) ...');
  const writer = new LedgerWriter(database.dataSource, {
    snapshotIntervalHours: config.snapshotIntervalHours,
  });
  const result = await ingestUpdates(writer, simulateNetwork(stackSimulationOptions(config)), {
    batchSize: 1000,
  });
  console.log(
    `loaded the default simulated network: ${result.appended} updates, ${result.contractsCreated} contracts, ` +
      `${result.snapshotsRecorded} ACS snapshot times in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `the first SV's scan in GET /v0/dso is this stack's, ${config.scanApi.publicUrl} (SCAN_PUBLIC_URL)`,
  );
}

async function waitForReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
