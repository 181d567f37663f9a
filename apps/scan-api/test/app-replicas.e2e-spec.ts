import { simulateNetwork } from '@canton-scan/simulator';
import type { HistoryUpdate } from '@canton-scan/domain';
import {
  freePort,
  spawnTsScript,
  startHttpBalancer,
  useTestDatabase,
  waitForHttp,
  writeHistory,
  type HttpBalancer,
  type TsProcess,
} from '@canton-scan/testing';

// Real PostgreSQL only, on purpose: two app processes share the test database, which the
// embedded server (one connection per worker) cannot serve; on the embedded database this
// file fails rather than pass without having tested anything.

const db = useTestDatabase();
const replicas: TsProcess[] = [];
let balancer: HttpBalancer | undefined;

/** One scan-api process on the test database (already migrated), answering on its own port. */
async function startReplica(): Promise<{ process: TsProcess; origin: string }> {
  const port = await freePort();
  const child = spawnTsScript('apps/scan-api/src/main.ts', [], {
    DATABASE_URL: db.url,
    DB_MIGRATE_ON_START: 'false',
    DB_POOL_SIZE: '4',
    SCAN_PORT: String(port),
    AUTH_DEV_MODE: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
  });
  replicas.push(child);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/scan/livez`, child);
  return { process: child, origin };
}

/** A question of the load: a path and, for a POST, its body. */
interface Question {
  path: string;
  body?: unknown;
}

async function ask(origin: string, q: Question): Promise<{ status: number; body: string }> {
  const response = await fetch(`${origin}/api/scan${q.path}`, {
    method: q.body === undefined ? 'GET' : 'POST',
    headers: q.body === undefined ? {} : { 'content-type': 'application/json' },
    body: q.body === undefined ? undefined : JSON.stringify(q.body),
  });
  return { status: response.status, body: await response.text() };
}

async function questions(): Promise<Question[]> {
  const ids: { id: string }[] = await db.dataSource.query(
    `SELECT update_id AS id FROM updates WHERE NOT is_import ORDER BY row_id`,
  );
  const snapshots: { migration_id: number; record_time: string }[] = await db.dataSource.query(
    `SELECT migration_id::int, to_char(record_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS record_time
       FROM acs_snapshots ORDER BY migration_id, record_time`,
  );
  expect(ids.length).toBeGreaterThan(20);
  expect(snapshots.length).toBeGreaterThan(0);
  return [
    ...ids
      .filter((_, i) => i % Math.floor(ids.length / 8) === 0)
      .map(({ id }) => ({ path: `/v2/updates/${id}` })),
    ...[10, 25, 60].flatMap((page_size) =>
      snapshots.slice(0, 2).map((s) => ({ path: '/v2/state/acs', body: { ...s, page_size } })),
    ),
  ];
}

beforeAll(() => {
  if (db.backend !== 'postgres')
    throw new Error(
      'the app-replica test needs the real PostgreSQL (two app processes share the test database): CI runs it on its first pass; run it with the local server reachable',
    );
});

afterAll(async () => {
  await balancer?.close();
  for (const replica of replicas) {
    replica.child.kill('SIGTERM');
    await replica.exited;
  }
});

it('serves every request through the balancer while one of two replicas is killed mid-load', async () => {
  const history: HistoryUpdate[] = [...simulateNetwork({ seed: 11, rounds: 24 })];
  await writeHistory(db.dataSource, history);
  const [a, b] = await Promise.all([startReplica(), startReplica()]);
  balancer = await startHttpBalancer([new URL(a.origin).port, new URL(b.origin).port].map(Number));

  // What a single process answers, each question asked of replica A alone.
  const asked = await questions();
  const expected = new Map<Question, string>();
  for (const q of asked) {
    const answer = await ask(a.origin, q);
    expect(answer.status).toBe(200);
    expected.set(q, answer.body);
  }

  const CLIENTS = 8;
  const KILL_AFTER_MS = 1500;
  const LOAD_MS = 4000;
  const results: { start: number; status: number | 'error'; matches: boolean }[] = [];
  let inFlight = 0;
  let killedAt = Infinity;
  let inFlightAtKill = 0;
  let servedAtKill: number[] = [];
  const started = Date.now();
  const killer = setTimeout(() => {
    servedAtKill = balancer!.served();
    inFlightAtKill = inFlight;
    a.process.child.kill('SIGKILL');
    killedAt = Date.now();
  }, KILL_AFTER_MS);
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() - started < LOAD_MS) {
        const q = asked[next++ % asked.length];
        const start = Date.now();
        inFlight++;
        try {
          const answer = await ask(balancer!.origin, q);
          results.push({ start, status: answer.status, matches: answer.body === expected.get(q) });
        } catch {
          results.push({ start, status: 'error', matches: false });
        } finally {
          inFlight--;
        }
      }
    }),
  );
  clearTimeout(killer);
  expect(await a.process.exited).toBe('SIGKILL');

  const failed = results.filter((r) => r.status !== 200);
  const afterKill = results.filter((r) => r.start >= killedAt);
  console.log(
    `app replicas: ${results.length} requests (${afterKill.length} after the kill), ${failed.length} failed, ` +
      `${inFlightAtKill} in flight at the kill, served per backend before the kill ${servedAtKill.join('/')}, ` +
      `in all ${balancer.served().join('/')}, ${balancer.retries()} retried`,
  );
  expect(afterKill.length).toBeGreaterThan(20);
  expect(afterKill.filter((r) => r.status !== 200)).toEqual([]);
  expect(failed.length).toBeLessThanOrEqual(inFlightAtKill);
  expect(servedAtKill.every((n) => n > 0)).toBe(true);
  expect(results.filter((r) => r.status === 200 && !r.matches)).toEqual([]);
}, 240_000);
