// mirror --scan URL [--scan URL ...]: fills the store from peer scans over HTTP (import updates,
// then the update list, with the mediator verdicts where the peers serve them), accepting each
// page where f + 1 peers agree, through the LedgerWriter.
// Resumable: it continues from where the store ends. Keeps tailing unless --once.
// mirror --ledger URL --token JWT: the same from one participant's JSON Ledger API v2 update stream.
import { ConfigError, Db, loadConfig, MirrorPeerStatusRepository, openDatabase } from '@canton-scan/domain';
import {
  lagSeconds,
  LedgerFeed,
  ScanMirror,
  type LedgerFeedProgress,
  type MirrorProgress,
} from '@canton-scan/mirror';
import { parseArgs } from '../ingest/cli-args';
import { formatDuration, Progress } from '../progress/progress';

/** The mirror's own embedded store by default: never the one \`npm start\` serves (./.data/pglite). */
const MIRROR_DATA_DIR = './.data/mirror';

const HELP = `usage: npm run mirror -- --scan URL [--scan URL ...] [--once] [--page-size N]
         [--traffic-interval SECONDS] [--no-hosting] [--state-concurrency N] [--parallel-migrations]
       npm run mirror -- --ledger URL --token JWT [--migration-id N] [--once] [--page-size N]
Mirrors the history of the peer scans (each URL the base of a scan group, e.g.
https://scan.sv-1.example.com/api/scan) into the store of DATABASE_URL (default: an embedded
database of its own in PGLITE_DATA_DIR, default ${MIRROR_DATA_DIR}, which
\`PGLITE_DATA_DIR=${MIRROR_DATA_DIR} npm start\` then serves). With n >= 2 peers a page is
accepted only where f + 1 of them (f = floor((n - 1) / 3)) answer alike. A migration's mediator
verdicts (/v0/events) are copied with its updates when f + 1 peers serve them as it begins
(docs/events.md). Without --once it keeps following the peers. At the end of each pass it also
copies, f + 1 agreed, the traffic status of every member it knows (at most every
--traffic-interval seconds, default MIRROR_TRAFFIC_INTERVAL_SECONDS or 300; 0: never) and the
participant ids of every party of the copied history, once each (--no-hosting: never), asking
--state-concurrency (default MIRROR_STATE_CONCURRENCY or 4) members or parties at a time.
--parallel-migrations (default MIRROR_PARALLEL_MIGRATIONS or false) copies every migration the
peers hold at once, migration m in the ledger offsets after m x 2^40 (docs/offsets-and-ids.md
"Offsets across migrations"); otherwise one after the other, in consecutive offsets.
--ledger instead reads one participant's JSON Ledger API v2 updates (every party: the token's
user must read as any party), storing them under --migration-id (default 0) with the
participant's offsets; it continues after the store's newest offset.`;

/**
 * The progress detail: where the copy is, its lag to the peers and an ETA. The ETA is the lag over
 * the pace it shrinks at: record time copied per second, less the second a live network advances
 * meanwhile.
 */
function progressDetail(): (p: MirrorProgress) => string {
  let from: { recordTime: number; at: number } | undefined;
  return (p) => {
    const lag = lagSeconds(p);
    const now = Date.now();
    const at = p.lastRecordTime === undefined ? undefined : Date.parse(p.lastRecordTime);
    if (from === undefined && at !== undefined) from = { recordTime: at, at: now };
    const pace = from && at !== undefined && now > from.at ? (at - from.recordTime) / (now - from.at) - 1 : 0;
    const eta =
      lag === undefined ? '?' : lag === 0 ? 'caught up' : pace > 0 ? formatDuration(lag / pace) : '?';
    return (
      `migration ${p.migrationId} at ${p.lastRecordTime ?? 'start'}, ` +
      `lag to peers ${lag === undefined ? '?' : formatDuration(lag)}, ETA ${eta}`
    );
  };
}

function ledgerDetail(p: LedgerFeedProgress): string {
  return `at offset ${p.offset} of ledger end ${p.ledgerEnd ?? '?'}`;
}

