import { detectBackend } from './backend-detect';

/** Jest global setup: decides (and says) which database backend this run uses. */
export default async function globalSetup(): Promise<void> {
  const backend = await detectBackend();
  process.env.TEST_DATABASE_BACKEND = backend;
  process.env.CSS_TEST_RUN_ID = String(process.pid);
  const where = backend === 'postgres' ? `real PostgreSQL (${redact(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres')})` : 'embedded PGlite (no PostgreSQL server reachable)';
  process.stdout.write(`\n[test database] backend: ${where}\n`);
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
