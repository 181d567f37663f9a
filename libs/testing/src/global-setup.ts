// eslint-disable-next-line workspace/module-boundaries -- jest's global setup loads without the module mapper
import { startEmbeddedPostgres } from '../../domain/src/database/embedded-postgres';
import { detectBackend, realServerUrl } from './backend-detect';

interface EmbeddedServer {
  stop(): Promise<void>;
}

declare global {
  var __cssEmbeddedServers: EmbeddedServer[] | undefined;
}

/**
 * Jest global setup: decides (and says) which database backend this run uses. For the embedded
 * backend it starts one in-memory PGlite server per jest worker here, in jest's own process
 * (PGlite cannot load inside jest's module sandbox), and hands the workers their URLs. Whatever
 * the backend, it also starts one spare embedded server (`CSS_EMBEDDED_SPARE_URL`) for the tests
 * that must pass on both backends in every run.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const forced = process.env.TEST_DATABASE_BACKEND;
  const backend = await detectBackend();
  process.env.TEST_DATABASE_BACKEND = backend;
  process.env.CSS_TEST_RUN_ID = String(process.pid);
  const servers: EmbeddedServer[] = [];
  const start = async () => {
    const server = await startEmbeddedPostgres({ dataDir: 'memory', port: 0, maxConnections: 16 });
    servers.push(server);
    return server.url;
  };
  if (backend === 'embedded') {
    const urls: string[] = [];
    for (let i = 0; i < Math.max(1, globalConfig.maxWorkers); i++) urls.push(await start());
    process.env.CSS_EMBEDDED_URLS = urls.join(',');
  }
  process.env.CSS_EMBEDDED_SPARE_URL = await start();
  globalThis.__cssEmbeddedServers = servers;
  const where =
    backend === 'postgres'
      ? `real PostgreSQL (${redact(realServerUrl())})`
      : forced === 'embedded'
        ? 'embedded PGlite (TEST_DATABASE_BACKEND=embedded)'
        : 'embedded PGlite (no PostgreSQL server reachable)';
  process.stdout.write(`\n[test database] backend: ${where}\n`);
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
