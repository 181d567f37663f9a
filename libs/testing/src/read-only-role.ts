import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { OpenApiDocument } from '@canton-scan/contracts';
import { createDataSource, type AppConfig } from '@canton-scan/domain';
import { sendRaw } from './bad-input';
import { startTestApp, type RunningTestApp } from './test-app';
import type { TestDatabase } from './test-database';

/**
 * Runs `fn` with a DataSource whose statements run as a PostgreSQL role that may only SELECT
 * the test database's tables (besides connecting and using schema public), as on a read-only
 * replica; the role is dropped afterwards.
 *
 * - Real server: a LOGIN role for this database (`GRANT CONNECT`, `USAGE ON SCHEMA public`,
 *   `SELECT ON ALL TABLES`), and a DataSource logging in as it (the server trusts loopback).
 * - Embedded (PGlite): every connection shares one session and the server ignores the login
 *   user, so the session itself runs as the role (`SET ROLE`, which PGlite enforces like the
 *   server) while `fn` runs: meanwhile the owner's DataSource can only read as well.
 *
 * Either way the role's write is checked to be refused first, so a test using it cannot pass
 * because the role was not in force.
 */
export async function withReadOnlyRole<T>(
  db: TestDatabase,
  fn: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const database = new URL(db.url).pathname.slice(1);
  const role = `css_reader_${database.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase().slice(0, 63);
  const owner = db.dataSource;
  await dropRole(owner, role);
  await owner.query(`CREATE ROLE "${role}" ${db.backend === 'embedded' ? 'NOLOGIN' : 'LOGIN'}`);
  let reader: DataSource | undefined;
  try {
    await owner.query(`GRANT CONNECT ON DATABASE "${database}" TO "${role}"`);
    await owner.query(`GRANT USAGE ON SCHEMA public TO "${role}"`);
    await owner.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO "${role}"`);
    const url = new URL(db.url);
    if (db.backend !== 'embedded') url.username = role;
    reader = createDataSource(url.toString(), { poolSize: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
    await reader.initialize();
    if (db.backend === 'embedded') await reader.query(`SET ROLE "${role}"`);
    await expectWritesRefused(reader, role);
    return await fn(reader);
  } finally {
    if (db.backend === 'embedded') await reader?.query('RESET ROLE');
    await reader?.destroy();
    await dropRole(owner, role);
  }
}

async function expectWritesRefused(reader: DataSource, role: string): Promise<void> {
  const [{ user }]: { user: string }[] = await reader.query('SELECT current_user AS user');
  if (user !== role) throw new Error(`the read-only DataSource runs as ${user}, not ${role}`);
  const refused = await reader.query('DELETE FROM ledger_users').then(
    () => false,
    (error: unknown) => error instanceof Error && /permission denied/.test(error.message),
  );
  if (!refused) throw new Error(`the role ${role} may write`);
}

async function dropRole(owner: DataSource, role: string): Promise<void> {
  const [{ exists }]: { exists: boolean }[] = await owner.query(
    'SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists',
    [role],
  );
  if (!exists) return;
  await owner.query(`DROP OWNED BY "${role}"`);
  await owner.query(`DROP ROLE "${role}"`);
}

/** One request to a group; `path` is below the group's base URL. */
export interface ReadRequest {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ReadAnswer {
  operationId: string;
  status: number;
  contentType: string | null;
  body: string;
}

/** Every operation id of an OpenAPI document. */
export function operationIdsOf(spec: OpenApiDocument): string[] {
  const paths = (spec as unknown as { paths: Record<string, Record<string, { operationId?: string }>> })
    .paths;
  return Object.values(paths).flatMap((item) =>
    Object.values(item).flatMap((op) =>
      op && typeof op === 'object' && op.operationId ? [op.operationId] : [],
    ),
  );
}

/** Sends every request in turn (never concurrently: the answers are compared one by one). */
export async function answersOf(base: string, requests: readonly ReadRequest[]): Promise<ReadAnswer[]> {
  const answers: ReadAnswer[] = [];
  for (const r of requests) {
    const res = await sendRaw(
      base,
      {
        method: r.method,
        path: r.path,
        ...(r.body === undefined ? {} : { body: JSON.stringify(r.body), contentType: 'application/json' }),
      },
      r.headers,
    );
    answers.push({
      operationId: r.operationId,
      status: res.status,
      contentType: res.contentType,
      body: res.text,
    });
  }
  return answers;
}

type AppFactory = (config: AppConfig, dataSource: DataSource, logger: Logger) => Promise<INestApplication>;

/**
 * The answers of an app started on a DataSource of the read-only role (first, so that nothing a
 * read could store is there yet), then of the same app on the owner's DataSource, to the same
 * requests (`requests` gives them for the running app, paths below its origin); `more` adds
 * answers of other kinds (e.g. a WebSocket stream).
 */
export async function answersAsReaderThenOwner(
  db: TestDatabase,
  create: AppFactory,
  requests: (app: RunningTestApp) => ReadRequest[],
  more: (app: RunningTestApp) => Promise<ReadAnswer[]> = () => Promise.resolve([]),
): Promise<{ reader: ReadAnswer[]; owner: ReadAnswer[] }> {
  const answers = async (dataSource: DataSource) => {
    const app = await startTestApp(create, dataSource);
    try {
      return [...(await answersOf(app.origin, requests(app))), ...(await more(app))];
    } finally {
      await app.close();
    }
  };
  const reader = await withReadOnlyRole(db, answers);
  return { reader, owner: await answers(db.dataSource) };
}
