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
 * (PGlite cannot load inside jest's module sandbox), and hands the workers their URLs.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const backend = await detectBackend();
  process.env.TEST_DATABASE_BACKEND = backend;
  process.env.CSS_TEST_RUN_ID = String(process.pid);
  if (backend === 'embedded') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const servers: EmbeddedServer[] = [];
    const urls: string[] = [];
    for (let i = 0; i < Math.max(1, globalConfig.maxWorkers); i++) {
      const db = await PGlite.create();
      const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 16 });
      await server.start();
      urls.push(`postgres://postgres@${server.getServerConn()}/postgres`);
      servers.push({ stop: async () => (await server.stop(), await db.close()) });
    }
    globalThis.__cssEmbeddedServers = servers;
    process.env.CSS_EMBEDDED_URLS = urls.join(',');
  }
  const where =
    backend === 'postgres'
      ? `real PostgreSQL (${redact(realServerUrl())})`
      : 'embedded PGlite (no PostgreSQL server reachable)';
  process.stdout.write(`\n[test database] backend: ${where}\n`);
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
