// bench:mirror — mirror throughput against ingest of the same history. A simulated history of
// --updates updates is written to a JSON-lines file and ingested (the ingest CLI's path) into a
// source store on real PostgreSQL; a scan-api process serves that store on loopback; the mirror
// then copies it into an empty store over HTTP (--peers copies of the same peer, to include the
// f + 1 comparison; with more than one, a one-peer copy runs first into another empty store, so
// one invocation prints both ratios). The history carries the synchronizer's verdicts (as a scan
// records them), which the mirror copies with the updates (--no-verdicts: a history without
// them). Prints the rates, the ratios to ingest, and whether the verdicts were copied.
// --migration-round N moves the simulated migration to round N (about 33 updates a round), so
// that both migrations are long; --parallel-migrations has the mirror copy them at once;
// --peer-delay-ms N has every call to the peer answered N ms late (a delaying proxy), as a remote
// scan's are.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource, developmentAuthDefault, ingestUpdates, LedgerWriter } from '@canton-scan/domain';
import { ScanMirror } from '@canton-scan/mirror';
import { createScratchDatabase, realServerReachable, type ScratchDatabase } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { readJsonLines } from '../ingest/jsonl';
import { freePort, waitReady } from './bench-http';
import { delayingProxy } from './delaying-proxy';
import { fmt, RssSampler, seconds, writeBenchFigures, writeSimulatedHistoryFile } from './bench-util';

const SNAPSHOT_INTERVAL_HOURS = 3;

async function openStore(
  name: string,
  poolSize: number,
): Promise<{ scratch: ScratchDatabase; dataSource: DataSource }> {
  // Suffixed with the pid: runs from several checkouts on one server must not drop each other's databases.
  const scratch = await createScratchDatabase(`${name}_${process.pid}`, 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return { scratch, dataSource };
}

interface MirrorRun {
  peers: number;
  seconds: number;
  /** CPU seconds of this process (the mirror) and of the peer's scan-api process during the copy. */
  mirrorCpu: number;
  peerCpu: number | undefined;
  appended: number;
  verdictsCopied: number;
  peakRss: string;
}

/** CPU seconds (user + system) a child process has used so far, from /proc (undefined where unreadable). */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return undefined;
  }
}

const verdictCount = async (ds: DataSource) =>
  ((await ds.query(`SELECT count(*)::int AS n FROM synchronizer_verdicts`)) as { n: number }[])[0].n;

