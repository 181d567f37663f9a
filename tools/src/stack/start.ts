// npm start: the whole stack on one machine. Starts the embedded database (or uses
// DATABASE_URL), migrates it, lays out the simulated network up to now and keeps it going live
// (SIMULATION_LIVE; README "The live network"), and runs the three apps as separate processes,
// printing each group's base URL and docs URL. With MIRROR_SCAN_URLS set it follows that real
// network instead of loading the simulated one: the scan-mirror app runs alongside, filling the store.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  developmentAuthDefault,
  DEVELOPMENT_MODE_WARNING,
  ensureDevelopmentAdmin,
  openDatabase,
  startEmbeddedPostgres,
  type AppConfig,
  type Database,
  type EmbeddedPostgres,
} from '@canton-scan/domain';
import { loadConfigOrExit } from '@canton-scan/http';
import { openSimulatedNetwork, stackSimulationOptions, type LiveNetworkDriver } from '@canton-scan/simulator';
import { describeDevelopmentToken, mintLedgerToken } from '../ledger/ledger-token';
import { ownScanAmong } from './own-scan';

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
  const live = await fillOrFollow(database, config, peers);
  const admin = await ensureDevelopmentAdmin(database.dataSource);
  const tokenLines = await describeDevelopmentToken(config.auth, admin.userId);
  // The live network keeps the launcher's connection to write on; otherwise it is done with it.
  if (live === undefined) await database.close();

  const distRoot = join(__dirname, '../../..');
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all([
      // The write in progress commits; nothing is written after it.
      live?.stop().then(() => database.close()),
      ...children.map(
        (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
      ),
    ]);
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
        // The banner carries the development-mode warning once, for every app.
        AUTH_DEV_MODE_WARNING: 'false',
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

  // The ledger's health endpoints take a token like every ledger endpoint: the probe carries the
  // admin's when the stack can mint one (HS256), so that it shows as a healthy request, not a 401.
  const probeHeaders: Record<string, string> = config.auth.hs256Secret
    ? { authorization: `Bearer ${await mintLedgerToken(config.auth, admin.userId, 300)}` }
    : {};
  await Promise.all(
    apps.map((app) => waitForReady(app.up(config), app.name === 'ledger-api' ? probeHeaders : {})),
  );
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

/**
 * The simulated network (created on an empty store, resumed when live), or (MIRROR_SCAN_URLS) a
 * real one the mirror follows. Returns the driver writing the live network's new updates.
 */
async function fillOrFollow(
  database: Database,
  config: AppConfig,
  peers: readonly string[],
): Promise<LiveNetworkDriver | undefined> {
  if (peers.length === 0) return loadSimulatedNetwork(database, config);
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
  return undefined;
}

/**
 * Loads the simulated network through the write path: on an empty store the default one (laid
 * out up to now when SIMULATION_LIVE), on a store holding a live one it wrote what became due
 * while the stack was down. Returns the driver that goes on writing a live network's updates as
 * they fall due (already running), or undefined when the store's history stays as it is.
 */
async function loadSimulatedNetwork(
  database: Database,
  config: AppConfig,
): Promise<LiveNetworkDriver | undefined> {
  const started = Date.now();
  let written = { appended: 0, at: Date.now(), recordTime: '' };
  const opening = await openSimulatedNetwork(database.dataSource, {
    options: stackSimulationOptions(config),
    live: config.simulation.live,
    snapshotIntervalHours: config.snapshotIntervalHours,
    onWritten: ({ appended, recordTime }) => {
      written = { ...written, appended: written.appended + appended, recordTime };
      // One line a minute at most: a round of the default tick brings about a hundred updates.
      if (Date.now() - written.at < 60_000) return;
      console.log(`live network: ${written.appended} new updates, up to record time ${recordTime}`);
      written = { appended: 0, at: Date.now(), recordTime };
    },
    onWriteFailed: (error) =>
      console.error(`live network: a write failed, trying again: ${(error as Error).message}`),
  });
  if (opening.kind === 'static') {
    console.log(`the store's history stays as it is: ${opening.reason}`);
    return undefined;
  }
  const { options, driver } = opening;
  const tick = options.tickSeconds ?? config.simulation.tickSeconds;
  console.log(
    opening.kind === 'created'
      ? `empty store: loading the default simulated network (seed 1, ${options.rounds ?? 432} rounds of ${tick} s` +
          (opening.live ? `, laid out from ${options.startTime} up to now, then live) ...` : ', static) ...')
      : `resuming the live simulated network started at ${options.startTime} (${tick} s rounds) ...`,
  );
  if (opening.kind === 'resumed' && tick !== config.simulation.tickSeconds)
    console.log(
      `  its rounds stay ${tick} s long (SIMULATION_TICK_SECONDS=${config.simulation.tickSeconds} applies to a new network)`,
    );
  let appended: number;
  try {
    appended = await driver.catchUp();
  } catch (error) {
    if (opening.kind === 'created') throw error;
    console.error(
      `cannot resume the simulated network, its history stays as it is: ${(error as Error).message}`,
    );
    return undefined;
  }
  console.log(
    `${opening.kind === 'created' ? 'loaded the default simulated network' : 'resumed the simulated network'}: ` +
      `${appended} updates in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `the first SV's scan in GET /v0/dso is this stack's, ${config.scanApi.publicUrl} (SCAN_PUBLIC_URL)`,
  );
  if (!opening.live || driver.exhausted) return undefined;
  console.log(`live network: a new mining round every ${tick} s, updates written as their record time comes`);
  written = { appended: 0, at: Date.now(), recordTime: '' };
  driver.run().catch((error: unknown) => {
    console.error(`the live network stopped: ${(error as Error).message}`);
  });
  return driver;
}

async function waitForReady(url: string, headers: Record<string, string>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { headers });
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
