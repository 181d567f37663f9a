// bench:scan — the scan group on real PostgreSQL holding a simulated network of about
// 1,000,000 active contracts (a scratch database this script creates; `--keep` keeps it and a
// later run with the same scale reuses it). Each figure is printed next to the time of the same
// SQL run directly through `pg` (ratio = HTTP / pg):
// - an ACS page of 1,000 at the newest snapshot and at an old one (p50 over --requests pages);
// - paging through the whole newest snapshot, 1,000 per page;
// - a holdings summary for 100 owners (p50);
// - GET /v2/updates/{id} throughput at 10 connections (autocannon) vs pg queries/s at 10 clients.
// scan-api runs as its own process (the built dist/apps/scan-api), reached at 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  acsPageStatement,
  acsRowCheckStatement,
  createDataSource,
  holdingsSummaryStatement,
  installPgTypeParsers,
  LedgerWriter,
  UpdateHistoryRepository,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulateNetwork, type SimulationOptions } from '@canton-scan/simulator';
import { createScratchDatabase, realServerReachable, realServerUrl } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { fmt, percentile, seconds } from './bench-util';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; setupRequest: (req: { path: string }) => { path: string } }[];
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; it is loaded through a typed require.
const autocannon = createRequire(__filename)('autocannon') as Autocannon;

const DATABASE = 'css_bench_scan';
const PAGE = 1000;
const TARGETS = { acsPageMs: 50, holdingsMs: 100, updatesPerSecond: 1500, ratio: 2 };

/** Simulator knobs for about `contracts` active contracts at the end (see SimulationOptions). */
function networkFor(contracts: number): SimulationOptions {
  return {
    seed: 42,
    rounds: Math.max(24, Math.ceil(contracts / 980)),
    transfersPerRound: 50,
    outputsPerTransfer: 20,
    partyCount: 2000,
    validatorCount: 20,
  };
}

