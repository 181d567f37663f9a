/** bench:scan's command line and its database: the simulated network it loads, the kept database it reuses. */
import { Client } from 'pg';
import {
  createDataSource,
  isHostingItem,
  isVerdictItem,
  LedgerWriter,
  type HistoryUpdate,
  type HistoryHostingItem,
  type HistoryVerdictItem,
} from '@canton-scan/domain';
import { resolveSimulationOptions, simulateHistory, type SimulationOptions } from '@canton-scan/simulator';
import { createScratchDatabase, realServerUrl } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { Progress } from '../progress/progress';
import { fmt, seconds } from './bench-util';

/** The kept database's name: BENCH_SCAN_DATABASE names another, so that two checkouts can each keep their own. */
export const DATABASE = process.env.BENCH_SCAN_DATABASE ?? 'css_bench_scan';

export interface ScanBenchArgs {
  contracts: number;
  requests: number;
  duration: number;
  connections: number;
  keep: boolean;
}

export function parseScanBenchArgs(argv: string[]): ScanBenchArgs {
  const args = parseArgs(argv, {
    contracts: 'int',
    requests: 'int',
    duration: 'int',
    connections: 'int',
    keep: 'flag',
  });
  return {
    contracts: (args.contracts as number | undefined) ?? 1_000_000,
    requests: (args.requests as number | undefined) ?? 50,
    duration: (args.duration as number | undefined) ?? 10,
    connections: (args.connections as number | undefined) ?? 10,
    keep: Boolean(args.keep),
  };
}

/**
 * Simulator knobs for about `contracts` active contracts at the end (see SimulationOptions), with
 * a batch payout (a transaction of more than 100 events, bench:ui's update page) every 20 rounds.
 */
export function networkFor(contracts: number): SimulationOptions {
  return {
    seed: 42,
    rounds: Math.max(24, Math.ceil(contracts / 980)),
    transfersPerRound: 50,
    outputsPerTransfer: 20,
    partyCount: 2000,
    validatorCount: 20,
    batchTransfersPerRound: 0.05,
  };
}

function databaseUrl(name: string): string {
  const url = new URL(realServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** The kept database, when it holds a completed load of the same network. */
/** What a kept database was loaded with: the options, and that it holds the verdicts. */
const metaOf = (options: SimulationOptions) => JSON.stringify({ ...options, verdicts: true });

async function reusable(options: SimulationOptions): Promise<LoadFigures | undefined> {
  const client = new Client({ connectionString: databaseUrl(DATABASE) });
  try {
    await client.connect();
    const { rows } = await client.query<{ options: string; updates: string; load_seconds: number }>(
      'SELECT options, updates, load_seconds FROM bench_scan_meta',
    );
    return rows[0]?.options === metaOf(options)
      ? { updates: Number(rows[0].updates), seconds: rows[0].load_seconds }
      : undefined;
  } catch {
    return undefined; // no database, no table, or one kept before the load figures were recorded
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** How the database was loaded: updates written through the writer and the seconds it took (VACUUM not counted). */
export interface LoadFigures {
  updates: number;
  seconds: number;
}

async function load(url: string, options: SimulationOptions): Promise<LoadFigures> {
  const dataSource = createDataSource(url, { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    const t = performance.now();
    let batch: (HistoryUpdate | HistoryVerdictItem | HistoryHostingItem)[] = [];
    let updates = 0;
    let contracts = 0;
    // The bar follows simulated time: record times over the run's rounds.
    const resolved = resolveSimulationOptions(options);
    const progress = new Progress({
      label: '  set-up: ingest',
      unit: 'updates',
      total: resolved.rounds * resolved.tickMicros,
    });
    // The history with each transaction's verdict (as npm start loads it), for /v0/events. A batch
    // ends just before an update, so that a transaction and the verdict and hosting items that
    // follow it are written together; import updates, which have none, end batches as well (a
    // migration's million of them once went into one batch and out of the heap).
    let newest = '';
    for (const item of simulateHistory(options)) {
      const update = !isVerdictItem(item) && !isHostingItem(item);
      if (update && batch.length >= 2000) {
        contracts += (await writer.append(batch)).contractsCreated;
        batch = [];
        progress.update(updates, {
          position: Date.parse(newest) * 1000 - resolved.startMicros,
          detail: `${fmt(contracts)} contracts`,
        });
      }
      batch.push(item);
      if (update) {
        updates += 1;
        newest = item.record_time;
      }
    }
    if (batch.length) contracts += (await writer.append(batch)).contractsCreated;
    const loadSeconds = seconds(t);
    progress.finish(
      `ingested ${fmt(updates)} updates, ${fmt(contracts)} contract rows in ${loadSeconds.toFixed(0)} s`,
    );
    const v = performance.now();
    await dataSource.query('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE in ${seconds(v).toFixed(0)} s`);
    const figures = { updates, seconds: loadSeconds };
    await dataSource.query(
      'CREATE TABLE bench_scan_meta (options text NOT NULL, updates bigint, load_seconds double precision)',
    );
    await dataSource.query('INSERT INTO bench_scan_meta VALUES ($1, $2, $3)', [
      metaOf(options),
      updates,
      loadSeconds,
    ]);
    return figures;
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

/**
 * The database to benchmark: the kept one when `keep` is set and it holds the same network (migrated to the current
 * schema), otherwise a scratch database loaded with the network; `drop` is set for a scratch database only.
 */
export async function prepareDatabase(
  options: SimulationOptions,
  keep: boolean,
): Promise<{ url: string; load: LoadFigures; drop?: () => Promise<void> }> {
  const url = databaseUrl(DATABASE);
  const kept = keep ? await reusable(options) : undefined;
  if (kept) {
    console.log(`reusing the kept database ${DATABASE} (${JSON.stringify(options)})`);
    await migrate(url);
    return { url, load: kept };
  }
  // Only a kept database has the fixed name; a scratch one is suffixed with the pid, so that runs from several
  // checkouts on one server do not drop each other's databases.
  const name = keep ? DATABASE : `${DATABASE}_${process.pid}`;
  const scratch = await createScratchDatabase(name, 'postgres');
  console.log(`loading a simulated network into ${name}: ${JSON.stringify(options)}`);
  const figures = await load(scratch.url, options);
  return { url: scratch.url, load: figures, drop: () => scratch.drop() };
}