/** Copies the peer's history into a new empty store through `peerCount` URLs of it; checked complete. */
async function copyOnce(
  base: string,
  peerCount: number,
  pageSize: number,
  expected: { updates: number; verdicts: number },
  rss: RssSampler,
  peerPid: number | undefined,
  parallelMigrations: boolean,
): Promise<MirrorRun> {
  // Three connections: the writer's two (a batch built while the previous one is written) and
  // one for the rest (the mirror's default pool has ten).
  const mirror = await openStore(`css_bench_mirror_target${peerCount}`, 3);
  try {
    // Several peers: the same scan under distinct URLs (127.0.0.1, localhost, ...), each asked.
    const hosts = ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '127.0.0.2'];
    const peers = Array.from({ length: peerCount }, (_, i) =>
      base.replace('127.0.0.1', hosts[i % hosts.length]),
    );
    rss.reset();
    const t = performance.now();
    const cpuBefore = process.cpuUsage();
    const peerCpuBefore = processCpuSeconds(peerPid);
    const result = await new ScanMirror(mirror.dataSource, {
      peers,
      pageSize,
      snapshotIntervalHours: SNAPSHOT_INTERVAL_HOURS,
      parallelMigrations,
    }).run({ once: true });
    const mirrorSeconds = seconds(t);
    const cpu = process.cpuUsage(cpuBefore);
    const peerCpuAfter = processCpuSeconds(peerPid);
    const peakRss = rss.peakMiB();
    const [{ n }] = await mirror.dataSource.query(`SELECT count(*)::int AS n FROM updates`);
    if (n !== expected.updates)
      throw new Error(`the mirror holds ${n} updates, the source ${expected.updates}`);
    const mirroredVerdicts = await verdictCount(mirror.dataSource);
    if (mirroredVerdicts !== expected.verdicts)
      throw new Error(`the mirror holds ${mirroredVerdicts} verdicts, the source ${expected.verdicts}`);
    return {
      peers: peerCount,
      seconds: mirrorSeconds,
      mirrorCpu: (cpu.user + cpu.system) / 1e6,
      peerCpu:
        peerCpuBefore !== undefined && peerCpuAfter !== undefined ? peerCpuAfter - peerCpuBefore : undefined,
      appended: result.appended,
      verdictsCopied: result.verdictsCopied,
      peakRss,
    };
  } finally {
    await mirror.dataSource.destroy();
    await mirror.scratch.drop();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    updates: 'int',
    peers: 'int',
    'page-size': 'int',
    'no-verdicts': 'flag',
    'migration-round': 'int',
    'parallel-migrations': 'flag',
    'peer-delay-ms': 'int',
  });
  const peerDelayMs = (args['peer-delay-ms'] as number | undefined) ?? 0;
  const parallelMigrations = args['parallel-migrations'] === true;
  const withVerdicts = args['no-verdicts'] !== true;
  const target = (args.updates as number | undefined) ?? 50_000;
  const peerCount = (args.peers as number | undefined) ?? 1;
  const pageSize = (args['page-size'] as number | undefined) ?? 500;
  // With several peers, the one-peer copy runs too (same history, same sitting): both ratios.
  const peerCounts = peerCount > 1 ? [1, peerCount] : [peerCount];
  if (!(await realServerReachable()))
    throw new Error('bench:mirror needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');
  const file = join(tmpdir(), `css-bench-mirror-${process.pid}.jsonl`);
  const generated = await writeSimulatedHistoryFile(file, target, {
    synchronizerItems: withVerdicts,
    migrationRound: args['migration-round'] as number | undefined,
  });
  const source = await openStore('css_bench_mirror_source', 2);
  let child: ChildProcess | undefined;
  let proxy: Awaited<ReturnType<typeof delayingProxy>> | undefined;
  const rss = new RssSampler();
  try {
    const t = performance.now();
    const ingestCpuBefore = process.cpuUsage();
    const writer = new LedgerWriter(source.dataSource, { snapshotIntervalHours: SNAPSHOT_INTERVAL_HOURS });
    await ingestUpdates(writer, readJsonLines(file), { batchSize: 2000 });
    const ingestSeconds = seconds(t);
    const ingestCpu = process.cpuUsage(ingestCpuBefore);
    const sourceVerdicts = await verdictCount(source.dataSource);

    const port = await freePort();
    child = spawn(process.execPath, [join(__dirname, '../../../apps/scan-api/src/main.js')], {
      env: {
        ...process.env,
        ...developmentAuthDefault(process.env),
        DATABASE_URL: source.scratch.url,
        SCAN_PORT: String(port),
        LOG_LEVEL: 'warn',
        DB_MIGRATE_ON_START: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const served = `http://127.0.0.1:${port}/api/scan`;
    await waitReady(`${served}/readyz`, child, 'scan-api');
    if (peerDelayMs > 0) proxy = await delayingProxy(served, peerDelayMs);
    const base = proxy?.url ?? served;

    const runs: MirrorRun[] = [];
    const expected = { updates: generated, verdicts: sourceVerdicts };
    for (const count of peerCounts)
      runs.push(await copyOnce(base, count, pageSize, expected, rss, child.pid, parallelMigrations));

    console.log('');
    console.log(
      `history       : ${fmt(generated)} updates (simulated, ${fmt(runs[0].appended)} mirrored per copy)`,
    );
    const [{ migrations }] = await source.dataSource.query(
      `SELECT count(DISTINCT migration_id)::int AS migrations FROM updates`,
    );
    console.log(
      `migrations    : ${migrations}, copied ${parallelMigrations ? 'at once (--parallel-migrations)' : 'one after the other'}`,
    );
    console.log(
      `verdicts      : ${
        sourceVerdicts === 0
          ? 'none in the history (--no-verdicts): none copied'
          : `${fmt(runs[0].verdictsCopied)} copied (/v0/events, with their updates), ${fmt(sourceVerdicts)} in the source`
      }`,
    );
    console.log(
      `ingest (file) : ${ingestSeconds.toFixed(2)} s, ${fmt(generated / ingestSeconds)} updates/s (LedgerWriter, batches of 2,000)`,
    );
    for (const run of runs)
      console.log(
        `mirror (HTTP) : ${run.seconds.toFixed(2)} s, ${fmt(generated / run.seconds)} updates/s ` +
          `(${run.peers} peer(s) on loopback${peerDelayMs > 0 ? `, answering ${peerDelayMs} ms late` : ''}, ` +
          `pages of ${pageSize}; peak RSS ${run.peakRss})`,
      );
    // CPU per update: what a loaded machine does not distort as it does the rates (PostgreSQL's not counted).
    const perUpdate = (cpuSeconds: number) => `${fmt((cpuSeconds * 1e6) / generated)} µs`;
    console.log(
      `CPU per update: ingest ${perUpdate((ingestCpu.user + ingestCpu.system) / 1e6)} (this process)`,
    );
    for (const run of runs)
      console.log(
        `CPU per update: mirror with ${run.peers} peer(s) ${perUpdate(run.mirrorCpu)} (this process)` +
          (run.peerCpu === undefined ? '' : ` + ${perUpdate(run.peerCpu)} (the peer's scan-api)`),
      );
    for (const run of runs)
      console.log(
        `ratio mirror (${run.peers} peer${run.peers === 1 ? '' : 's'}) / ingest throughput: ${(ingestSeconds / run.seconds).toFixed(2)}`,
      );
    if (runs.length > 1)
      console.log(
        `ratio mirror (${runs[1].peers} peers) / mirror (1 peer) throughput: ${(runs[0].seconds / runs[1].seconds).toFixed(2)}`,
      );
    writeBenchFigures('mirror', [
      {
        label: `ingest (file), ${fmt(generated)} updates`,
        value: Math.round(generated / ingestSeconds),
        unit: 'updates/s',
      },
      ...runs.flatMap((run) => [
        {
          label: `mirror (HTTP), ${run.peers} peer(s), pages of ${pageSize}${withVerdicts ? ', with verdicts' : ''}`,
          value: Math.round(generated / run.seconds),
          unit: 'updates/s',
        },
        {
          label: `ratio mirror (${run.peers} peer(s)) / ingest throughput`,
          value: Number((ingestSeconds / run.seconds).toFixed(2)),
          unit: 'x',
        },
        {
          label: `mirror CPU per update (mirror process), ${run.peers} peer(s)`,
          value: Math.round((run.mirrorCpu * 1e6) / generated),
          unit: 'µs',
        },
        {
          label: `mirror process peak RSS, ${run.peers} peer(s)`,
          value: Number.parseFloat(run.peakRss),
          unit: 'MiB',
        },
      ]),
    ]);
  } finally {
    await proxy?.close();
    child?.kill('SIGTERM');
    rmSync(file, { force: true });
    rss.stop();
    await source.dataSource.destroy();
    await source.scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
