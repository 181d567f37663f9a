// ingest --file FILE: feeds a history file (one UpdateHistoryItem with lossless payloads per line,
// e.g. from `simulate`) through the LedgerWriter, with a progress line. Resumable: run it again
// after an interruption and it skips what is stored. With `--encoding compact_json` it loads
// compact-only history (saved `POST /v2/updates` answers, JSON Lines of v2 items, bulk-download
// objects); any of them may be zstd-compressed (docs/compact-only.md).
import { statSync } from 'node:fs';
import {
  ConfigError,
  ingestUpdates,
  LedgerWriter,
  loadConfig,
  openDatabase,
  readUpdateSource,
} from '@canton-scan/domain';
import { Progress } from '../progress/progress';
import { parseArgs } from './cli-args';

const HELP = `usage: npm run ingest -- --file FILE [--encoding protobuf_json|compact_json] [--verdicts ingested|absent] [--batch-size N]
Appends the updates of FILE to the store of DATABASE_URL (default: the embedded database in
PGLITE_DATA_DIR; stop \`npm start\` first, or point DATABASE_URL at its database).
FILE holds JSON Lines of update items or a saved POST /v2/updates answer ({"transactions": [...]}),
plain or zstd-compressed (.zst, .zstd: the bulk-download object format).
--encoding: how payloads are encoded. protobuf_json (default): lossless, validated and kept as
received. compact_json: compact-only history (explorer archives, bulk downloads), kept as given
and served in compact_json only (a lossless request over it is a 409).
--verdicts: whether FILE carries its synchronizer's verdicts (verdict lines after the updates, as
\`npm run simulate\` writes them; docs/events.md). ingested (the default for protobuf_json): the
store answers /v0/events and reward accounting from them. absent (the default for compact_json,
whose sources carry none): /v0/events answers 503 and closed rounds' activity CannotProvide,
rather than taking the missing verdicts for transactions without activity.`;

const ENCODINGS = { protobuf_json: 'lossless', compact_json: 'compact' } as const;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    file: 'string',
    encoding: 'string',
    verdicts: 'string',
    'batch-size': 'int',
    help: 'flag',
  });
  if (args.help || !args.file) {
    console.log(HELP);
    process.exit(args.help ? 0 : 2);
  }
  const encoding = String(args.encoding ?? 'protobuf_json');
  if (!(encoding in ENCODINGS))
    throw new Error(`--encoding must be protobuf_json or compact_json, got "${encoding}"`);
  const payloadEncoding = ENCODINGS[encoding as keyof typeof ENCODINGS];
  const verdicts = String(args.verdicts ?? (payloadEncoding === 'compact' ? 'absent' : 'ingested'));
  if (verdicts !== 'ingested' && verdicts !== 'absent')
    throw new Error(`--verdicts must be ingested or absent, got "${verdicts}"`);
  const file = String(args.file);
  const total = statSync(file).size;
  const config = loadConfig();
  const db = await openDatabase(config.database, {
    migrate: config.database.migrateOnStart ?? config.database.url === undefined,
    requireMigrated: true,
  });
  const writer = new LedgerWriter(db.dataSource, {
    snapshotIntervalHours: config.snapshotIntervalHours,
    payloadEncoding,
    synchronizerVerdicts: verdicts,
  });
  const started = Date.now();
  let bytes = 0;
  // The bar follows the file's bytes (the ETA); the count and the rate are updates.
  const progress = new Progress({ label: 'ingest', unit: 'updates', total: Math.max(total, 1) });
  try {
    const result = await ingestUpdates(writer, readUpdateSource(file, { onBytes: (n) => (bytes += n) }), {
      batchSize: (args['batch-size'] as number | undefined) ?? 2000,
      onProgress: (p) =>
        progress.update(p.read, {
          position: bytes,
          detail: `${p.appended.toLocaleString('en-US')} new, ${p.skipped.toLocaleString('en-US')} already stored`,
        }),
    });
    const elapsed = (Date.now() - started) / 1000;
    progress.finish(
      `ingested ${file} into the ${db.backend} database: ${result.appended} updates appended, ${result.skipped} already stored, ` +
        `${result.contractsCreated} contracts created, ${result.snapshotsRecorded} snapshot times recorded in ${elapsed.toFixed(1)} s ` +
        `(${(result.read / Math.max(elapsed, 0.001)).toFixed(0)} updates/s)`,
    );
  } catch (error) {
    progress.stop();
    throw error;
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
