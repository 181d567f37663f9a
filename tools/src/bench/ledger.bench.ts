// bench:ledger — the ledger node group's read paths against real PostgreSQL: a simulated history
// of at least 100,000 ledger updates is ingested into a scratch database (created and dropped
// here), then it measures
//   1. POST /v2/updates/flats in limit-200 pages over the whole range (updates/s), and
//   2. one 100,000-update range over the WebSocket form of the same path (updates/s),
// each with the ledger-api server process's RSS after 10,000 and after 100,000 updates and its
// peak (VmHWM): the server reads ranges in keyset pages, so its memory must not grow with the
// range size. The server is the built app (dist/apps/ledger-api) in a child process on a free
// loopback port; the clients (this process) keep no messages, they parse and count them.
import { freePort } from './bench-http';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { fmt, seconds } from './bench-util';

const PAGE = 200;

/** Resident set size of a process, now and at its peak (Linux /proc). */
class ProcessMemory {
  constructor(private readonly pid: number) {}

  private read(field: 'VmRSS' | 'VmHWM'): number {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${this.pid}/status`, 'utf8'),
    );
    return m ? Number(m[1]) * 1024 : 0;
  }

  rss(): string {
    return `${(this.read('VmRSS') / 1024 / 1024).toFixed(0)} MiB`;
  }

  peak(): string {
    return `${(this.read('VmHWM') / 1024 / 1024).toFixed(0)} MiB`;
  }
}

/** Every transaction and reassignment, for any party, in the ACS delta shape. */
const ANY_PARTY_FORMAT: LedgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

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
        if (ledgerUpdates >= target) break;
        if (ledgerUpdates % 20_000 < 2000)
          process.stdout.write(`  ingested ${fmt(ledgerUpdates)} ledger updates\r`);
      }
    }
    const elapsed = seconds(started);
    // Planner statistics, as autovacuum keeps them on a live database (a bulk load outruns it).
    await dataSource.query('ANALYZE');
    return { ledgerUpdates, seconds: elapsed };
  } finally {
    await dataSource.destroy();
  }
}

async function benchPages(
  base: string,
  token: string,
  ledgerEnd: number,
  server: ProcessMemory,
): Promise<void> {
  const client = createLedgerClient({
    baseUrl: base,
    auth: (scheme) => (scheme.type === 'http' ? token : undefined),
  });
  const started = performance.now();
  let received = 0;
  let cursor = 0;
  let requests = 0;
  let rssAt10k = '';
  while (cursor < ledgerEnd) {
    const res = await ledgerApi.getUpdatesFlat({
      client,
      query: { limit: PAGE },
      body: { beginExclusive: cursor, endInclusive: ledgerEnd, updateFormat: ANY_PARTY_FORMAT },
    });
    if (!res.data) throw new Error(`flats answered ${res.response.status}: ${JSON.stringify(res.error)}`);
    if (res.data.length === 0) break;
    requests++;
    received += res.data.filter((i) => !('OffsetCheckpoint' in i.update)).length;
    cursor = offsetOf(res.data[res.data.length - 1]);
    if (rssAt10k === '' && received >= 10_000) rssAt10k = server.rss();
  }
  const elapsed = seconds(started);
  console.log(
    `flats, limit ${PAGE} pages : ${fmt(received)} updates in ${fmt(requests)} requests, ${elapsed.toFixed(1)} s = ${fmt(received / elapsed)} updates/s`,
  );
  console.log(
    `                         server RSS after 10k ${rssAt10k}, after ${fmt(received)} ${server.rss()}, peak so far ${server.peak()}`,
  );
}

async function benchWebSocket(
  base: string,
  token: string,
  endInclusive: number,
  server: ProcessMemory,
): Promise<void> {
  const started = performance.now();
  let received = 0;
  let rssAt10k = '';
  let rssAt100k = '';
  await new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v2/updates/flats`, [
      'daml.ws.auth',
      `jwt.token.${token}`,
    ]);
    ws.on('open', () =>
      ws.send(JSON.stringify({ beginExclusive: 0, endInclusive, updateFormat: ANY_PARTY_FORMAT })),
    );
    ws.on('message', (data: Buffer) => {
      // Parse each message, as a client would, and drop it.
      const item = JSON.parse(data.toString('utf8')) as
        LedgerApi.GetUpdatesResponse | { code: string; cause: string };
      if ('code' in item) return reject(new Error(`${item.code}: ${item.cause}`));
      if ('OffsetCheckpoint' in item.update) return;
      received++;
      if (received === 10_000) rssAt10k = server.rss();
      if (received === 100_000) rssAt100k = server.rss();
    });
    ws.on('close', (code) => (code === 1000 ? resolve() : reject(new Error(`closed with ${code}`))));
    ws.on('error', reject);
  });
  const elapsed = seconds(started);
  console.log(
    `WebSocket, one range    : ${fmt(received)} updates in ${elapsed.toFixed(1)} s = ${fmt(received / elapsed)} updates/s`,
  );
  console.log(
    `                         server RSS after 10k ${rssAt10k}, after ${fmt(received)} ${rssAt100k || server.rss()}, peak ${server.peak()}`,
  );
}

