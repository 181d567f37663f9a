// bench:ingest — ingests a simulated history of at least 200,000 updates into real PostgreSQL
// through the LedgerWriter and compares it with PostgreSQL's own COPY of the same rows into
// identical tables (same indexes): updates/s, contracts/s and the ratio.
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataSource, ingestUpdates, LedgerWriter } from '@canton-scan/domain';
import { createScratchDatabase, realServerReachable } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { readJsonLines } from '../ingest/jsonl';
import {
  backendCpuSeconds,
  backendCpuSince,
  fmt,
  postgresCpuSeconds,
  RssSampler,
  seconds,
  writeBenchFigures,
  writeSimulatedHistoryFile,
} from './bench-util';

const TABLES = [
  'updates',
  'events',
  'contracts',
  'amulet_holdings',
  'validator_licenses',
  'vote_results',
  'app_activity_records',
  'mining_rounds',
  'acs_snapshots',
];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    updates: 'int',
    'batch-size': 'int',
    'read-ahead': 'int',
    keep: 'flag',
  });
  const target = (args.updates as number | undefined) ?? 200_000;
  const batchSize = (args['batch-size'] as number | undefined) ?? 2000;
  const readAhead = args['read-ahead'] as number | undefined;
  if (!(await realServerReachable()))
    throw new Error('bench:ingest needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');
  const rss = new RssSampler();

  // A prefix of a long simulated history is itself a valid history. It goes to a file, which
  // the ingest then streams as the ingest CLI does.
  let t = performance.now();
  const file = join(tmpdir(), `css-bench-ingest-${process.pid}.jsonl`);
  const generated = await writeSimulatedHistoryFile(file, target);
  const fileMiB = statSync(file).size / 1024 / 1024;
  console.log(
    `generated ${fmt(generated)} updates (${fmt(fileMiB)} MiB of JSON lines) in ${seconds(t).toFixed(1)} s`,
  );

  const database = `css_bench_ingest_${process.pid}`;
  const scratch = await createScratchDatabase(database, 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  // Reads the CPU of the ingest's own backends (not other agents' on the same server).
  const monitor = new Client({ connectionString: scratch.url });
  await monitor.connect();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    rss.reset();
    const pgCpuBefore = postgresCpuSeconds();
    const backendsBefore = await backendCpuSeconds(monitor, database);
    const cpuBefore = process.cpuUsage();
    t = performance.now();
    // The ingest CLI's path: lines streamed and parsed, batches prepared while the previous one is written.
    const { contractsCreated: contracts } = await ingestUpdates(writer, readJsonLines(file), {
      batchSize,
      readAhead,
    });
    const ingestSeconds = seconds(t);
    const ingestRss = rss.peakMiB();
    const ingestRssMiB = Number.parseFloat(ingestRss);
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpu = (cpu.user + cpu.system) / 1e6;
    const pgCpuAfter = postgresCpuSeconds();
    const pgCpu =
      pgCpuBefore === undefined || pgCpuAfter === undefined ? undefined : pgCpuAfter - pgCpuBefore;
    const backendCpu = backendCpuSince(backendsBefore, await backendCpuSeconds(monitor, database));

    // Baseline: PostgreSQL COPYing exactly the stored rows into same-shaped, same-indexed tables.
    const client = new Client({ connectionString: scratch.url });
    await client.connect();
    let copySeconds = 0;
    let rows = 0;
    try {
      for (const table of TABLES) {
        const chunks: Buffer[] = [];
        await pipeline(
          client.query(copyTo(`COPY (SELECT * FROM ${table}) TO STDOUT`)), // a partitioned table copies out through a query
          new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) }),
        );
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

    const ups = generated / ingestSeconds;
    const perUpdate = (s: number) => `${fmt((s / generated) * 1e6)} µs/update`;
    console.log('');
    console.log(
      `LedgerWriter ingest : ${fmt(generated)} updates, ${fmt(contracts)} contracts, ${fmt(rows)} rows in ${ingestSeconds.toFixed(2)} s`,
    );
    console.log(
      `                      ${fmt(ups)} updates/s, ${fmt(contracts / ingestSeconds)} contracts/s (batches of ${batchSize}; peak RSS ${ingestRss})`,
    );
    console.log(
      `CPU                 : ingest process ${nodeCpu.toFixed(1)} s (${perUpdate(nodeCpu)}), PostgreSQL ${pgCpu === undefined ? 'n/a (not on this machine)' : `${pgCpu.toFixed(1)} s (${perUpdate(pgCpu)}; every postgres process on the machine)`}`,
    );
    if (backendCpu !== undefined)
      console.log(
        `                      the ingest's own PostgreSQL backends ${backendCpu.toFixed(1)} s (${perUpdate(backendCpu)})`,
      );
    console.log(
      `PostgreSQL COPY     : the same ${fmt(rows)} rows in ${copySeconds.toFixed(2)} s (${fmt(generated / copySeconds)} updates/s)`,
    );
    console.log(
      `ratio ingest / COPY : ${(ingestSeconds / copySeconds).toFixed(2)}x   (targets, issue 32, at 200,000 updates on a quiet machine: >= 3,000 updates/s, <= 2.2x)`,
    );
    writeBenchFigures('ingest', [
      {
        label: `LedgerWriter ingest, ${fmt(generated)} updates`,
        value: Math.round(ups),
        unit: 'updates/s',
        target: '>= 3,000 updates/s',
        ok: ups >= 3000,
      },
      {
        label: 'LedgerWriter ingest, contracts',
        value: Math.round(contracts / ingestSeconds),
        unit: 'contracts/s',
      },
      {
        label: 'ratio ingest / PostgreSQL COPY of the same rows',
        value: Number((ingestSeconds / copySeconds).toFixed(2)),
        unit: 'x',
        target: '<= 2.2x',
        ok: ingestSeconds / copySeconds <= 2.2,
      },
      {
        label: 'ingest process CPU per update',
        value: Math.round((nodeCpu / generated) * 1e6),
        unit: 'µs',
      },
      ...(pgCpu === undefined
        ? []
        : [{ label: 'PostgreSQL CPU per update', value: Math.round((pgCpu / generated) * 1e6), unit: 'µs' }]),
      ...(backendCpu === undefined
        ? []
        : [
            {
              label: "the ingest's own PostgreSQL backends' CPU per update",
              value: Math.round((backendCpu / generated) * 1e6),
              unit: 'µs',
            },
          ]),
      { label: 'ingest process peak RSS', value: ingestRssMiB, unit: 'MiB' },
    ]);
  } finally {
    rmSync(file, { force: true });
    await monitor.end();
    await dataSource.destroy();
    if (!args.keep) await scratch.drop();
    rss.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
