import { Db, LedgerUsersRepository, LedgerUsersService, LedgerWriter } from '@canton-scan/domain';
import {
  ledgerTestToken,
  startHotStandby,
  startTestApp,
  useTestDatabase,
  type HotStandby,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';
import { ledgerHistory, widestUpdateFormat } from './ledger-history.fixture';

// Real PostgreSQL only, on purpose (see apps/scan-api/test/read-replicas.e2e-spec.ts): on the
// embedded database this file fails rather than pass without having tested anything.

const db = useTestDatabase();
let standby: HotStandby;
let app: RunningTestApp | undefined;

beforeAll(async () => {
  if (db.backend !== 'postgres')
    throw new Error(
      'the read-replica tests need the real PostgreSQL (a hot standby streams from it): CI runs them on its first pass',
    );
  standby = await startHotStandby();
}, 600_000);

afterEach(async () => {
  await app?.close();
  app = undefined;
  await standby?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
});

afterAll(() => standby?.stop());

const users = () => new LedgerUsersService(new LedgerUsersRepository(Db.of(db.dataSource)));

/** The fixture history and its admin on the primary, replayed by the standby; the app on it. */
async function start() {
  const history = ledgerHistory();
  await users().ensureDevelopmentAdmin('participant_admin');
  await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(history.updates);
  await standby.caughtUp();
  app = await startTestApp(createLedgerApp, db.dataSource, {
    DATABASE_URL: db.url,
    DATABASE_READ_URLS: standby.url(new URL(db.url).pathname.slice(1)),
  });
  return history;
}

async function call(user: string, path: string, body?: unknown) {
  const response = await fetch(`${app!.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${await ledgerTestToken(user)}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

it('sees a user and a grant at once, the standby not having replayed them', async () => {
  await start();
  await standby.query('SELECT pg_wal_replay_pause()');
  await users().addUser({ userId: 'late-user', isAdmin: false, canReadAsAnyParty: false, readAs: [] });
  const request = {
    beginExclusive: 0,
    endInclusive: 6,
    updateFormat: widestUpdateFormat('TRANSACTION_SHAPE_ACS_DELTA'),
  };
  expect((await call('late-user', '/v2/updates/flats', request)).status).toBe(403);
  await users().grantRights('late-user', { readAsAnyParty: true });
  const granted = await call('late-user', '/v2/updates/flats', request);
  expect(granted.status).toBe(200);
  expect((granted.body as unknown[]).length).toBeGreaterThan(0);
});

it('delivers to a waiting subscriber an update the standby has not replayed', async () => {
  const history = await start();
  const pending = call('participant_admin', '/v2/updates/flats?stream_idle_timeout_ms=3000', {
    beginExclusive: 6,
    updateFormat: widestUpdateFormat('TRANSACTION_SHAPE_ACS_DELTA'),
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await standby.query('SELECT pg_wal_replay_pause()');
  const next = history.next();
  await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([next]);
  const [{ n }] = await standby.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM updates WHERE update_id = '${next.update_id}'`,
    new URL(db.url).pathname.slice(1),
  );
  expect(n).toBe('0');
  const { status, body } = await pending;
  expect(status).toBe(200);
  expect(JSON.stringify(body)).toContain(next.update_id);
});

it('reads a range the standby has not replayed on the primary', async () => {
  const history = await start();
  await standby.query('SELECT pg_wal_replay_pause()');
  const next = history.next();
  await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([next]);
  const { status, body } = await call('participant_admin', '/v2/updates/flats', {
    beginExclusive: 6,
    endInclusive: 7,
    updateFormat: widestUpdateFormat('TRANSACTION_SHAPE_ACS_DELTA'),
  });
  expect(status).toBe(200);
  expect(JSON.stringify(body)).toContain(next.update_id);
});
