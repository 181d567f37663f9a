import type { DataSource } from 'typeorm';
import { createDataSource } from '@canton-scan/domain';
import { createScratchDatabase, detectBackend, type ScratchDatabase, type TestBackend } from './test-backend';

export interface TestDatabase {
  readonly dataSource: DataSource;
  readonly url: string;
  readonly backend: TestBackend;
  /** Empties every table (identities restart), as at the start of each test. */
  truncate(): Promise<void>;
}

const WORKER_FLAG = 'CSS_TEST_DATABASE_READY';

/**
 * The worker's database. On the real server each jest worker gets its own database, created
 * and migrated by the first test file the worker runs and reused (tables truncated) by the
 * next ones; the embedded backend starts an in-memory database per test file.
 */
async function openWorkerDatabase(): Promise<{ dataSource: DataSource; url: string; backend: TestBackend; release(): Promise<void> }> {
  const backend = await detectBackend();
  const name = `css_test_${process.env.CSS_TEST_RUN_ID ?? process.ppid}_${process.env.JEST_WORKER_ID ?? '1'}`;
  let scratch: ScratchDatabase | undefined;
  let url: string;
  if (backend === 'postgres' && process.env[WORKER_FLAG] === name) {
    const parsed = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  } else {
    scratch = await createScratchDatabase(name, backend);
    url = scratch.url;
  }
  const dataSource = createDataSource(url, { poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  if (scratch) {
    await dataSource.runMigrations({ transaction: 'each' });
    if (backend === 'postgres') process.env[WORKER_FLAG] = name;
  }
  return {
    dataSource,
    url,
    backend,
    async release() {
      await dataSource.destroy();
      // Real-server databases outlive the file (the next file of this worker reuses them) and
      // are dropped by the global teardown; embedded ones end with the file.
      if (backend === 'embedded') await scratch?.drop();
    },
  };
}

/** Registers jest hooks giving the tests of this file a migrated database with clean tables. */
export function useTestDatabase(): TestDatabase {
  let handle: Awaited<ReturnType<typeof openWorkerDatabase>> | undefined;
  const need = () => {
    if (!handle) throw new Error('the test database is only available inside tests');
    return handle;
  };
  const truncate = async () => {
    const dataSource = need().dataSource;
    const tables = dataSource.entityMetadatas.map((m) => `"${m.tableName}"`).join(', ');
    await dataSource.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
  };
  beforeAll(async () => {
    handle = await openWorkerDatabase();
  });
  beforeEach(truncate);
  afterAll(async () => {
    await handle?.release();
    handle = undefined;
  });
  return {
    get dataSource() {
      return need().dataSource;
    },
    get url() {
      return need().url;
    },
    get backend() {
      return need().backend;
    },
    truncate,
  };
}
