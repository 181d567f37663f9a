// bench:registry — token registry throughput: allocation-factory, execute-transfer context and
// transfer-factory (direct: the receiver is preapproved) requests per second at 10 connections (autocannon, 127.0.0.1) against registry-api running as
// its own process on real PostgreSQL (a scratch database holding a simulated network of the
// default shape, --updates updates long). Each endpoint is measured twice:
//   - on a static ledger (for reference), and
//   - while the ledger changes: a writer appends the continuation of the simulated history (new
//     rounds, transfers, taps, ...) at --append-rate updates/s in batches every --append-every-ms,
//     so the registry's per-ledger-version caches are invalidated as in production.
// The targets are judged on the changing-ledger figures. Any failed request (non-2xx,
// error or timeout; every request here expects 200) makes the benchmark exit 1.
// First (unless --no-mirror), the mirror lines (registry-mirror.bench-part.ts): the execute-transfer
// context on a mirror's store, its first request (blobs from the peers' registries) and once stored.
import { freePort, waitReady } from './bench-http';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  createDataSource,
  developmentAuthDefault,
  LedgerWriter,
  SpliceTemplates,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulatedNetworkOf, simulateNetwork } from '@canton-scan/simulator';
import { createScratchDatabase, realServerReachable } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { allocateArguments, transferArguments } from './allocation-arguments';
import { fmt, seconds, writeBenchFigures, type BenchFigure } from './bench-util';
import {
  firstUpdates,
  measureMirrorRegistry,
  reportMirror,
  type MirrorBenchResult,
} from './registry-mirror.bench-part';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations; it is loaded through a typed require.
const autocannon = createRequire(__filename)('autocannon') as Autocannon;

/** The targets (req/s) on a changing ledger. */
const TARGETS = { factory: 1_500, executeTransfer: 1_000, transferFactory: 1_500 };
/**
 * The simulated network: the default shape, made long enough to go on while the benchmark runs,
 * with two preapproved users (the transfer factory's receiver is one).
 */
const HISTORY = { seed: 1, rounds: 100_000, transferPreapprovalParties: 2 };