/** Exactly one source form: peer scans, or a ledger node with its token. */
function usageProblem(args: Record<string, unknown>, peers: string[]): string | undefined {
  if (peers.length > 0 && args.ledger !== undefined) return 'give either --scan or --ledger, not both';
  if (peers.length === 0 && args.ledger === undefined) return 'give --scan URL (peer scans) or --ledger URL';
  if (args.ledger !== undefined && args.token === undefined) return '--ledger needs --token JWT';
  if (args.ledger === undefined && (args.token !== undefined || args['migration-id'] !== undefined))
    return '--token and --migration-id go with --ledger';
  if (
    args.ledger !== undefined &&
    ['traffic-interval', 'no-hosting', 'state-concurrency', 'parallel-migrations'].some(
      (flag) => args[flag] !== undefined,
    )
  )
    return '--traffic-interval, --no-hosting, --state-concurrency and --parallel-migrations go with --scan';
  if (((args['traffic-interval'] as number | undefined) ?? 0) < 0)
    return '--traffic-interval must be 0 or more';
  if (args['state-concurrency'] !== undefined && (args['state-concurrency'] as number) < 1)
    return '--state-concurrency must be 1 or more';
  return undefined;
}

/** --ledger: feeds the store from one participant; the summary line. */
async function feedLedger(
  args: Record<string, unknown>,
  db: Awaited<ReturnType<typeof openDatabase>>,
  snapshotIntervalHours: number,
  signal: AbortSignal,
): Promise<string> {
  const started = Date.now();
  const progress = new Progress({ label: 'mirror (ledger)', unit: 'updates appended' });
  const feed = new LedgerFeed(db.dataSource, {
    url: args.ledger as string,
    token: args.token as string,
    migrationId: args['migration-id'] as number | undefined,
    pageSize: args['page-size'] as number | undefined,
    snapshotIntervalHours,
    log: (message) => process.stderr.write(`\n${message}\n`),
    onProgress: (p) => progress.update(p.appended, { detail: ledgerDetail(p) }),
  });
  const result = await feed.run({ once: args.once === true, signal }).finally(() => progress.stop());
  return (
    `fed ${args.ledger as string} into the ${db.backend} database: ${result.appended} updates appended in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s, up to offset ${result.offset} (migration ${result.migrationId})`
  );
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    scan: 'strings',
    ledger: 'string',
    token: 'string',
    'migration-id': 'int',
    once: 'flag',
    'page-size': 'int',
    'traffic-interval': 'int',
    'no-hosting': 'flag',
    'state-concurrency': 'int',
    'parallel-migrations': 'flag',
    help: 'flag',
  });
  const peers = (args.scan as string[] | undefined) ?? [];
  const problem = usageProblem(args, peers);
  if (args.help || problem !== undefined) {
    if (!args.help) console.error(problem);
    console.log(HELP);
    process.exit(args.help ? 0 : 2);
  }
  const config = loadConfig();
  const database =
    process.env.PGLITE_DATA_DIR === undefined
      ? { ...config.database, embeddedDataDir: MIRROR_DATA_DIR }
      : config.database;
  const db = await openDatabase(database, {
    migrate: config.database.migrateOnStart ?? config.database.url === undefined,
    requireMigrated: true,
  });
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const started = Date.now();
  if (args.ledger !== undefined) {
    try {
      console.log(await feedLedger(args, db, config.snapshotIntervalHours, stop.signal));
    } finally {
      await db.close();
    }
    return;
  }
  const detail = progressDetail();
  const progress = new Progress({ label: 'mirror', unit: 'updates appended' });
  const mirror = new ScanMirror(db.dataSource, {
    peers,
    pageSize: args['page-size'] as number | undefined,
    snapshotIntervalHours: config.snapshotIntervalHours,
    log: (message) => process.stderr.write(`\n${message}\n`),
    onProgress: (p) => progress.update(p.appended, { detail: detail(p) }),
    // What `GET /v0/explorer/mirror-status` of a scan-api on this store shows.
    statusSink: new MirrorPeerStatusRepository(Db.of(db.dataSource)),
    synchronizerState: {
      trafficIntervalSeconds:
        (args['traffic-interval'] as number | undefined) ?? config.scanMirror.trafficIntervalSeconds,
      hosting: args['no-hosting'] === true ? false : config.scanMirror.hosting,
      concurrency: (args['state-concurrency'] as number | undefined) ?? config.scanMirror.stateConcurrency,
    },
    parallelMigrations: args['parallel-migrations'] === true || config.scanMirror.parallelMigrations,
  });
  try {
    const result = await mirror
      .run({ once: args.once === true, signal: stop.signal })
      .finally(() => progress.stop());
    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `mirrored ${peers.length} peer(s) into the ${db.backend === 'embedded' ? `embedded database in ${database.embeddedDataDir}` : 'database of DATABASE_URL'}: ${result.appended} updates appended ` +
        `(with ${result.verdictsCopied} verdicts) ` +
        `in ${elapsed.toFixed(1)} s, up to migration ${result.migrationId} at ${result.lastRecordTime ?? 'its start'}` +
        (mirror.dissenters.size > 0 ? `; peers that disagreed: ${[...mirror.dissenters].join(', ')}` : ''),
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
