// soak — a mixed load at a fixed rate over the four groups (scan, scan proxy, registry, ledger)
// against scan-api, registry-api and ledger-api running from dist as their own processes on real
// PostgreSQL (a scratch database holding a simulated network), for N minutes. Prints per group
// the requests, the errors by status and the p50/p99 latency, and each app's RSS idle, after a
// warm-up load (--warmup-seconds, default 60) and at the end; exits 1 when any request failed.
import { createDataSource } from '@canton-scan/domain';
import { createScratchDatabase, realServerReachable } from '@canton-scan/testing';
import { parseArgs } from '../ingest/cli-args';
import { fmt, percentile } from '../bench/bench-util';
import { send, soakCalls, type Group, type SoakCall } from './soak-load';
import { loadNetwork, rssKiB, soakTokens, startApps, type RunningApp } from './soak-setup';

interface GroupTally {
  requests: number;
  errors: Record<number, number>;
  latencies: number[];
}

/** Sends `calls` round-robin at `rate` per second for `durationMs` (open loop: no waiting on answers). */
async function drive(
  calls: readonly SoakCall[],
  rate: number,
  durationMs: number,
): Promise<Map<Group, GroupTally>> {
  const tallies = new Map<Group, GroupTally>();
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let lastReport = started;
  while (performance.now() - started < durationMs) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const call = calls[sent % calls.length];
      const request = send(call).then(({ status, ms }) => {
        const tally = tallies.get(call.group) ?? { requests: 0, errors: {}, latencies: [] };
        tallies.set(call.group, tally);
        tally.requests++;
        tally.latencies.push(ms);
        if (status !== 200) tally.errors[status] = (tally.errors[status] ?? 0) + 1;
      });
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    if (performance.now() - lastReport >= 30_000) {
      lastReport = performance.now();
      console.log(
        `  ${fmt((lastReport - started) / 60_000, 1)} min: ${fmt(sent)} requests, ${inFlight.size} in flight`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  return tallies;
}

/** Every call answers 200 once before the load starts (a broken setup is not a soak result). */
async function warmUp(calls: readonly SoakCall[]): Promise<void> {
  for (const call of calls) {
    const { status } = await send(call);
    if (status !== 200)
      throw new Error(`warm-up: ${call.group} ${call.name} answered ${status} (${call.url})`);
  }
}

function countErrors(tallies: Map<Group, GroupTally>): number {
  let errors = 0;
  for (const t of tallies.values()) errors += Object.values(t.errors).reduce((a, b) => a + b, 0);
  return errors;
}

/**
 * Per group: requests, errors by status, p50/p99; per app: RSS idle (before any load), warm
 * (after the warm-up load: V8's heap, JIT code and the pools have grown to their working size)
 * and at the end. The growth that tells a leak is warm → end.
 */
function report(
  tallies: Map<Group, GroupTally>,
  apps: readonly RunningApp[],
  rss: { idle: number[]; warm: number[] },
): number {
  let errors = 0;
  console.log('\ngroup        requests   errors (by status)   p50 ms   p99 ms');
  for (const [group, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const groupErrors = Object.values(t.errors).reduce((a, b) => a + b, 0);
    errors += groupErrors;
    const byStatus =
      Object.entries(t.errors)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ') || '0';
    console.log(
      `${group.padEnd(12)} ${fmt(t.requests).padStart(8)}   ${byStatus.padEnd(19)} ${fmt(percentile(t.latencies, 50), 1).padStart(7)} ${fmt(percentile(t.latencies, 99), 1).padStart(8)}`,
    );
  }
  console.log('\napp            RSS idle   RSS warm    RSS end   growth (warm → end)');
  apps.forEach((app, i) => {
    const end = rssKiB(app.child.pid!);
    const growth = ((end - rss.warm[i]) / rss.warm[i]) * 100;
    const mib = (kib: number) => `${fmt(kib / 1024).padStart(6)} MiB`;
    console.log(
      `${app.name.padEnd(14)} ${mib(rss.idle[i])} ${mib(rss.warm[i])} ${mib(end)} ${fmt(growth, 1).padStart(8)} %`,
    );
  });
  return errors;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), {
    minutes: 'int',
    rate: 'int',
    rounds: 'int',
    'warmup-seconds': 'int',
  });
  const warmupMs = ((args['warmup-seconds'] as number | undefined) ?? 60) * 1000;
  const minutes = (args.minutes as number | undefined) ?? 10;
  const rate = (args.rate as number | undefined) ?? 200;
  if (!(await realServerReachable()))
    throw new Error('soak needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');
  const scratch = await createScratchDatabase('css_soak', 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  const apps: RunningApp[] = [];
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const summary = await loadNetwork(dataSource, (args.rounds as number | undefined) ?? 96);
    const tokens = await soakTokens();
    await startApps(scratch.url, tokens.ledger, apps);
    const calls = await soakCalls(dataSource, summary, apps, tokens);
    await warmUp(calls);
    const idle = apps.map((app) => rssKiB(app.child.pid!));
    // The same load for the warm-up; its errors count too, its latencies are not reported.
    const warmupErrors = countErrors(await drive(calls, rate, warmupMs));
    const warm = apps.map((app) => rssKiB(app.child.pid!));
    console.log(
      `soak: ${minutes} min at ${rate} requests/s over ${calls.length} endpoints in 4 groups (after ${warmupMs / 1000} s of warm-up load)`,
    );
    const tallies = await drive(calls, rate, minutes * 60_000);
    const errors = report(tallies, apps, { idle, warm }) + warmupErrors;
    console.log(
      errors === 0 ? '\nno errors' : `\n${fmt(errors)} errors (${fmt(warmupErrors)} during the warm-up)`,
    );
    process.exitCode = errors === 0 ? 0 : 1;
  } finally {
    for (const app of apps) app.child.kill('SIGTERM');
    await dataSource.destroy();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