/** Appends `updates` in batches at `rate` updates/s until stopped; returns how many it appended and over how long. */
function startAppending(
  writer: LedgerWriter,
  updates: HistoryUpdate[],
  rate: number,
  everyMs: number,
): { stop: () => Promise<{ appended: number; seconds: number; lateMs: number }> } {
  let stopped = false;
  let appended = 0;
  let lateMs = 0;
  const started = performance.now();
  const loop = (async () => {
    for (let tick = 1; !stopped; tick++) {
      // Steady pace: by tick k, k * everyMs * rate / 1000 updates are due.
      const due = Math.round((tick * everyMs * rate) / 1000) - appended;
      const wait = started + tick * everyMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else lateMs = Math.max(lateMs, -wait);
      if (stopped) break;
      if (updates.length === 0)
        throw new Error('the simulated continuation ran out; give a lower --append-rate');
      const batch = updates.splice(0, due);
      await writer.append(batch);
      appended += batch.length;
    }
  })();
  loop.catch(() => undefined); // reported by stop()
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { appended, seconds: seconds(started), lateMs };
    },
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    duration: 'int',
    connections: 'int',
    updates: 'int',
    'append-rate': 'int',
    'append-every-ms': 'int',
    'no-static': 'flag',
    'no-mirror': 'flag',
    'peer-timeout-ms': 'int',
    keep: 'flag',
  });
  const duration = (args.duration as number | undefined) ?? 15;
  const connections = (args.connections as number | undefined) ?? 10;
  const prefix = (args.updates as number | undefined) ?? 10_000;
  const appendRate = (args['append-rate'] as number | undefined) ?? 50;
  const appendEveryMs = (args['append-every-ms'] as number | undefined) ?? 200;
  const withStatic = !args['no-static'];
  if (!(await realServerReachable()))
    throw new Error('bench:registry needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');

  const scratch = await createScratchDatabase(`css_bench_registry_${process.pid}`, 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  let child: ChildProcess | undefined;
  try {
    await dataSource.runMigrations({ transaction: 'each' });

    // A simulated network of the default shape: its first --updates updates are written now, enough of the rest
    // (the continuation) is kept in memory to be appended during the measurements.
    let t = performance.now();
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    const generator = simulateNetwork(HISTORY);
    const windows = 3; // one changing-ledger window (warm-up and measurement) per endpoint
    const continuationSize = Math.ceil(appendRate * windows * (duration + 3) * 1.5) + 1000;
    let batch: HistoryUpdate[] = [];
    let updates = 0;
    const continuation: HistoryUpdate[] = [];
    while (continuation.length < continuationSize) {
      const next = generator.next();
      if (next.done) throw new Error('the simulated history is shorter than the benchmark needs');
      if (updates + batch.length < prefix) batch.push(next.value);
      else continuation.push(next.value);
      if (batch.length === 2000 || (batch.length > 0 && updates + batch.length >= prefix)) {
        updates += batch.length;
        await writer.append(batch);
        batch = [];
      }
    }
    // Contracts the continuation touches (archives, exercises, ...) are not picked as the measured allocation.
    const continuationJson = JSON.stringify(continuation);
    const network = simulatedNetworkOf(HISTORY);
    const [{ contracts }] = await dataSource.query(
      `SELECT count(*)::int AS contracts FROM contracts WHERE archived_record_time IS NULL`,
    );
    console.log(
      `simulated network: ${fmt(updates)} updates, ${fmt(contracts)} active contracts, ingested in ${seconds(t).toFixed(1)} s; ` +
        `${fmt(continuation.length)} more updates to append during the measurements`,
    );

    // An open allocation whose LockedAmulet is active on a synchronizer (not in flight), preferring
    // an executor with a FeaturedAppRight (the largest context).
    const T = SpliceTemplates;
    const candidates: { contract_id: string; locked: string; featured: boolean }[] = await dataSource.query(
      `SELECT a.contract_id, l.contract_id AS locked, f.contract_id IS NOT NULL AS featured
         FROM contracts a
         JOIN contracts l ON l.contract_id = a.payload_compact->>'lockedAmulet' AND l.migration_id = a.migration_id
                          AND l.archived_record_time IS NULL AND NOT l.in_flight
         LEFT JOIN contracts f ON f.entity_name = $2 AND f.archived_record_time IS NULL AND f.migration_id = a.migration_id
                          AND f.payload_compact->>'provider' = a.payload_compact->'allocation'->'settlement'->>'executor'
        WHERE a.entity_name = $1 AND a.archived_record_time IS NULL AND a.migration_id = (SELECT max(migration_id) FROM contracts)
        ORDER BY featured DESC, a.row_id DESC`,
      [T.AmuletAllocation.entityName, T.FeaturedAppRight.entityName],
    );
    const target = candidates.find(
      (c) => !continuationJson.includes(c.contract_id) && !continuationJson.includes(c.locked),
    );
    if (!target)
      throw new Error('the simulated network has no open allocation with an active lock that stays open');
    const [{ now }] = await dataSource.query(`SELECT max(record_time) AS now FROM updates`);

    const port = await freePort();
    const entry = join(__dirname, '../../../apps/registry-api/src/main.js');
    child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        ...developmentAuthDefault(process.env),
        DATABASE_URL: scratch.url,
        REGISTRY_PORT: String(port),
        LOG_LEVEL: 'warn',
        DB_MIGRATE_ON_START: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api/scan`;
    await waitReady(`${base}/readyz`, child, 'registry-api');

    const scenarios = [
      {
        short: 'allocation-factory',
        target: TARGETS.factory,
        name: 'POST /registry/allocation-instruction/v2/allocation-factory',
        url: `${base}/registry/allocation-instruction/v2/allocation-factory`,
        body: JSON.stringify({ choiceArguments: allocateArguments(network, now, 'bench-settlement') }),
      },
      {
        short: 'execute-transfer context',
        target: TARGETS.executeTransfer,
        name: `POST /registry/allocations/v1/{id}/choice-contexts/execute-transfer (${target.featured ? 'with' : 'without'} featured app right)`,
        url: `${base}/registry/allocations/v1/${target.contract_id}/choice-contexts/execute-transfer`,
        body: JSON.stringify({}),
      },
      {
        short: 'transfer-factory',
        target: TARGETS.transferFactory,
        name: 'POST /registry/transfer-instruction/v1/transfer-factory (direct: preapproved receiver)',
        url: `${base}/registry/transfer-instruction/v1/transfer-factory`,
        body: JSON.stringify({ choiceArguments: transferArguments(network, now) }),
      },
    ];
    let mirrored: MirrorBenchResult | undefined;
    if (!args['no-mirror']) {
      const executeTransfer = scenarios[1];
      mirrored = await measureMirrorRegistry({
        sourceBase: base,
        history: firstUpdates(simulateNetwork(HISTORY), updates),
        request: {
          name: executeTransfer.name,
          path: executeTransfer.url.slice(base.length),
          body: executeTransfer.body,
        },
        peerTimeoutMs: (args['peer-timeout-ms'] as number | undefined) ?? 10_000,
        measure: async (url, body) => {
          const request = {
            url,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            connections,
          };
          await autocannon({ ...request, duration: 3 }); // warm-up
          const r = await autocannon({ ...request, duration });
          const failures = r.non2xx + r.errors + r.timeouts;
          return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures };
        },
      });
    }
    interface Measured {
      scenario: (typeof scenarios)[number];
      changing: boolean;
      bytes: number;
      result: AutocannonResult;
      appended?: { appended: number; seconds: number; lateMs: number };
    }
    const results: Measured[] = [];
    for (const scenario of scenarios) {
      const request = {
        url: scenario.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: scenario.body,
      };
      const probe = await fetch(scenario.url, request);
      const text = await probe.text();
      if (probe.status !== 200) throw new Error(`${scenario.name}: ${probe.status} ${text}`);
      if (scenario.short === 'transfer-factory' && JSON.parse(text).transferKind !== 'direct')
        throw new Error(`${scenario.name}: expected a direct transfer, got ${text.slice(0, 200)}`);
      for (const changing of withStatic ? [false, true] : [true]) {
        const appender = changing
          ? startAppending(writer, continuation, appendRate, appendEveryMs)
          : undefined;
        try {
          await autocannon({ ...request, connections, duration: 3 }); // warm-up
          t = performance.now();
          const result = await autocannon({ ...request, connections, duration });
          const appended = await appender?.stop();
          // The appended rounds must reach the answers (else the window measured a static ledger after all).
          const after = changing ? await (await fetch(scenario.url, request)).text() : text;
          if (changing && after === text)
            throw new Error(`${scenario.name}: the answer did not change while the ledger changed`);
          results.push({ scenario, changing, bytes: text.length, result, appended });
          console.log(
            `measured ${scenario.name} on a ${changing ? 'changing' : 'static'} ledger for ${seconds(t).toFixed(1)} s`,
          );
        } finally {
          await appender?.stop();
        }
      }
    }

    console.log('');
    console.log(
      `registry-api on PostgreSQL, ${connections} connections, ${duration} s each; changing ledger: ` +
        `${fmt(appendRate)} updates/s appended every ${appendEveryMs} ms (targets on the changing ledger)`,
    );
    const figures: BenchFigure[] = [];
    let failed = 0;
    for (const { scenario, changing, bytes, result, appended } of results) {
      const failures = result.non2xx + result.errors + result.timeouts;
      failed += failures;
      const rps = result.requests.average;
      const target = changing ? scenario.target : undefined;
      const ok = target === undefined ? undefined : rps >= target && failures === 0;
      const ledger = changing ? 'changing ledger' : 'static ledger (reference)';
      const appendedRate = appended ? appended.appended / appended.seconds : 0;
      console.log(`  ${scenario.name}, ${ledger}`);
      console.log(
        `    ${fmt(rps)} req/s  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms  ` +
          `response ${fmt(bytes / 1024, 1)} KiB  ${fmt(result.requests.total)} requests, ${failures} failed` +
          (appended
            ? `  appended ${fmt(appended.appended)} updates (${fmt(appendedRate, 1)}/s, writer at most ${fmt(appended.lateMs)} ms late)`
            : '') +
          (target === undefined ? '' : `  (target >= ${fmt(target)} req/s) ${ok ? 'OK' : 'MISS'}`),
      );
      const label = `${scenario.short}, ${ledger}`;
      figures.push(
        {
          label,
          value: Math.round(rps),
          unit: 'req/s',
          ...(target === undefined ? {} : { target: `>= ${fmt(target)} req/s`, ok }),
        },
        { label: `${label}: latency p50`, value: result.latency.p50, unit: 'ms' },
        { label: `${label}: latency p99`, value: result.latency.p99, unit: 'ms' },
        {
          label: `${label}: failed requests`,
          value: failures,
          unit: 'requests',
          target: '0',
          ok: failures === 0,
        },
      );
      if (appended)
        figures.push({
          label: `${label}: updates appended`,
          value: Number(appendedRate.toFixed(1)),
          unit: 'updates/s',
        });
    }
    if (mirrored) failed += reportMirror(mirrored, figures);
    writeBenchFigures('registry', figures);
    if (failed > 0) {
      console.error(`${failed} request(s) failed`);
      process.exitCode = 1;
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await dataSource.destroy();
    if (!args.keep) await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
