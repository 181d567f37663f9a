// bench:registry — token registry throughput: allocation-factory and execute-transfer context
// requests per second at 10 connections (autocannon, 127.0.0.1) against registry-api running as
// its own process on real PostgreSQL (a scratch database holding the default simulated network).
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
import { simulateNetwork, type SimulationSummary } from '@canton-scan/simulator';
import { createScratchDatabase, realServerReachable } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { fmt, seconds } from './bench-util';

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

const TARGET_RPS = 1_000;

/** `AllocationFactory_Allocate` arguments for the simulated network: one amulet leg between two users. */
function allocateArguments(summary: SimulationSummary, now: string): Record<string, unknown> {
  const [sender, receiver] = summary.network.users;
  const dso = summary.network.dso.id;
  return {
    expectedAdmin: dso,
    allocation: {
      settlement: {
        executor: summary.network.appProviders[0].id,
        settlementRef: { id: 'bench-settlement', cid: null },
        requestedAt: now,
        allocateBefore: now,
        settleBefore: now,
        meta: { values: {} },
      },
      transferLegId: 'leg-0',
      transferLeg: {
        sender: sender.id,
        receiver: receiver.id,
        amount: '12.5000000000',
        instrumentId: { admin: dso, id: 'Amulet' },
        meta: { values: {} },
      },
    },
    requestedAt: now,
    inputHoldingCids: [],
    extraArgs: { context: { values: {} }, meta: { values: {} } },
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { duration: 'int', connections: 'int', keep: 'flag' });
  const duration = (args.duration as number | undefined) ?? 15;
  const connections = (args.connections as number | undefined) ?? 10;
  if (!(await realServerReachable()))
    throw new Error('bench:registry needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');

  const scratch = await createScratchDatabase('css_bench_registry', 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  let child: ChildProcess | undefined;
  try {
    await dataSource.runMigrations({ transaction: 'each' });

    // The default simulated network (the one `npm start` loads).
    let t = performance.now();
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    const generator = simulateNetwork();
    let batch: HistoryUpdate[] = [];
    let updates = 0;
    let summary: SimulationSummary | undefined;
    while (!summary) {
      const next = generator.next();
      if (next.done) summary = next.value;
      else batch.push(next.value);
      if (batch.length === 2000 || (summary && batch.length > 0)) {
        updates += batch.length;
        await writer.append(batch);
        batch = [];
      }
    }
    const [{ contracts }] = await dataSource.query(
      `SELECT count(*)::int AS contracts FROM contracts WHERE archived_record_time IS NULL`,
    );
    console.log(
      `default network: ${fmt(updates)} updates, ${fmt(contracts)} active contracts, ingested in ${seconds(t).toFixed(1)} s`,
    );

    // An open allocation whose LockedAmulet is active on a synchronizer (not in flight), preferring
    // an executor with a FeaturedAppRight (the largest context).
    const T = SpliceTemplates;
    const [target] = await dataSource.query(
      `SELECT a.contract_id, f.contract_id IS NOT NULL AS featured
         FROM contracts a
         JOIN contracts l ON l.contract_id = a.payload_compact->>'lockedAmulet' AND l.migration_id = a.migration_id
                          AND l.archived_record_time IS NULL AND NOT l.in_flight
         LEFT JOIN contracts f ON f.entity_name = $2 AND f.archived_record_time IS NULL AND f.migration_id = a.migration_id
                          AND f.payload_compact->>'provider' = a.payload_compact->'allocation'->'settlement'->>'executor'
        WHERE a.entity_name = $1 AND a.archived_record_time IS NULL AND a.migration_id = (SELECT max(migration_id) FROM contracts)
        ORDER BY featured DESC, a.row_id DESC LIMIT 1`,
      [T.AmuletAllocation.entityName, T.FeaturedAppRight.entityName],
    );
    if (!target) throw new Error('the simulated network has no open allocation with an active lock');
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
        name: 'POST /registry/allocation-instruction/v2/allocation-factory',
        url: `${base}/registry/allocation-instruction/v2/allocation-factory`,
        body: JSON.stringify({ choiceArguments: allocateArguments(summary, now) }),
      },
      {
        name: `POST /registry/allocations/v1/{id}/choice-contexts/execute-transfer (${target.featured ? 'with' : 'without'} featured app right)`,
        url: `${base}/registry/allocations/v1/${target.contract_id}/choice-contexts/execute-transfer`,
        body: JSON.stringify({}),
      },
    ];
    const results: { name: string; bytes: number; result: AutocannonResult }[] = [];
    for (const scenario of scenarios) {
      const probe = await fetch(scenario.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: scenario.body,
      });
      const text = await probe.text();
      if (probe.status !== 200) throw new Error(`${scenario.name}: ${probe.status} ${text}`);
      const request = {
        url: scenario.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: scenario.body,
      };
      await autocannon({ ...request, connections, duration: 3 }); // warm-up
      t = performance.now();
      const result = await autocannon({ ...request, connections, duration });
      results.push({ name: scenario.name, bytes: text.length, result });
      console.log(`measured ${scenario.name} for ${seconds(t).toFixed(1)} s`);
    }

    console.log('');
    console.log(
      `registry-api on PostgreSQL, ${connections} connections, ${duration} s each (target >= ${fmt(TARGET_RPS)} req/s):`,
    );
    for (const { name, bytes, result } of results) {
      const failures = result.non2xx + result.errors + result.timeouts;
      console.log(`  ${name}`);
      console.log(
        `    ${fmt(result.requests.average)} req/s  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms  ` +
          `response ${fmt(bytes / 1024, 1)} KiB, ${fmt(result.throughput.average / 1024 / 1024, 1)} MiB/s  ` +
          `${fmt(result.requests.total)} requests, ${failures} failed  ${result.requests.average >= TARGET_RPS ? 'OK' : 'BELOW TARGET'}`,
      );
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
