// mirror --scan URL [--scan URL ...]: fills the store from peer scans over HTTP (import updates,
// then the update list), accepting each page where f + 1 peers agree, through the LedgerWriter.
// Resumable: it continues from where the store ends. Keeps tailing unless --once.
import { ConfigError, loadConfig, openDatabase } from '@canton-scan/domain';
import { lagSeconds, ScanMirror, type MirrorProgress } from '@canton-scan/mirror';
import { parseArgs } from '../ingest/cli-args';
import { formatDuration, ratePerSecond } from '../ingest/progress';

const HELP = `usage: npm run mirror -- --scan URL [--scan URL ...] [--once] [--page-size N]
Mirrors the history of the peer scans (each URL the base of a scan group, e.g.
https://scan.sv-1.example.com/api/scan) into the store of DATABASE_URL (default: the embedded
database in PGLITE_DATA_DIR). With n >= 2 peers a page is accepted only where f + 1 of them
(f = floor((n - 1) / 3)) answer alike. Without --once it keeps following the peers.`;

function progressLine(p: MirrorProgress, started: number): string {
  const lag = lagSeconds(p);
  return (
    `\rmigration ${p.migrationId}: ${p.appended} updates appended ` +
    `(${ratePerSecond(p.appended, started).toFixed(0)} updates/s), at ${p.lastRecordTime ?? 'start'}, ` +
    `lag to peers ${lag === undefined ? '?' : formatDuration(lag)}   `
  );
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    scan: 'strings',
    once: 'flag',
    'page-size': 'int',
    help: 'flag',
  });
  const peers = (args.scan as string[] | undefined) ?? [];
  if (args.help || peers.length === 0) {
    console.log(HELP);
    process.exit(args.help ? 0 : 2);
  }
  const config = loadConfig();
  const db = await openDatabase(config.database, {
    migrate: config.database.url === undefined || config.database.migrateOnStart === true,
  });
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const started = Date.now();
  const mirror = new ScanMirror(db.dataSource, {
    peers,
    pageSize: args['page-size'] as number | undefined,
    snapshotIntervalHours: config.snapshotIntervalHours,
    log: (message) => process.stderr.write(`\n${message}\n`),
    onProgress: (p) => process.stderr.write(progressLine(p, started)),
  });
  try {
    const result = await mirror.run({ once: args.once === true, signal: stop.signal });
    const elapsed = (Date.now() - started) / 1000;
    process.stderr.write('\n');
    console.log(
      `mirrored ${peers.length} peer(s) into the ${db.backend} database: ${result.appended} updates appended ` +
        `in ${elapsed.toFixed(1)} s, up to migration ${result.migrationId} at ${result.lastRecordTime ?? 'its start'}` +
        (mirror.dissenters.size > 0 ? `; peers that disagreed: ${[...mirror.dissenters].join(', ')}` : ''),
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write('\n');
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
