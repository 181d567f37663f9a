/** Shared helpers of the benchmark scripts: peak RSS sampling, percentiles, formatting, history files. */
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { isHostingItem, isVerdictItem } from '@canton-scan/domain';
import { simulateHistory, simulateNetwork } from '@canton-scan/simulator';

export class RssSampler {
  private peak = process.memoryUsage().rss;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 50) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  sample(): number {
    const rss = process.memoryUsage().rss;
    if (rss > this.peak) this.peak = rss;
    return rss;
  }

  peakMiB(): string {
    this.sample();
    return `${(this.peak / 1024 / 1024).toFixed(0)} MiB`;
  }

  reset(): void {
    this.peak = process.memoryUsage().rss;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function seconds(fromMs: number): number {
  return (performance.now() - fromMs) / 1000;
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/**
 * CPU seconds used so far by this machine's PostgreSQL processes (user + system, from
 * /proc), or undefined where that cannot be read (no /proc, or the server runs elsewhere).
 */
export function postgresCpuSeconds(): number | undefined {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  let ticks = 0;
  let found = false;
  for (const pid of dirs) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    if (!stat.includes(' (postgres) ')) continue;
    found = true;
    // Fields after "(comm) ": state is the 1st, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return found ? ticks / ticksPerSecond : undefined;
}

/** CPU seconds (user + system) a process has used so far, from /proc; undefined once it has exited. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ, 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by each client backend connected to `database` (other than the
 * asking connection), by pid: a bench's own connections, where other agents' queries on the
 * same server do not count. Undefined where /proc cannot be read (the server runs elsewhere).
 * Parallel workers and autovacuum are not counted (they come and go).
 */
export async function backendCpuSeconds(
  monitor: { query(sql: string, params: unknown[]): Promise<{ rows: { pid: number }[] }> },
  database: string,
): Promise<Map<number, number> | undefined> {
  const { rows } = await monitor.query(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    [database],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const seconds = processCpuSeconds(pid);
    if (seconds !== undefined) cpu.set(pid, seconds);
  }
  return rows.length > 0 && cpu.size === 0 ? undefined : cpu;
}

/** The CPU the backends of `after` used since `before` (a backend new since then from zero). */
export function backendCpuSince(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): number | undefined {
  if (before === undefined || after === undefined) return undefined;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The simulated network of the ingest and storage benches (and the verdicts the codec bench packs). */
export const BENCH_HISTORY_NETWORK = {
  seed: 7,
  rounds: 20_000,
  transfersPerRound: 20,
  tapsPerRound: 10,
  validatorCount: 20,
  partyCount: 200,
};

/**
 * Writes the first `target` updates of a long simulated history (a prefix of a history is itself
 * a valid history) to a JSON-lines file, as `npm run simulate` would; returns how many. With
 * `synchronizerItems`, each update comes with what the synchronizer says of it (its verdict
 * item, verdicts alone, hosting items: `simulateHistory`), as a scan records it.
 */
export async function writeSimulatedHistoryFile(
  file: string,
  target: number,
  {
    synchronizerItems = false,
    migrationRound,
  }: { synchronizerItems?: boolean; migrationRound?: number } = {},
): Promise<number> {
  const out = createWriteStream(file);
  let generated = 0;
  const options = { ...BENCH_HISTORY_NETWORK, ...(migrationRound === undefined ? {} : { migrationRound }) };
  for (const item of synchronizerItems ? simulateHistory(options) : simulateNetwork(options)) {
    const isUpdate = !isVerdictItem(item) && !isHostingItem(item);
    // The target-th update's own items (its verdict, hosting) come after it: stop at the next update.
    if (isUpdate && generated >= target) break;
    if (!out.write(`${JSON.stringify(item)}\n`)) await once(out, 'drain');
    if (isUpdate) generated++;
  }
  out.end();
  await once(out, 'finish');
  return generated;
}

/** One figure of a benchmark: a value with its unit, and the target it is judged against when it has one. */
export interface BenchFigure {
  label: string;
  value: number;
  unit: string;
  /** The target in words, e.g. ">= 1,000 req/s". */
  target?: string;
  /** Whether the value meets the target (absent when there is none). */
  ok?: boolean;
}

const benchStartedAt = new Date().toISOString();

/** Where a benchmark's figures are written: tmp/bench/<name>.json under the working directory (the repository root). */
export function benchFiguresFile(name: string): string {
  return join(process.cwd(), 'tmp', 'bench', `${name}.json`);
}

/**
 * Writes a benchmark's figures as JSON to tmp/bench/<name>.json (besides printing them), so that runs can be compared
 * and `npm run bench` can summarise them: `{ name, startedAt, machine: { cpus, node }, args, figures }`.
 */
export function writeBenchFigures(name: string, figures: readonly BenchFigure[]): string {
  const file = benchFiguresFile(name);
  mkdirSync(join(file, '..'), { recursive: true });
  const body = {
    name,
    startedAt: benchStartedAt,
    machine: { cpus: cpus().length, node: process.version },
    args: process.argv.slice(2),
    figures,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`figures written to ${file}`);
  return file;
}
