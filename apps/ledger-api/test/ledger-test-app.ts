import { createLedgerClient } from '@canton-scan/contracts';
import {
  LedgerUsersRepository,
  LedgerUsersService,
  LedgerWriter,
  type HistoryUpdate,
  Db,
} from '@canton-scan/domain';
import {
  ledgerTestToken,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
  type TestDatabase,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';
import { ledgerHistory } from './ledger-history.fixture';

export type TestUser = 'admin' | 'alice' | 'bob' | 'carol' | 'adminOnly';

export interface LedgerTestContext {
  readonly db: TestDatabase;
  readonly app: RunningTestApp;
  /** `http://127.0.0.1:<port><prefix>` */
  base(): string;
  /** A generated ledger client authenticated as `user` (Authorization: Bearer). */
  client(user: TestUser): Promise<ReturnType<typeof createLedgerClient>>;
  token(user: TestUser): Promise<string>;
  readonly history: ReturnType<typeof ledgerHistory>;
  append(updates: HistoryUpdate[]): Promise<void>;
}

const USER_IDS: Record<TestUser, string> = {
  admin: 'participant_admin',
  alice: 'alice-user',
  bob: 'bob-user',
  carol: 'carol-user',
  adminOnly: 'admin-only',
};

/**
 * Boots ledger-api against the test database, and before each test records the fixture history
 * (offsets 1 to 6) and users: the development admin (admin, reads any party), one user per
 * party reading as it, and an administrator without read rights.
 */
export function useLedgerTestApp(env: Record<string, string> = {}): LedgerTestContext {
  const db = useTestDatabase();
  let app: RunningTestApp | undefined;
  let history = ledgerHistory();

  beforeAll(async () => {
    app = await startTestApp(createLedgerApp, db.dataSource, env);
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    history = ledgerHistory();
    const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(db.dataSource)));
    const { alice, bob, carol } = history.parties;
    await users.ensureDevelopmentAdmin(USER_IDS.admin);
    await users.addUser({
      userId: USER_IDS.alice,
      isAdmin: false,
      canReadAsAnyParty: false,
      readAs: [alice],
    });
    await users.addUser({ userId: USER_IDS.bob, isAdmin: false, canReadAsAnyParty: false, readAs: [bob] });
    await users.addUser({
      userId: USER_IDS.carol,
      isAdmin: false,
      canReadAsAnyParty: false,
      readAs: [carol],
      primaryParty: carol,
    });
    await users.addUser({ userId: USER_IDS.adminOnly, isAdmin: true, canReadAsAnyParty: false, readAs: [] });
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(history.updates);
  });

  const running = () => {
    if (!app) throw new Error('the ledger app is only available inside tests');
    return app;
  };
  const token = (user: TestUser) => ledgerTestToken(USER_IDS[user]);
  return {
    db,
    get app() {
      return running();
    },
    base: () => running().origin + running().config.ledgerApi.prefix,
    token,
    async client(user) {
      const jwt = await token(user);
      // Only the bearer scheme: the WebSocket scheme is for upgrades.
      return createLedgerClient({
        baseUrl: running().origin + running().config.ledgerApi.prefix,
        auth: (scheme) => (scheme.type === 'http' ? jwt : undefined),
      });
    },
    get history() {
      return history;
    },
    async append(updates) {
      await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);
    },
  };
}
