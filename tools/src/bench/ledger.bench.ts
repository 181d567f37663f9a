// bench:ledger — the ledger node group's read paths against real PostgreSQL: a simulated history
// of --updates (default 100,000) ledger updates is ingested into a scratch database (created and
// dropped here), then it reads the whole range
//   - through POST /v2/updates/flats in limit-200 pages, and
//   - as one range over the WebSocket form of the same path,
// each unfiltered (any party), with a party filter (the party that is a stakeholder of an event
// in the share of updates closest to 10%) and with a template filter (Amulet, any party). For
// every mode it reports the range's updates/s, the updates delivered, and the ledger-api server
// process's RSS once the reading has passed the 10,000th update and at the end of the range (with
// fewer --updates: a tenth of them) and its CPU time over the range (/proc, load-independent),
// flagging growth over 10% — both the RSS as it is (its peak
// includes the garbage V8 holds between collections) and right after a full collection (what the
// process retains): the server reads ranges in keyset
// pages, so its memory must not grow with the range size. The server is the built app
// (dist/apps/ledger-api) in a child process on a free loopback port, a fresh one per mode (warmed
// up by reading the first 10,000 once); the clients (this process) keep no messages, they parse
// and count them.
//
// Options: --updates N; --keep (keep the scratch database, printing its URL); --database URL (read
// a database kept so instead of ingesting one; it is not dropped); --server PATH (the ledger-api
// main.js to run, e.g. a previous build copied aside, to compare builds on one database);
// --mode NAME (only the modes whose label contains NAME, repeatable: "flats", "WebSocket", "any
// party", ...).
import { createLedgerClient, ledgerApi, type ledgerApi as LedgerApi } from '@canton-scan/contracts';
import {
  createDataSource,
  DEVELOPMENT_ADMIN_USER,
  developmentAuthDefault,
  ensureDevelopmentAdmin,
  LedgerWriter,
  loadConfig,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { createScratchDatabase, realServerReachable } from '@canton-scan/testing';
import { WebSocket } from 'ws';
import { integerOption, parseCommandLine } from '../ledger/ledger-cli-args';
import { mintLedgerToken } from '../ledger/ledger-token';
import { Progress } from '../progress/progress';
import { fmt, seconds, writeBenchFigures, type BenchFigure } from './bench-util';
import type { ChildProcess } from 'node:child_process';
import { modes, partyNearTenPercent } from './ledger-bench-modes';
import { ProcessMemory, startServer, stopServer } from './ledger-bench-server';
import { countLedgerUpdates } from './ledger-bench-database';

const PAGE = 200;

function offsetOf(item: LedgerApi.GetUpdatesResponse): number {
  const u = item.update;
  if ('Transaction' in u) return u.Transaction.value.offset;
  if ('Reassignment' in u) return u.Reassignment.value.offset;
  if ('OffsetCheckpoint' in u) return u.OffsetCheckpoint.value.offset;
  return u.TopologyTransaction.value.offset;
}

async function ingest(url: string, target: number): Promise<{ ledgerUpdates: number; seconds: number }> {
  const dataSource = createDataSource(url, { poolSize: 2, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    await ensureDevelopmentAdmin(dataSource);
    const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
    const started = performance.now();
    let batch: HistoryUpdate[] = [];
    let ledgerUpdates = 0;
    const progress = new Progress({ label: '  set-up: ingest', unit: 'ledger updates', total: target });
    // A prefix of a long simulated history is itself a valid history. Import updates (no offset) are not ledger updates.
    for (const update of simulateNetwork({
      seed: 11,
      rounds: 20_000,
      transfersPerRound: 20,
      tapsPerRound: 10,
      validatorCount: 20,
      partyCount: 200,
    })) {
      batch.push(update);
      if (update.offset !== '') ledgerUpdates++;
      if (batch.length === 2000 || ledgerUpdates >= target) {
        await writer.append(batch);
        batch = [];
        progress.update(ledgerUpdates);
        if (ledgerUpdates >= target) break;
      }
    }
    const elapsed = seconds(started);
    progress.finish(`  ingested ${fmt(ledgerUpdates)} ledger updates in ${elapsed.toFixed(1)} s`);
    // Planner statistics, as autovacuum keeps them on a live database (a bulk load outruns it).
    await dataSource.query('ANALYZE');
    return { ledgerUpdates, seconds: elapsed };
  } finally {
    await dataSource.destroy();
  }
}

/** What one mode read: the range's ledger updates, those delivered, the time, the server's RSS at the checkpoint and the end. */
interface ModeResult {
  delivered: number;
  seconds: number;
  /** Server CPU time (user + system) over the range, the full collection at the checkpoint included. */
  cpuSeconds: number;
  rssEarly: number;
  rssEnd: number;
  /** Peak RSS (VmHWM) by the checkpoint and by the end. */
  peakEarly: number;
  peakEnd: number;
  /** V8 heap and RSS after a full garbage collection, at the early checkpoint and at the end. */
  gcEarly: { heap: number; rss: number };
  gcEnd: { heap: number; rss: number };
}

/** The range is read up to `end`; the server's RSS is taken once the reading passes `early`. */
interface Range {
  early: number;
  end: number;
}

async function benchPages(
  base: string,
  token: string,
  range: Range,
  format: LedgerApi.UpdateFormat,
  server: ProcessMemory,
): Promise<ModeResult> {
  const client = createLedgerClient({
    baseUrl: base,
    auth: (scheme) => (scheme.type === 'http' ? token : undefined),
  });
  const started = performance.now();
  const cpuStarted = server.cpuSeconds();
  let delivered = 0;
  let cursor = 0;
  let rssEarly = 0;
  let peakEarly = 0;
  let gcEarly = { heap: 0, rss: 0 };
  while (cursor < range.end) {
    const res = await ledgerApi.getUpdatesFlat({
      client,
      query: { limit: PAGE },
      body: { beginExclusive: cursor, endInclusive: range.end, updateFormat: format },
    });
    if (!res.data) throw new Error(`flats answered ${res.response.status}: ${JSON.stringify(res.error)}`);
    if (res.data.length === 0) break;
    delivered += res.data.filter((i) => !('OffsetCheckpoint' in i.update)).length;
    cursor = offsetOf(res.data[res.data.length - 1]);
    if (rssEarly === 0 && cursor >= range.early) {
      rssEarly = server.rss();
      peakEarly = server.peak();
      gcEarly = await server.afterGc();
    }
  }
  const elapsed = seconds(started);
  const rssEnd = server.rss();
  const peakEnd = server.peak();
  return {
    delivered,
    seconds: elapsed,
    cpuSeconds: server.cpuSeconds() - cpuStarted,
    rssEarly,
    rssEnd,
    peakEarly,
    peakEnd,
    gcEarly,
    gcEnd: await server.afterGc(),
  };
}

async function benchWebSocket(
  base: string,
  token: string,
  range: Range,
  format: LedgerApi.UpdateFormat,
  server: ProcessMemory,
): Promise<ModeResult> {
  const started = performance.now();
  const cpuStarted = server.cpuSeconds();
  let delivered = 0;
  let rssEarly = 0;
  let peakEarly = 0;
  let gcEarly: Promise<{ heap: number; rss: number }> = Promise.resolve({ heap: 0, rss: 0 });
  await new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v2/updates/flats`, [
      'daml.ws.auth',
      `jwt.token.${token}`,
    ]);
    ws.on('open', () =>
      ws.send(JSON.stringify({ beginExclusive: 0, endInclusive: range.end, updateFormat: format })),
    );
    ws.on('message', (data: Buffer) => {
      // Parse each message, as a client would, and drop it.
      const item = JSON.parse(data.toString('utf8')) as
        LedgerApi.GetUpdatesResponse | { code: string; cause: string };
      if ('code' in item) return reject(new Error(`${item.code}: ${item.cause}`));
      if (rssEarly === 0 && offsetOf(item) >= range.early) {
        rssEarly = server.rss();
        peakEarly = server.peak();
        gcEarly = server.afterGc();
      }
      if (!('OffsetCheckpoint' in item.update)) delivered++;
    });
    ws.on('close', (code) => (code === 1000 ? resolve() : reject(new Error(`closed with ${code}`))));
    ws.on('error', reject);
  });
  const elapsed = seconds(started);
  const rssEnd = server.rss();
  const peakEnd = server.peak();
  return {
    delivered,
    seconds: elapsed,
    cpuSeconds: server.cpuSeconds() - cpuStarted,
    rssEarly,
    rssEnd,
    peakEarly,
    peakEnd,
    gcEarly: await gcEarly,
    gcEnd: await server.afterGc(),
  };
}

async function main(): Promise<void> {
  const args = parseCommandLine(process.argv.slice(2), {
    flags: ['keep'],
    values: ['updates', 'database', 'server', 'mode'],
  });
  const existing = args.values.get('database')?.[0];
  const serverMain = args.values.get('server')?.[0];
  const only = args.values.get('mode') ?? [];
  const target = integerOption(args, 'updates') ?? 100_000;
  if (target < 100_000)
    console.warn(
      `note: ${fmt(target)} updates is below the 100,000 the benchmark is meant for (a quick run)`,
    );
  if (!(await realServerReachable()))
    throw new Error('bench:ledger needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');

  const scratch = existing
    ? { url: existing, drop: () => Promise.resolve() }
    : await createScratchDatabase(`css_bench_ledger_${process.pid}`, 'postgres');
  let server: ChildProcess | undefined;
  try {
    const ingested = existing
      ? { ledgerUpdates: await countLedgerUpdates(existing), seconds: 0 }
      : await ingest(scratch.url, target);
    console.log(
      existing
        ? `reading ${existing}: ${fmt(ingested.ledgerUpdates)} ledger updates`
        : `ingested ${fmt(ingested.ledgerUpdates)} ledger updates (simulated network) in ${ingested.seconds.toFixed(1)} s`,
    );

    const dataSource = createDataSource(scratch.url, {
      poolSize: 1,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 0,
    });
    await dataSource.initialize();
    const ledgerUpdates = Math.min(target, ingested.ledgerUpdates);
    const earlyCount = ledgerUpdates >= 100_000 ? 10_000 : Math.max(1, Math.floor(ledgerUpdates / 10));
    // The offsets of the early checkpoint's update and of the last one bound the readings.
    const offsetAt = async (n: number) =>
      Number(
        (
          (await dataSource.query(
            'SELECT ledger_offset::text AS "offset" FROM updates WHERE ledger_offset IS NOT NULL ORDER BY ledger_offset OFFSET $1 LIMIT 1',
            [n - 1],
          )) as { offset: string }[]
        )[0].offset,
      );
    const range: Range = { early: await offsetAt(earlyCount), end: await offsetAt(ledgerUpdates) };
    const { party, share } = await partyNearTenPercent(dataSource);
    await dataSource.destroy();
    console.log(
      `party filter: ${party}, a stakeholder in ${(share * 100).toFixed(1)}% of the ledger updates`,
    );

    const token = await mintLedgerToken(
      loadConfig({ ...process.env, ...developmentAuthDefault(process.env) }, { requireAuth: true }).auth,
      DEVELOPMENT_ADMIN_USER,
      3600,
    );
    console.log(
      `range: ${fmt(ledgerUpdates)} ledger updates up to offset ${range.end} (RSS checkpoint after ${fmt(earlyCount)}, offset ${range.early}); ` +
        `each mode on a fresh ledger-api process, warmed up by reading the first ${fmt(earlyCount)} once\n`,
    );
    const figures: BenchFigure[] = [];
    const early = `${fmt(earlyCount / 1000)}k`;
    const late = `${fmt(ledgerUpdates / 1000)}k`;
    for (const mode of modes(party)) {
      for (const [path, run] of [
        [`flats, limit-${PAGE} pages`, benchPages],
        ['WebSocket, one range', benchWebSocket],
      ] as const) {
        const label = `${path}, ${mode.name}`;
        if (only.length > 0 && !only.some((o) => label.includes(o))) continue;
        // A fresh server per mode: its memory is this mode's alone, not what the previous modes left for the GC.
        const started = await startServer(scratch.url, token, serverMain);
        server = started.child;
        const memory = new ProcessMemory(server.pid!, started.inspectorUrl);
        await run(started.base, token, { early: range.early, end: range.early }, mode.format, memory); // warm-up
        const r = await run(started.base, token, range, mode.format, memory);
        await memory.close();
        await stopServer(server);
        server = undefined;
        const growth = r.rssEnd / r.rssEarly - 1;
        const peakGrowth = r.peakEnd / r.peakEarly - 1;
        const heapGrowth = r.gcEnd.heap / r.gcEarly.heap - 1;
        const retainedGrowth = r.gcEnd.rss / r.gcEarly.rss - 1;
        const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
        console.log(
          `${label.padEnd(48)}: ${fmt(ledgerUpdates / r.seconds)} updates/s of the range (${fmt(r.delivered)} delivered, ` +
            `${fmt(r.delivered / r.seconds)}/s) in ${r.seconds.toFixed(1)} s, server CPU ${r.cpuSeconds.toFixed(1)} s ` +
            `(${((r.cpuSeconds / ledgerUpdates) * 1e6).toFixed(0)} µs per update of the range)\n${''.padEnd(50)}server RSS ` +
            `${r.rssEarly.toFixed(0)} -> ${r.rssEnd.toFixed(0)} MiB (${pct(growth)}), peak ${r.peakEarly.toFixed(0)} -> ` +
            `${r.peakEnd.toFixed(0)} MiB (${pct(peakGrowth)})${peakGrowth > 0.1 ? ' GROWS' : ''}, heap after GC ` +
            `${r.gcEarly.heap.toFixed(0)} -> ${r.gcEnd.heap.toFixed(0)} MiB (${pct(heapGrowth)}), RSS after GC ` +
            `${r.gcEarly.rss.toFixed(0)} -> ${r.gcEnd.rss.toFixed(0)} MiB (${pct(retainedGrowth)})` +
            `${retainedGrowth > 0.1 ? ' GROWS' : ''}, ${early} -> ${late}`,
        );
        figures.push(
          { label: `${label}: range read`, value: Math.round(ledgerUpdates / r.seconds), unit: 'updates/s' },
          {
            label: `${label}: updates delivered`,
            value: Math.round(r.delivered / r.seconds),
            unit: 'updates/s',
          },
          {
            label: `${label}: server CPU per update of the range`,
            value: Math.round((r.cpuSeconds / ledgerUpdates) * 1e6),
            unit: 'µs',
          },
          { label: `${label}: server RSS after ${early}`, value: Math.round(r.rssEarly), unit: 'MiB' },
          {
            label: `${label}: server RSS growth ${early} -> ${late}`,
            value: Number((growth * 100).toFixed(1)),
            unit: '%',
          },
          { label: `${label}: server peak RSS by ${late}`, value: Math.round(r.peakEnd), unit: 'MiB' },
          {
            label: `${label}: server peak RSS growth ${early} -> ${late}`,
            value: Number((peakGrowth * 100).toFixed(1)),
            unit: '%',
            target: '<= 10%',
            ok: peakGrowth <= 0.1,
          },
          {
            label: `${label}: server heap after GC at ${early}`,
            value: Number(r.gcEarly.heap.toFixed(1)),
            unit: 'MiB',
          },
          {
            label: `${label}: server heap after GC growth ${early} -> ${late}`,
            value: Number((heapGrowth * 100).toFixed(1)),
            unit: '%',
            target: '<= 10%',
            ok: heapGrowth <= 0.1,
          },
          {
            label: `${label}: server RSS after GC growth ${early} -> ${late}`,
            value: Number((retainedGrowth * 100).toFixed(1)),
            unit: '%',
            target: '<= 10%',
            ok: retainedGrowth <= 0.1,
          },
        );
      }
    }
    writeBenchFigures('ledger', figures);
  } finally {
    if (server) await stopServer(server);
    if (existing || args.flags.has('keep')) console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