/** The built ledger-api in a child process against `databaseUrl`; resolves once it answers. */
async function startServer(
  databaseUrl: string,
  token: string,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = fork(join(__dirname, '../../../apps/ledger-api/src/main.js'), [], {
    // It applies pending migrations itself, in case dist was rebuilt with new ones meanwhile.
    env: {
      ...process.env,
      ...developmentAuthDefault(process.env),
      DATABASE_URL: databaseUrl,
      LEDGER_PORT: String(port),
      DB_MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  let last = 'no answer';
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`ledger-api exited with ${child.exitCode}`);
      const res = await fetch(`${base}/readyz`, { headers: { authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
      if (res?.ok) return { child, base };
      if (res) last = `${res.status} ${await res.text()}`;
      if (Date.now() > deadline)
        throw new Error(`ledger-api did not become ready within 30 s (last answer: ${last})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const args = parseCommandLine(process.argv.slice(2), { flags: ['keep'], values: ['updates'] });
  const target = integerOption(args, 'updates') ?? 100_000;
  if (target < 100_000)
    console.warn(`note: ${fmt(target)} updates is below the 100,000 the benchmark is meant for`);
  if (!(await realServerReachable()))
    throw new Error('bench:ledger needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');

  const scratch = await createScratchDatabase('css_bench_ledger', 'postgres');
  let server: ChildProcess | undefined;
  try {
    const ingested = await ingest(scratch.url, target);
    console.log(
      `ingested ${fmt(ingested.ledgerUpdates)} ledger updates (simulated network) in ${ingested.seconds.toFixed(1)} s`,
    );

    const dataSource = createDataSource(scratch.url, {
      poolSize: 1,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 0,
    });
    await dataSource.initialize();
    const [{ end }]: { end: string }[] = await dataSource.query(
      'SELECT max(ledger_offset)::text AS "end" FROM updates',
    );
    // The 100,000th ledger update's offset bounds the WebSocket range.
    const [{ offset }]: { offset: string }[] = await dataSource.query(
      'SELECT ledger_offset::text AS "offset" FROM updates WHERE ledger_offset IS NOT NULL ORDER BY ledger_offset OFFSET $1 LIMIT 1',
      [Math.min(target, ingested.ledgerUpdates) - 1],
    );
    await dataSource.destroy();

    const token = await mintLedgerToken(
      loadConfig({ ...process.env, ...developmentAuthDefault(process.env) }, { requireAuth: true }).auth,
      DEVELOPMENT_ADMIN_USER,
      3600,
    );
    const started = await startServer(scratch.url, token);
    server = started.child;
    const memory = new ProcessMemory(server.pid!);
    console.log(`ledger end ${end}; ledger-api (pid ${server.pid}) started, RSS ${memory.rss()}\n`);
    await benchPages(started.base, token, Number(end), memory);
    await benchWebSocket(started.base, token, Number(offset), memory);
  } finally {
    if (server) await stopServer(server);
    if (args.flags.has('keep')) console.log(`kept ${scratch.url}`);
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
