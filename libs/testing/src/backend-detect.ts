// No workspace aliases here: jest's global setup loads this file without the module mapper.
import { Client } from 'pg';

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
