import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import { foldRows, type RowFold } from './fold-rows';
import type { StreamedBytes } from './streamed-bytes';
import { streamTextBytes } from './text-bytes';

/**
 * One SQL statement. A `name` asks for a prepared statement: parsed and planned once per
 * connection of a real server instead of on every call, which pays off for hot, fixed SQL.
 */
export interface Statement {
  readonly text: string;
  readonly name?: string;
}

/** A hot statement, prepared once per connection (see `Db`). Names must be unique per text. */
export function prepared(name: string, text: string): Statement {
  return { name, text };
}

export type Params = readonly unknown[];

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Runs statements; the pool (`Db`) or one connection held by the caller (`DbConnection`). */
export interface Queryable {
  query<T extends QueryResultRow = QueryResultRow>(
    statement: Statement | string,
    params?: Params,
  ): Promise<T[]>;
}

/** A Queryable that can also fold a statement's rows as they arrive (`Db`, `DbConnection`). */
export interface RowSource extends Queryable {
  /** The statement's rows folded as they arrive (`foldRows`). */
  fold<T extends QueryResultRow, R>(
    statement: Statement | string,
    params: Params,
    fold: RowFold<T, R>,
  ): Promise<R>;
}

/** The kind of server behind a DataSource: the embedded one multiplexes every connection over one session. */
export type DbBackend = 'postgres' | 'embedded';

/**
 * A connection held by its caller (a transaction, a session-level lock, COPY). `release` gives
 * it back to the pool; a connection left in a failed state is destroyed instead.
 */
export class DbConnection implements RowSource {
  private broken?: Error;
  /**
   * A lent client that loses its connection between two statements emits 'error'; the pool
   * listens only to its idle clients, and an 'error' nobody listens to ends the process. The
   * lease listens instead: the connection is marked broken (destroyed on release) and the
   * caller's next statement fails as any statement on a lost connection does.
   */
  private readonly lost = (error: Error): void => {
    this.broken ??= error;
  };

  constructor(
    readonly client: PoolClient,
    readonly backend: DbBackend,
  ) {
    client.on('error', this.lost);
  }

  query<T extends QueryResultRow = QueryResultRow>(
    statement: Statement | string,
    params: Params = [],
  ): Promise<T[]> {
    return run<T>(this.client, this.backend, statement, params);
  }

  fold<T extends QueryResultRow, R>(
    statement: Statement | string,
    params: Params,
    fold: RowFold<T, R>,
  ): Promise<R> {
    return foldRows(this.client, this.backend, statement, params, fold);
  }

  /**
   * Runs `work` in a transaction on this connection: committed when it resolves, rolled back
   * when it throws (a connection whose ROLLBACK failed is destroyed on release).
   */
  async transaction<T>(work: (tx: DbConnection) => Promise<T>): Promise<T> {
    await this.client.query('BEGIN');
    let result: T;
    try {
      result = await work(this);
    } catch (error) {
      await this.client.query('ROLLBACK').catch((rollbackError: unknown) => {
        // Not known to be out of the transaction: not to be handed to anyone else.
        this.broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
    await this.client.query('COMMIT');
    return result;
  }

  release(): void {
    this.client.removeListener('error', this.lost);
    this.client.release(this.broken);
  }
}

/** Runs one statement on a pool or connection (named only on a real server, see `Db`). */
export async function run<T extends QueryResultRow>(
  client: Pool | PoolClient,
  backend: DbBackend,
  statement: Statement | string,
  params: Params,
): Promise<T[]> {
  const { text, name } = typeof statement === 'string' ? { text: statement, name: undefined } : statement;
  // Statement names live in the session, and the embedded server has one session for every
  // connection: a name prepared through one connection would collide with the same name from
  // another (and pg keeps no such list per session). There, every statement goes unnamed.
  const named = name !== undefined && backend === 'postgres';
  const result = await client.query<T>({ text, values: params as unknown[], ...(named ? { name } : {}) });
  return result.rows;
}

const instances = new WeakMap<DataSource, Db>();

/**
 * The one way the domain talks to PostgreSQL: statements go straight to the DataSource's `pg`
 * pool (TypeORM's per-query QueryRunner costs about 0.2 ms of CPU, which matters at thousands
 * of requests per second); errors are the driver's own, so "database down" stays tellable. The
 * DataSource keeps owning the pool, the migrations and the entities' schema.
 */
export class Db implements RowSource {
  private backendOf?: Promise<DbBackend>;

  protected constructor(readonly dataSource: DataSource) {}

  /** The Db of a DataSource (one per DataSource, so its backend is probed once). */
  static of(dataSource: DataSource): Db {
    let db = instances.get(dataSource);
    if (!db) {
      db = new Db(dataSource);
      instances.set(dataSource, db);
    }
    return db;
  }

  private get pool(): Pool {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) throw new Error('the DataSource is not initialized');
    return pool;
  }

  /**
   * The Db on the primary server: reads that must see a write just made (or any state the
   * reader itself relies on being current) go through it. A Db of the primary is its own.
   */
  get primary(): Db {
    return this;
  }

  /**
   * A Db whose reads all go to one server, chosen now, for a sequence of reads that must never
   * see the history go back (on the primary: itself; see `ReadDb`).
   */
  pinned(): Db {
    return this;
  }

  /** The configured number of pooled connections. */
  get poolSize(): number {
    return (this.dataSource.options.extra as { max?: number } | undefined)?.max ?? 10;
  }

  /** The pool's connections right now (metrics): opened, idle in the pool, and clients waiting for one. */
  poolStats(): PoolStats {
    const pool = this.pool;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** Which server this is: PGlite says so in its version string. */
  backend(): Promise<DbBackend> {
    this.backendOf ??= this.pool.query<{ v: string }>('SELECT version() AS v').then(
      ({ rows }) => (/PGlite/i.test(rows[0].v) ? 'embedded' : 'postgres'),
      (error: unknown) => {
        this.backendOf = undefined;
        throw error;
      },
    );
    return this.backendOf;
  }

  async query<T extends QueryResultRow = QueryResultRow>(
    statement: Statement | string,
    params: Params = [],
  ): Promise<T[]> {
    return run<T>(this.pool, await this.backend(), statement, params);
  }

  /**
   * The UTF-8 bytes of the one text value a statement returns, not decoded on the way, as they
   * arrive (`streamTextBytes`): for response text PostgreSQL writes, sent on to the client as
   * it comes.
   */
  async textStream(statement: Statement | string, params: Params = []): Promise<StreamedBytes> {
    return streamTextBytes(this.pool, await this.backend(), statement, params);
  }

  /**
   * A statement's rows folded as they arrive (`foldRows`): the caller's work on each row overlaps
   * PostgreSQL's on the rest, and no array of every row is kept.
   */
  async fold<T extends QueryResultRow, R>(
    statement: Statement | string,
    params: Params,
    fold: RowFold<T, R>,
  ): Promise<R> {
    return foldRows(this.pool, await this.backend(), statement, params, fold);
  }

  /** A connection of the pool for the caller alone, until it calls `release`. */
  async connect(): Promise<DbConnection> {
    const backend = await this.backend();
    return new DbConnection(await this.pool.connect(), backend);
  }

  /** Runs `work` in a transaction on a connection of its own. */
  async transaction<T>(work: (tx: DbConnection) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    try {
      return await connection.transaction(work);
    } finally {
      connection.release();
    }
  }
}
