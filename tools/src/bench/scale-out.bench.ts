// bench:scale-out — issue 14's sizing figures for docs/scaling.md: `GET /v2/updates/{id}` (random
// ids, 10 connections, autocannon) against scan-api as its own process on real PostgreSQL, in three
// set-ups over one scratch database holding a simulated network (--updates long):
//   - one scan-api process reading from the primary,
//   - two scan-api processes behind the round-robin balancer of the replica tests (libs/testing's
//     startHttpBalancer, standing in for nginx or haproxy), both reading from the primary,
//   - one scan-api process reading from a hot standby of the primary (DATABASE_READ_URLS), with the
//     transactions each server committed during the run (pg_stat_database), so the figure is
//     shown to come from the replica.
// Every request expects 200; any other answer fails the benchmark. On a 2-core machine the load
// generator, the balancer, the apps and PostgreSQL share the cores: the figures say what a second
// process buys when the machine is already busy, not what it buys on a second machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  createDataSource,
  developmentAuthDefault,
  LedgerWriter,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  createScratchDatabase,
  realServerReachable,
  startHotStandby,
  startHttpBalancer,
  type HotStandby,
} from '@canton-scan/testing';
import { Client } from 'pg';
import { parseArgs } from '../ingest/cli-args';
import { freePort, picks, waitReady } from './bench-http';
import { autocannonGets, type AutocannonResult } from './bench-throughput';
import { fmt, seconds, writeBenchFigures, type BenchFigure } from './bench-util';

async function startScanApi(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '../../../apps/scan-api/src/main.js')], {
    env: {
      ...process.env,
      ...developmentAuthDefault(process.env),
      ...env,
      SCAN_PORT: String(port),
      SCAN_UI_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DB_MIGRATE_ON_START: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitReady(`http://127.0.0.1:${port}/api/scan/readyz`, child, 'scan-api');
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Transactions committed so far in `database` of the server at `url`. */
async function commits(url: string, database: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = $1',
      [database],
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { duration: 'int', connections: 'int', updates: 'int' });
  const duration = (args.duration as number | undefined) ?? 15;
  const connections = (args.connections as number | undefined) ?? 10;
  const size = (args.updates as number | undefined) ?? 10_000;
  if (!(await realServerReachable()))
    throw new Error('bench:scale-out needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');

  const name = `css_bench_scale_out_${process.pid}`;
  const scratch = await createScratchDatabase(name, 'postgres');
  const children: ChildProcess[] = [];
  let standby: HotStandby | undefined;
  try {
    const dataSource = createDataSource(scratch.url, {
      poolSize: 2,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 0,
    });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const t = performance.now();
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    let batch: HistoryUpdate[] = [];
    let written = 0;
    for (const update of simulateNetwork({})) {
      batch.push(update);
      if (batch.length === 2000) {
        await writer.append(batch);
        written += batch.length;
        batch = [];
      }
      if (written + batch.length >= size) break;
    }
    if (batch.length > 0) await writer.append(batch);
    written += batch.length;
    const ids: string[] = (
      await dataSource.query(
        'SELECT update_id FROM updates WHERE update_id IS NOT NULL AND NOT is_import ORDER BY row_id',
      )
    ).map((r: { update_id: string }) => r.update_id);
    await dataSource.query('VACUUM ANALYZE');
    await dataSource.destroy();
    console.log(`simulated network: ${fmt(written)} updates ingested in ${seconds(t).toFixed(1)} s`);
    const sample = picks(ids, 5000);
    const path = (n: number) => `/api/scan/v2/updates/${sample[n % sample.length]}`;

    const figures: BenchFigure[] = [];
    const report = (label: string, r: AutocannonResult, extra = '') => {
      const failed = r.non2xx + r.errors + r.timeouts;
      console.log(
        `  ${label.padEnd(46)} ${fmt(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms, ` +
          `p99 ${r.latency.p99} ms  ${fmt(r.requests.total)} requests, ${failed} failed${extra}`,
      );
      if (failed > 0) throw new Error(`${label}: ${failed} failed requests`);
      figures.push(
        { label: `${label}: requests/s`, value: Math.round(r.requests.average), unit: 'req/s' },
        { label: `${label}: latency p50`, value: r.latency.p50, unit: 'ms' },
      );
    };
    console.log(
      `GET /v2/updates/{id}, ${connections} connections, ${duration} s each (after 3 s of warm-up):`,
    );

    // One process on the primary.
    const one = await startScanApi({ DATABASE_URL: scratch.url });
    children.push(one.child);
    report(
      'one scan-api, primary',
      await autocannonGets(`http://127.0.0.1:${one.port}`, connections, duration, path),
    );

    // Two processes on the primary behind the balancer.
    const two = await startScanApi({ DATABASE_URL: scratch.url });
    children.push(two.child);
    const balancer = await startHttpBalancer([one.port, two.port]);
    try {
      const r = await autocannonGets(balancer.origin, connections, duration, path);
      report('two scan-api behind the balancer, primary', r, `  (served ${balancer.served().join(' / ')})`);
    } finally {
      await balancer.close();
    }
    await Promise.all(children.splice(0).map(stop));

    // One process reading from a hot standby.
    standby = await startHotStandby();
    await standby.caughtUp();
    const replica = await startScanApi({ DATABASE_URL: scratch.url, DATABASE_READ_URLS: standby.url(name) });
    children.push(replica.child);
    const [primaryBefore, replicaBefore] = [
      await commits(scratch.url, name),
      await commits(standby.url(name), name),
    ];
    const r = await autocannonGets(`http://127.0.0.1:${replica.port}`, connections, duration, path);
    const [primaryAfter, replicaAfter] = [
      await commits(scratch.url, name),
      await commits(standby.url(name), name),
    ];
    report(
      'one scan-api, reads from a hot standby',
      r,
      `  (transactions: replica +${fmt(replicaAfter - replicaBefore)}, primary +${fmt(primaryAfter - primaryBefore)})`,
    );
    if (replicaAfter - replicaBefore < r.requests.total)
      throw new Error(
        'the replica committed fewer transactions than requests were answered: reads did not go to it',
      );
    writeBenchFigures('scale-out', figures);
  } finally {
    await Promise.all(children.map(stop));
    await standby?.stop();
    await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
