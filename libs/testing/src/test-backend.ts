import { Client } from 'pg';
import { startEmbeddedPostgres } from '@canton-scan/domain';
import { detectBackend, realServerUrl, type TestBackend } from './backend-detect';

export { detectBackend, realServerReachable, realServerUrl, type TestBackend } from './backend-detect';

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
