// bench:ingest — ingests a simulated history of at least 200,000 updates into real PostgreSQL
// through the LedgerWriter and compares it with PostgreSQL's own COPY of the same rows into
// identical tables (same indexes): updates/s, contracts/s and the ratio.
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { createDataSource, ingestUpdates, LedgerWriter, simulateNetwork } from '@canton-scan/domain';
import { createScratchDatabase, realServerReachable } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { fmt, RssSampler, seconds } from './bench-util';

const TABLES = ['updates', 'events', 'contracts', 'amulet_holdings', 'validator_licenses', 'vote_results', 'app_activity_records', 'mining_rounds', 'acs_snapshots'];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { updates: 'int', 'batch-size': 'int', keep: 'flag' });
  const target = (args.updates as number | undefined) ?? 200_000;
  const batchSize = (args['batch-size'] as number | undefined) ?? 2000;
  if (!(await realServerReachable())) throw new Error('bench:ingest needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');
  const rss = new RssSampler();

  // A prefix of a long simulated history is itself a valid history.
  let t = performance.now();
  const lines: string[] = [];
  for (const update of simulateNetwork({ seed: 7, rounds: 20_000, transfersPerRound: 20, tapsPerRound: 10, validatorCount: 20, partyCount: 200 })) {
    lines.push(JSON.stringify(update));
    if (lines.length >= target) break;
  }
  console.log(`generated ${fmt(lines.length)} updates in ${seconds(t).toFixed(1)} s`);

  const scratch = await createScratchDatabase('css_bench_ingest', 'postgres');
  const dataSource = createDataSource(scratch.url, { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    rss.reset();
    t = performance.now();
    // The ingest CLI's path: parse lines, batches prepared while the previous one is written.
    const parsed = (function* () {
      for (const line of lines) yield JSON.parse(line) as unknown;
    })();
    const { contractsCreated: contracts } = await ingestUpdates(writer, parsed, { batchSize });
    const ingestSeconds = seconds(t);
    const ingestRss = rss.peakMiB();

    // Baseline: PostgreSQL COPYing exactly the stored rows into same-shaped, same-indexed tables.
    const client = new Client({ connectionString: scratch.url });
    await client.connect();
    let copySeconds = 0;
    let rows = 0;
    try {
      for (const table of TABLES) {
        const chunks: Buffer[] = [];
        await pipeline(client.query(copyTo(`COPY ${table} TO STDOUT`)), new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) }));
        const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows;
        rows += n;
        // Same columns, defaults, checks, indexes and foreign keys as the store's table.
        await client.query(`CREATE TABLE bench_${table} (LIKE ${table} INCLUDING ALL)`);
        const fks = await client.query<{ def: string; name: string }>(
          `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`,
          [table],
        );
        for (const fk of fks.rows) {
          const def = fk.def.replace(/REFERENCES (\w+)/, 'REFERENCES bench_$1');
          await client.query(`ALTER TABLE bench_${table} ADD CONSTRAINT bench_${fk.name} ${def}`);
        }
        const start = performance.now();
        await pipeline(Readable.from(chunks), client.query(copyFrom(`COPY bench_${table} FROM STDIN`)));
        copySeconds += seconds(start);
      }
    } finally {
      await client.end();
    }

    const ups = lines.length / ingestSeconds;
    console.log('');
    console.log(`LedgerWriter ingest : ${fmt(lines.length)} updates, ${fmt(contracts)} contracts, ${fmt(rows)} rows in ${ingestSeconds.toFixed(2)} s`);
    console.log(`                      ${fmt(ups)} updates/s, ${fmt(contracts / ingestSeconds)} contracts/s (batches of ${batchSize}; peak RSS ${ingestRss})`);
    console.log(`PostgreSQL COPY     : the same ${fmt(rows)} rows in ${copySeconds.toFixed(2)} s (${fmt(lines.length / copySeconds)} updates/s)`);
    console.log(`ratio ingest / COPY : ${(ingestSeconds / copySeconds).toFixed(2)}x   (targets: >= 10,000 updates/s, <= 3x)`);
  } finally {
    await dataSource.destroy();
    if (!args.keep) await scratch.drop();
    rss.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
