import { Client } from 'pg';
import { realServerUrl } from './backend-detect';

/** Jest global teardown: stops the embedded servers, or drops this run's per-worker databases. */
export default async function globalTeardown(): Promise<void> {
  for (const server of globalThis.__cssEmbeddedServers ?? []) await server.stop();
  globalThis.__cssEmbeddedServers = undefined;
  if (process.env.TEST_DATABASE_BACKEND !== 'postgres') return;
  const client = new Client({ connectionString: realServerUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`css_test_${process.env.CSS_TEST_RUN_ID ?? process.pid}_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