function databaseUrl(name: string): string {
  const url = new URL(realServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** The kept database, when it holds a completed load of the same network. */
async function reusable(options: SimulationOptions): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl(DATABASE) });
  try {
    await client.connect();
    const { rows } = await client.query<{ options: string }>('SELECT options FROM bench_scan_meta');
    return rows[0]?.options === JSON.stringify(options);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function load(url: string, options: SimulationOptions): Promise<void> {
  const dataSource = createDataSource(url, { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    const t = performance.now();
    let batch: HistoryUpdate[] = [];
    let updates = 0;
    let contracts = 0;
    let lastReport = performance.now();
    for (const update of simulateNetwork(options)) {
      batch.push(update);
      if (batch.length === 2000) {
        contracts += (await writer.append(batch)).contractsCreated;
        updates += batch.length;
        batch = [];
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          console.log(
            `  ... ${fmt(updates)} updates, ${fmt(contracts)} contracts (${fmt(updates / seconds(t))} updates/s)`,
          );
        }
      }
    }
    if (batch.length) contracts += (await writer.append(batch)).contractsCreated;
    updates += batch.length;
    console.log(
      `ingested ${fmt(updates)} updates, ${fmt(contracts)} contract rows in ${seconds(t).toFixed(0)} s`,
    );
    const v = performance.now();
    await dataSource.query('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE in ${seconds(v).toFixed(0)} s`);
    await dataSource.query('CREATE TABLE bench_scan_meta (options text NOT NULL)');
    await dataSource.query('INSERT INTO bench_scan_meta VALUES ($1)', [JSON.stringify(options)]);
  } finally {
    await dataSource.destroy();
  }
}

/** Brings a kept database up to the current schema (a later migration may have been added since it was loaded). */
async function migrate(url: string): Promise<void> {
  const dataSource = createDataSource(url, { poolSize: 1, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length) {
      await dataSource.query('VACUUM ANALYZE');
      console.log(`applied ${applied.map((m) => m.name).join(', ')} to the kept database`);
    }
  } finally {
    await dataSource.destroy();
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scan-api exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`scan-api not ready after ${timeoutMs} ms`);
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await f();
  return [value, performance.now() - t];
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Deterministic pseudo-random picks (the same positions over HTTP and pg). */
function picks<T>(items: readonly T[], n: number, seed = 1): T[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return items[s % items.length];
  });
}

interface Row {
  label: string;
  http: string;
  pg: string;
  ratio: number;
  target: string;
  ok: boolean;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    contracts: 'int',
    requests: 'int',
    duration: 'int',
    connections: 'int',
    keep: 'flag',
  });
  const contracts = (args.contracts as number | undefined) ?? 1_000_000;
  const requests = (args.requests as number | undefined) ?? 50;
  const duration = (args.duration as number | undefined) ?? 10;
  const connections = (args.connections as number | undefined) ?? 10;
  // Timestamps as microsecond strings, as in the app (the pg baseline parses rows the same way).
  installPgTypeParsers();
  if (!(await realServerReachable()))
    throw new Error('bench:scan needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');

  const options = networkFor(contracts);
  let url = databaseUrl(DATABASE);
  let drop: (() => Promise<void>) | undefined;
  if (args.keep && (await reusable(options))) {
    console.log(`reusing the kept database ${DATABASE} (${JSON.stringify(options)})`);
    await migrate(url);
  } else {
    const scratch = await createScratchDatabase(DATABASE, 'postgres');
    url = scratch.url;
    drop = () => scratch.drop();
    console.log(`loading a simulated network into ${DATABASE}: ${JSON.stringify(options)}`);
    await load(url, options);
  }

  const pg = new Client({ connectionString: url });
  await pg.connect();
  let child: ChildProcess | undefined;
  const rows: Row[] = [];
  try {
    const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
      (await pg.query(sql, params)).rows as T[];
    const [{ active, migration }] = await q<{ active: string; migration: number }>(
      `SELECT count(*)::text AS active, max(migration_id)::int AS migration FROM contracts
        WHERE archived_record_time IS NULL AND migration_id = (SELECT max(migration_id) FROM contracts)`,
    );
    const snapshots = await q<{ migration_id: number; record_time: string }>(
      'SELECT migration_id::int, record_time FROM acs_snapshots ORDER BY migration_id, record_time',
    );
    if (snapshots.length < 2)
      throw new Error('the network has fewer than two ACS snapshots; use more --contracts');
    const newest = snapshots[snapshots.length - 1];
    const old = snapshots[Math.floor((snapshots.length - 1) / 2)];
    console.log(
      `${fmt(Number(active))} active contracts in migration ${migration}; ${snapshots.length} snapshots; newest ${newest.record_time}, old ${old.migration_id}@${old.record_time}`,
    );

    const port = await freePort();
    child = spawn(process.execPath, [join(__dirname, '../../../apps/scan-api/src/main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SCAN_PORT: String(port),
        LOG_LEVEL: 'warn',
        DB_MIGRATE_ON_START: 'false',
        DB_POOL_SIZE: '10',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api/scan`;
    await waitReady(`${base}/readyz`, child);

    const ratioRow = (
      label: string,
      httpMs: number,
      pgMs: number,
      target: string,
      ok: boolean,
      unit = 'ms',
    ): Row => ({
      label,
      http: `${fmt(httpMs, 1)} ${unit}`,
      pg: `${fmt(pgMs, 1)} ${unit}`,
      ratio: httpMs / pgMs,
      target,
      ok,
    });

    // The statements the ACS endpoint runs for a page: snapshot resolution, token check, page.
    const acsViaPg = async (
      snapshot: { migration_id: number; record_time: string },
      after: string | undefined,
    ) => {
      await q(
        'SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time = $2::timestamptz',
        [snapshot.migration_id, snapshot.record_time],
      );
      const selection = { migrationId: snapshot.migration_id, snapshotTime: snapshot.record_time };
      if (after !== undefined) {
        const check = acsRowCheckStatement(selection, after);
        await q(check.sql, check.params);
      }
      const page = acsPageStatement(selection, after, PAGE);
      return q<{ row_id: string }>(page.sql, page.params);
    };
    const acsViaHttp = (snapshot: { migration_id: number; record_time: string }, after: string | undefined) =>
      postJson<{ created_events: unknown[]; next_page_token?: number }>(`${base}/v0/state/acs`, {
        migration_id: snapshot.migration_id,
        record_time: snapshot.record_time,
        page_size: PAGE,
        ...(after === undefined ? {} : { after: Number(after) }),
      });

    // Paging through the whole newest snapshot, both ways; the tokens seen feed the page samples.
    const tokens: string[] = [];
    const [httpCount, httpPagingMs] = await timed(async () => {
      let n = 0;
      let after: string | undefined;
      for (;;) {
        const page = await acsViaHttp(newest, after);
        n += page.created_events.length;
        if (page.next_page_token === undefined) return n;
        after = String(page.next_page_token);
        tokens.push(after);
      }
    });
    const [pgCount, pgPagingMs] = await timed(async () => {
      let n = 0;
      let after: string | undefined;
      for (;;) {
        const page = await acsViaPg(newest, after);
        n += page.length;
        if (page.length < PAGE) return n;
        after = page[page.length - 1].row_id;
      }
    });
    if (httpCount !== pgCount)
      throw new Error(`paging disagrees: ${httpCount} over HTTP, ${pgCount} through pg`);
    console.log(
      `paged through ${fmt(httpCount)} contracts (${tokens.length + 1} pages) over HTTP and through pg`,
    );

    const oldTokens: string[] = [];
    for (let after: string | undefined; ;) {
      const page = await acsViaPg(old, after);
      if (page.length < PAGE) break;
      after = page[page.length - 1].row_id;
      oldTokens.push(after);
    }

    for (const [label, snapshot, sample] of [
      ['ACS page of 1,000, newest snapshot (p50)', newest, tokens],
      ['ACS page of 1,000, old snapshot (p50)', old, oldTokens],
    ] as const) {
      const positions = picks([undefined, ...sample], requests);
      for (const p of positions.slice(0, 5)) await acsViaHttp(snapshot, p); // warm-up
      const httpMs: number[] = [];
      for (const p of positions) httpMs.push((await timed(() => acsViaHttp(snapshot, p)))[1]);
      const pgMs: number[] = [];
      for (const p of positions) pgMs.push((await timed(() => acsViaPg(snapshot, p)))[1]);
      const h = percentile(httpMs, 50);
      rows.push(
        ratioRow(label, h, percentile(pgMs, 50), `p50 <= ${TARGETS.acsPageMs} ms`, h <= TARGETS.acsPageMs),
      );
    }
    rows.push(
      ratioRow(
        `paging through the newest snapshot (${fmt(httpCount)} contracts)`,
        httpPagingMs / 1000,
        pgPagingMs / 1000,
        'ratio only',
        true,
        's',
      ),
    );

    // Holdings summary for 100 owners holding amulet at the newest snapshot.
    const owners = (
      await q<{ owner: string }>(
        `SELECT DISTINCT owner FROM amulet_holdings WHERE migration_id = $1 AND archived_record_time IS NULL ORDER BY owner LIMIT 100`,
        [newest.migration_id],
      )
    ).map((r) => r.owner);
    const holdingsViaHttp = () =>
      postJson(`${base}/v1/holdings/summary`, {
        migration_id: newest.migration_id,
        record_time: newest.record_time,
        owner_party_ids: owners,
      });
    const holdingsViaPg = async () => {
      await q(
        'SELECT record_time FROM acs_snapshots WHERE migration_id = $1 AND record_time = $2::timestamptz',
        [newest.migration_id, newest.record_time],
      );
      const s = holdingsSummaryStatement(newest.migration_id, newest.record_time, owners);
      return q(s.sql, s.params);
    };
    for (let i = 0; i < 3; i++) await holdingsViaHttp();
    const holdingsHttp: number[] = [];
    const holdingsPg: number[] = [];
    for (let i = 0; i < Math.max(10, Math.floor(requests / 2)); i++) {
      holdingsHttp.push((await timed(holdingsViaHttp))[1]);
      holdingsPg.push((await timed(holdingsViaPg))[1]);
    }
    const holdingsP50 = percentile(holdingsHttp, 50);
    rows.push(
      ratioRow(
        `holdings summary, ${owners.length} owners (p50)`,
        holdingsP50,
        percentile(holdingsPg, 50),
        `p50 <= ${TARGETS.holdingsMs} ms`,
        holdingsP50 <= TARGETS.holdingsMs,
      ),
    );

    // Updates by id: autocannon at 10 connections vs the same statement from 10 pg clients.
    const ids = (
      await q<{ update_id: string }>(`SELECT update_id FROM updates TABLESAMPLE SYSTEM (2) LIMIT 2000`)
    ).map((r) => r.update_id);
    let next = 0;
    const path = `/api/scan/v2/updates/`;
    const cannon = (seconds: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          { method: 'GET', setupRequest: (req) => ({ ...req, path: path + ids[next++ % ids.length] }) },
        ],
      });
    await cannon(3); // warm-up
    const result = await cannon(duration);
    const failures = result.non2xx + result.errors + result.timeouts;
    if (failures > 0) throw new Error(`${failures} of ${result.requests.total} update requests failed`);
    const clients = await Promise.all(
      Array.from({ length: connections }, async () => {
        const c = new Client({ connectionString: url });
        await c.connect();
        return c;
      }),
    );
    let pgQueries = 0;
    const deadline = performance.now() + duration * 1000;
    await Promise.all(
      clients.map(async (c, i) => {
        for (let k = i; performance.now() < deadline; k += connections) {
          await c.query({
            name: 'scan_update_by_id',
            text: UpdateHistoryRepository.BY_ID.text,
            values: [ids[k % ids.length]],
          });
          pgQueries++;
        }
      }),
    );
    await Promise.all(clients.map((c) => c.end()));
    const pgRate = pgQueries / duration;
    const httpRate = result.requests.average;
    rows.push({
      label: `GET /v2/updates/{id}, ${connections} connections (latency p50 ${result.latency.p50} ms)`,
      http: `${fmt(httpRate)} /s`,
      pg: `${fmt(pgRate)} /s`,
      ratio: pgRate / httpRate,
      target: `>= ${fmt(TARGETS.updatesPerSecond)} /s`,
      ok: httpRate >= TARGETS.updatesPerSecond,
    });

    console.log('');
    console.log(
      `scan-api on PostgreSQL, ${fmt(Number(active))} active contracts (ratio = HTTP / pg; for throughput pg / HTTP; target ratio <= ${TARGETS.ratio}):`,
    );
    const width = Math.max(...rows.map((r) => r.label.length));
    for (const r of rows) {
      const verdict = r.ok && r.ratio <= TARGETS.ratio ? 'OK' : 'MISSED';
      console.log(
        `  ${r.label.padEnd(width)}  HTTP ${r.http.padStart(10)}  pg ${r.pg.padStart(10)}  ratio ${r.ratio.toFixed(2)}  (${r.target})  ${verdict}`,
      );
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await pg.end();
    if (!args.keep && drop) await drop();
    if (args.keep) console.log(`kept the database ${DATABASE}; run again with --keep to reuse it`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
