import type { HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { scanSpec } from '@canton-scan/contracts';
import {
  expectResponseMatchesSpec,
  startHotStandby,
  startTcpProxy,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type HotStandby,
  type RunningTestApp,
  type TcpProxy,
} from '@canton-scan/testing';
import { Client } from 'pg';
import { createScanApp } from '../src/app.factory';

// Real PostgreSQL only, on purpose: a hot standby is a real server streaming from the test
// server. CI's first pass runs on the real server (with replication allowed by .ci/run); on
// the embedded database this file fails rather than pass without having tested anything.

const db = useTestDatabase();
let standby: HotStandby;
let proxy: TcpProxy;
let history: HistoryUpdate[];
let app: RunningTestApp | undefined;

const databaseName = () => new URL(db.url).pathname.slice(1);
/** The standby's test database reached through the TCP proxy (a second replica that can be stopped). */
const viaProxy = () =>
  Object.assign(new URL(standby.url(databaseName())), { port: String(proxy.port) }).toString();

/** Commits and rows returned in the test database, as the server (`url`) counts them. */
async function activity(url: string): Promise<{ commits: number; returned: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string; returned: string }>(
      `SELECT xact_commit::text AS commits, tup_returned::text AS returned FROM pg_stat_database WHERE datname = $1`,
      [databaseName()],
    );
    return { commits: Number(rows[0].commits), returned: Number(rows[0].returned) };
  } finally {
    await client.end();
  }
}

/** The admin database of a server URL (statistics are read from there, not moving the test database's). */
const adminUrl = (url: string) => Object.assign(new URL(url), { pathname: '/postgres' }).toString();

async function startApp(replicaUrls: string[], env: Record<string, string> = {}): Promise<RunningTestApp> {
  app = await startTestApp(createScanApp, db.dataSource, {
    DATABASE_URL: db.url,
    DATABASE_READ_URLS: replicaUrls.join(','),
    ...env,
  });
  return app;
}

async function updateIds(): Promise<string[]> {
  const rows: { id: string }[] = await db.dataSource.query(
    `SELECT update_id AS id FROM updates WHERE NOT is_import ORDER BY row_id`,
  );
  return rows.map((r) => r.id);
}

const get = (path: string) => fetch(`${app!.origin}/api/scan${path}`);
const READYZ = 'isReady';

async function readyReplicas(): Promise<{ url: string; healthy: boolean; lagSeconds: number | null }[]> {
  const response = await get('/readyz');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { replicas: never[] };
  expectResponseMatchesSpec(scanSpec, READYZ, {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  return body.replicas;
}

/** `requests` reads of the updates by id, `concurrency` at a time; the statuses, in order. */
async function readLoad(ids: string[], requests: number, concurrency: number, onEach?: (i: number) => void) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        onEach?.(i);
        const response = await get(`/v2/updates/${ids[i % ids.length]}`);
        await response.arrayBuffer();
        statuses[i] = response.status;
      }
    }),
  );
  return statuses;
}

beforeAll(async () => {
  if (db.backend !== 'postgres')
    throw new Error(
      'the read-replica tests need the real PostgreSQL (a hot standby streams from it): CI runs them on its first pass; run them with the local server reachable',
    );
  const generator = simulateNetwork({ seed: 7, rounds: 24 });
  history = [];
  for (let step = generator.next(); !step.done; step = generator.next()) history.push(step.value);
  standby = await startHotStandby();
  proxy = await startTcpProxy('127.0.0.1', standby.port);
}, 600_000);

afterEach(async () => {
  await app?.close();
  app = undefined;
  await standby?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
});

afterAll(async () => {
  await proxy?.close();
  await standby?.stop();
});

const firstPart = () => history.slice(0, Math.floor(history.length * 0.8));
const secondPart = () => history.slice(Math.floor(history.length * 0.8));

it('serves reads from the replica while the primary stays idle', async () => {
  await writeHistory(db.dataSource, firstPart());
  await standby.caughtUp();
  await startApp([standby.url(databaseName())]);
  const ids = await updateIds();
  await readLoad(ids, 20, 4); // warm-up: connections opened, statements prepared
  await new Promise((resolve) => setTimeout(resolve, 1100)); // statistics are flushed about every second
  const [primaryBefore, replicaBefore] = await Promise.all([
    activity(adminUrl(db.url)),
    activity(standby.url('postgres')),
  ]);
  const started = Date.now();
  const statuses = await readLoad(ids, 400, 10);
  const seconds = (Date.now() - started) / 1000;
  // Idle sessions flush their statistics lazily (PostgreSQL 15: within about 10 s): poll.
  let primaryAfter = primaryBefore;
  let replicaAfter = replicaBefore;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    [primaryAfter, replicaAfter] = await Promise.all([
      activity(adminUrl(db.url)),
      activity(standby.url('postgres')),
    ]);
    if (replicaAfter.commits - replicaBefore.commits >= 400) break;
  }
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const replicaCommits = replicaAfter.commits - replicaBefore.commits;
  const primaryCommits = primaryAfter.commits - primaryBefore.commits;
  // Each read is at least one statement on the replica (plus its health probes); the primary
  // sees only background work (autovacuum, this test's own statistics reads elsewhere).
  expect(replicaCommits).toBeGreaterThanOrEqual(400);
  expect(replicaAfter.returned - replicaBefore.returned).toBeGreaterThan(400);
  expect(primaryCommits).toBeLessThan(20);
  console.info(
    `reads ${Math.round(400 / seconds)}/s: replica +${replicaCommits} commits, +${replicaAfter.returned - replicaBefore.returned} rows; primary +${primaryCommits} commits, +${primaryAfter.returned - primaryBefore.returned} rows`,
  );
});

