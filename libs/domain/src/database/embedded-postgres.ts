import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedSessionQueue } from './embedded-session-queue';

export interface EmbeddedPostgres {
  /** A `postgres://` URL for the ordinary `pg` driver. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Data directory, or `memory` for a throw-away in-memory database. */
  dataDir: string;
  /** Loopback port; 0 picks a free one. */
  port: number;
  maxConnections?: number;
}

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) behind pglite-socket on a loopback port,
 * so the apps reach it through the same `pg` driver and SQL as a real server.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const inMemory = options.dataDir === 'memory';
  if (!inMemory) mkdirSync(resolve(options.dataDir), { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(resolve(options.dataDir));
  let db: InstanceType<typeof PGlite>;
  try {
    db = await PGlite.create(inMemory ? undefined : resolve(options.dataDir));
  } catch (error) {
    unlock();
    throw error;
  }
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port,
    maxConnections: options.maxConnections ?? 32,
  });
  // pglite-socket 0.2.17 interleaves connections message by message; see EmbeddedSessionQueue.
  (server as unknown as { queryQueue: EmbeddedSessionQueue }).queryQueue = new EmbeddedSessionQueue(db);
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      await db.close();
      unlock();
    },
  };
}
