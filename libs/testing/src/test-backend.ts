import { Client } from 'pg';
import { startEmbeddedPostgres } from '@canton-scan/domain';

export type TestBackend = 'postgres' | 'embedded';

/** The admin URL of the real PostgreSQL server tests use when it is reachable. */
export function realServerUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Whether the real server answers (quickly: a down server must not slow the fallback). */
export async function realServerReachable(): Promise<boolean> {
  const client = new Client({ connectionString: realServerUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function detectBackend(): Promise<TestBackend> {
  const forced = process.env.TEST_DATABASE_BACKEND;
  if (forced === 'embedded' || forced === 'postgres') return forced;
  return (await realServerReachable()) ? 'postgres' : 'embedded';
}

export interface ScratchDatabase {
  readonly url: string;
  readonly backend: TestBackend;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, empty database: on the real server a newly created database named `name`
 * (replacing any leftover of that name), else an in-memory embedded one.
 */
export async function createScratchDatabase(name: string, backend?: TestBackend): Promise<ScratchDatabase> {
  const chosen = backend ?? (await detectBackend());
  if (chosen === 'embedded') {
    const embedded = await startEmbeddedPostgres({ dataDir: 'memory', port: 0 });
    return { url: embedded.url, backend: 'embedded', drop: () => embedded.stop() };
  }
  const admin = new Client({ connectionString: realServerUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(realServerUrl(), name),
    backend: 'postgres',
    async drop() {
      const client = new Client({ connectionString: realServerUrl() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