it('writes to the primary through the writer while the app reads from the replica', async () => {
  await writeHistory(db.dataSource, firstPart());
  await standby.caughtUp();
  await startApp([standby.url(databaseName())]);
  const before = await updateIds();
  await writeHistory(db.dataSource, secondPart());
  const added = (await updateIds()).filter((id) => !before.includes(id));
  expect(added.length).toBeGreaterThan(0);
  // Once replayed, the replica serves what was written on the primary.
  await standby.caughtUp();
  const response = await get(`/v2/updates/${added[added.length - 1]}`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { update_id: string }).update_id).toBe(added[added.length - 1]);
  // The standby itself refuses writes: nothing could have gone there.
  await expect(standby.query('CREATE TABLE nope (x int)', databaseName())).rejects.toThrow(/read-only/);
});

it('skips a replica that stops under load without failing a request', async () => {
  await writeHistory(db.dataSource, firstPart());
  await standby.caughtUp();
  await proxy.forward();
  await startApp([standby.url(databaseName()), viaProxy()]);
  const ids = await updateIds();
  let stopped: Promise<void> | undefined;
  const statuses = await readLoad(ids, 600, 10, (i) => {
    if (i === 200) stopped = proxy.refuse();
  });
  await stopped;
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const replicas = await readyReplicas();
  expect(replicas.map((r) => r.healthy)).toEqual([true, false]);
  expect(replicas.every((r) => !r.url.includes(':secret'))).toBe(true);
  await proxy.forward();
});

it('reports the lag in /readyz and skips a replica over the lag bound', async () => {
  await writeHistory(db.dataSource, firstPart());
  await standby.caughtUp();
  await startApp([standby.url(databaseName())], { DATABASE_READ_MAX_LAG_SECONDS: '1' });
  // Caught up: under the bound. Not exactly 0: the standby replays the whole cluster, and WAL another
  // database writes between the catch-up and the probe (autovacuum, another test) is a real lag.
  const caughtUp = await readyReplicas();
  expect(caughtUp).toEqual([
    {
      url: expect.stringContaining(`:${standby.port}/`) as string,
      healthy: true,
      lagSeconds: expect.any(Number) as number,
    },
  ]);
  expect(caughtUp[0].lagSeconds).toBeLessThan(1);
  await standby.query('SELECT pg_wal_replay_pause()');
  const before = await updateIds();
  await writeHistory(db.dataSource, secondPart());
  const added = (await updateIds()).filter((id) => !before.includes(id));
  // The lag grows from the last transaction the standby replayed; the probe runs every second.
  let replicas = await readyReplicas();
  for (let tries = 0; replicas[0].healthy && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    replicas = await readyReplicas();
  }
  expect(replicas[0]).toMatchObject({ healthy: false });
  // Over the 1 s bound; /readyz rounds the lag to the millisecond, so 1.0004 s reads as 1.
  expect(replicas[0].lagSeconds).toBeGreaterThanOrEqual(1);
  // The standby has not replayed the new update: only the primary can answer it.
  const [{ n }] = await standby.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM updates WHERE update_id = '${added[0]}'`,
    databaseName(),
  );
  expect(n).toBe('0');
  expect((await get(`/v2/updates/${added[0]}`)).status).toBe(200);
});

it('answers 503 when no replica is usable and reads may not fall back to the primary', async () => {
  await writeHistory(db.dataSource, firstPart());
  await standby.caughtUp();
  await proxy.refuse();
  await startApp([viaProxy()], { DATABASE_READ_FALLBACK: 'unavailable' });
  const [id] = await updateIds();
  expect((await get(`/v2/updates/${id}`)).status).toBe(503);
  expect((await get('/readyz')).status).toBe(503);
  await proxy.forward();
});

it('reads the pages of the update list on the replica, and on the primary once the replica is gone', async () => {
  await writeHistory(db.dataSource, firstPart());
  await standby.caughtUp();
  await proxy.forward();
  await startApp([viaProxy()]);
  const listed = async (): Promise<string[]> => {
    const ids: string[] = [];
    let after: { after_migration_id: number; after_record_time: string } | undefined;
    for (;;) {
      const response = await fetch(`${app!.origin}/api/scan/v2/updates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page_size: 100, ...(after ? { after } : {}) }),
      });
      expect(response.status).toBe(200);
      const { transactions } = (await response.json()) as {
        transactions: {
          update_id: string;
          migration_id?: number;
          record_time: string;
          event?: { migration_id: number };
        }[];
      };
      if (transactions.length === 0) return ids;
      ids.push(...transactions.map((t) => t.update_id));
      const last = transactions[transactions.length - 1];
      after = {
        after_migration_id: last.migration_id ?? last.event!.migration_id,
        after_record_time: last.record_time,
      };
    }
  };
  const onReplica = await updateIds();
  expect(await listed()).toEqual(onReplica);
  // The standby stops replaying: what the primary records next is not on the replica's pages.
  await standby.query('SELECT pg_wal_replay_pause()');
  await writeHistory(db.dataSource, secondPart());
  const onPrimary = await updateIds();
  expect(onPrimary.length).toBeGreaterThan(onReplica.length);
  expect(await listed()).toEqual(onReplica);
  // The replica becomes unreachable: the pages are read on the primary, none fails.
  await proxy.refuse();
  expect(await listed()).toEqual(onPrimary);
  await proxy.forward();
});
