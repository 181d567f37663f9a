import { WebSocket } from 'ws';
import type { ledgerApi } from '@canton-scan/contracts';
import { Db, LedgerUsersRepository, LedgerUsersService, LedgerWriter } from '@canton-scan/domain';
import {
  freePort,
  ledgerTestToken,
  spawnTsScript,
  startHttpBalancer,
  useTestDatabase,
  waitForHttp,
  type HttpBalancer,
  type TsProcess,
} from '@canton-scan/testing';
import { ledgerHistory } from './ledger-history.fixture';

// Real PostgreSQL only, on purpose: two app processes share the test database, which the
// embedded server (one connection per worker) cannot serve; on the embedded database this
// file fails rather than pass without having tested anything.

const db = useTestDatabase();
const replicas: TsProcess[] = [];
const sockets: WebSocket[] = [];
let balancer: HttpBalancer | undefined;

/** One ledger-api process on the test database (already migrated): its origin. */
async function startReplica(): Promise<string> {
  const port = await freePort();
  const child = spawnTsScript('apps/ledger-api/src/main.ts', [], {
    DATABASE_URL: db.url,
    DB_MIGRATE_ON_START: 'false',
    DB_POOL_SIZE: '4',
    LEDGER_PORT: String(port),
    AUTH_DEV_MODE: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
  });
  replicas.push(child);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/livez`, child);
  return origin;
}

type Item = ledgerApi.GetUpdatesResponse;

/** An open-ended `/v2/updates` WebSocket from `beginExclusive` on; the transactions it received. */
async function subscribe(origin: string, token: string, request: ledgerApi.GetUpdatesRequest) {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/v2/updates`, [
    'daml.ws.auth',
    `jwt.token.${token}`,
  ]);
  sockets.push(ws);
  const transactions: ledgerApi.Transaction[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  ws.on('message', (data) => {
    const { update } = JSON.parse(data.toString()) as Item;
    if ('Transaction' in update) transactions.push(update.Transaction.value);
    for (const w of waiting.filter((w) => transactions.length >= w.count)) w.resolve();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify(request));
  return {
    transactions,
    received: (count: number) =>
      transactions.length >= count
        ? Promise.resolve(transactions)
        : new Promise<ledgerApi.Transaction[]>((resolve) =>
            waiting.push({ count, resolve: () => resolve(transactions) }),
          ),
  };
}

beforeAll(() => {
  if (db.backend !== 'postgres')
    throw new Error(
      'the app-replica test needs the real PostgreSQL (two app processes share the test database): CI runs it on its first pass; run it with the local server reachable',
    );
});

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await balancer?.close();
  for (const replica of replicas) {
    replica.child.kill('SIGTERM');
    await replica.exited;
  }
});

it('wakes the live waits of both replicas with the updates the writer records', async () => {
  const history = ledgerHistory();
  const { bob } = history.parties;
  const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(db.dataSource)));
  await users.addUser({ userId: 'bob-user', isAdmin: false, canReadAsAnyParty: false, readAs: [bob] });
  const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
  await writer.append(history.updates);
  const [a, b] = await Promise.all([startReplica(), startReplica()]);
  balancer = await startHttpBalancer([a, b].map((origin) => Number(new URL(origin).port)));

  const token = await ledgerTestToken('bob-user');
  const request: ledgerApi.GetUpdatesRequest = {
    beginExclusive: 6,
    updateFormat: {
      includeTransactions: {
        eventFormat: {
          filtersByParty: {
            [bob]: {
              cumulative: [
                { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } },
              ],
            },
          },
        },
        transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
      },
    },
  };
  const onA = await subscribe(a, token, request);
  const onB = await subscribe(b, token, request);
  const throughBalancer = await subscribe(balancer.origin, token, request);
  const longPoll = fetch(`${balancer.origin}/v2/updates/flats?stream_idle_timeout_ms=3000`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  // The subscribers have caught up (nothing after offset 6) and wait for the writer's NOTIFY.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const recorded = [history.next(), history.next()];
  await writer.append([recorded[0]]);
  await writer.append([recorded[1]]);

  const [fromA, fromB, fromBalancer] = await Promise.all([
    onA.received(2),
    onB.received(2),
    throughBalancer.received(2),
  ]);
  expect(fromA.map((t) => [t.offset, t.updateId])).toEqual([
    [7, recorded[0].update_id],
    [8, recorded[1].update_id],
  ]);
  expect(fromB).toEqual(fromA);
  expect(fromBalancer).toEqual(fromA);

  const polled = await longPoll;
  expect(polled.status).toBe(200);
  const items = (await polled.json()) as Item[];
  const polledTransactions = items.flatMap((i) =>
    'Transaction' in i.update ? [i.update.Transaction.value] : [],
  );
  expect(polledTransactions[0]).toEqual(fromA[0]);
  expect(balancer.served().reduce((sum, n) => sum + n, 0)).toBe(2);
}, 240_000);
