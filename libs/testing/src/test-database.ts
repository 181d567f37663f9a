import type { DataSource } from 'typeorm';
import { createDataSource } from '@canton-scan/domain';
import { lockSpare } from './spare-lock';
import { createScratchDatabase, detectBackend, realServerUrl, type TestBackend } from './test-backend';

export interface TestDatabase {
  readonly dataSource: DataSource;
  readonly url: string;
  readonly backend: TestBackend;
  /** Empties every table (identities restart), as at the start of each test. */
  truncate(): Promise<void>;
}

const WORKER_FLAG = 'CSS_TEST_DATABASE_READY';

/**
 * The worker's database: each jest worker has its own (on the real server a freshly created
 * database, else an embedded server from the global setup), migrated by the first test file
 * the worker runs and reused, tables truncated, by the next ones.
 */
async function openWorkerDatabase(): Promise<{
  dataSource: DataSource;
  url: string;
  backend: TestBackend;
  release(): Promise<void>;
}> {
  const backend = await detectBackend();
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const name = `css_test_${process.env.CSS_TEST_RUN_ID ?? process.ppid}_${worker}`;
  let url: string;
  const fresh = process.env[WORKER_FLAG] !== name;
  if (backend === 'embedded') {
    // One embedded server per worker, started by the global setup.
    const urls = (process.env.CSS_EMBEDDED_URLS ?? '').split(',').filter(Boolean);
    if (urls.length === 0)
      throw new Error('no embedded test databases: run the tests through jest with the workspace preset');
    url = urls[(worker - 1) % urls.length];
  } else if (!fresh) {
    const parsed = new URL(realServerUrl());
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  } else {
    url = (await createScratchDatabase(name, 'postgres')).url;
  }
  const dataSource = createDataSource(url, { poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  if (fresh) {
    await dataSource.runMigrations({ transaction: 'each' });
    process.env[WORKER_FLAG] = name;
  }
  return {
    dataSource,
    url,
    backend,
    // The database outlives the file: the worker's next file reuses it (tables truncated); the
    // global teardown drops or stops it.
    release: () => dataSource.destroy(),
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

/**
 * The run's spare embedded server (started by the global setup whatever the backend), migrated
 * and emptied: for tests that must hold on both backends in every run. One test file at a time
 * uses it: the others wait here until `close`.
 */
export async function openSpareEmbeddedDatabase(): Promise<{
  dataSource: DataSource;
  url: string;
  close(): Promise<void>;
}> {
  const url = process.env.CSS_EMBEDDED_SPARE_URL;
  if (!url)
    throw new Error('no spare embedded database: run the tests through jest with the workspace preset');
  const release = await lockSpare(url);
  try {
    const dataSource = createDataSource(url, { poolSize: 8, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const tables = dataSource.entityMetadatas.map((m) => `"${m.tableName}"`).join(', ');
    await dataSource.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
    return {
      dataSource,
      url,
      close: async () => {
        try {
          await dataSource.destroy();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
