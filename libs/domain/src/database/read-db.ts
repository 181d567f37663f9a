import type { QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../errors/domain-error';
import { Db, run, type Params, type Statement } from './db';
import type { ReadReplicas, ReplicaHandle } from './read-replicas';
import { foldRows, type RowFold } from './fold-rows';
import type { StreamedBytes } from './streamed-bytes';
import { streamTextBytes } from './text-bytes';

/**
 * The read side of a process's database: a `Db` whose plain statements (`query`) run on a
 * streaming replica chosen per statement (`ReadReplicas`: round-robin over the healthy ones,
 * the primary when none is), while `connect`, `transaction` and `primary` stay on the primary,
 * so anything in a transaction, and every write, lands there. Repositories that only read are
 * built on it; the API is `Db`'s. Named statements work as on the primary: each replica
 * connection prepares its own.
 */
export class ReadDb extends Db {
  private constructor(
    dataSource: DataSource,
    readonly replicas: ReadReplicas,
  ) {
    super(dataSource);
  }

  /** Reads of `dataSource`'s database on `replicas` (with none, the primary's Db itself). */
  static over(dataSource: DataSource, replicas: ReadReplicas): Db {
    return replicas.size === 0 ? Db.of(dataSource) : new ReadDb(dataSource, replicas);
  }

  override get primary(): Db {
    return Db.of(this.dataSource);
  }

  override query<T extends QueryResultRow = QueryResultRow>(
    statement: Statement | string,
    params: Params = [],
  ): Promise<T[]> {
    return this.replicas.read(
      (pool) => run<T>(pool, 'postgres', statement, params),
      () => this.primary.query<T>(statement, params),
    );
  }

  override textStream(statement: Statement | string, params: Params = []): Promise<StreamedBytes> {
    return this.replicas.read(
      (pool) => streamTextBytes(pool, 'postgres', statement, params),
      () => this.primary.textStream(statement, params),
    );
  }

  override fold<T extends QueryResultRow, R>(
    statement: Statement | string,
    params: Params,
    fold: RowFold<T, R>,
  ): Promise<R> {
    return this.replicas.read(
      (pool) => foldRows(pool, 'postgres', statement, params, fold),
      () => this.primary.fold(statement, params, fold),
    );
  }

  override pinned(): Db {
    const replica = this.replicas.pick();
    return replica ? new PinnedReadDb(this.dataSource, replica) : this.primary;
  }
}

/**
 * Reads on one replica, for a reader that must see the history only move forward (a replica's
 * replay does; two replicas at different points do not). When the replica becomes unreachable
 * it reads on the primary from then on: the primary is never behind a replica.
 */
class PinnedReadDb extends Db {
  private replica?: ReplicaHandle;

  constructor(dataSource: DataSource, replica: ReplicaHandle) {
    super(dataSource);
    this.replica = replica;
  }

  override get primary(): Db {
    return Db.of(this.dataSource);
  }

  override query<T extends QueryResultRow = QueryResultRow>(
    statement: Statement | string,
    params: Params = [],
  ): Promise<T[]> {
    return this.onReplica(
      (pool) => run<T>(pool, 'postgres', statement, params),
      () => this.primary.query<T>(statement, params),
    );
  }

  override textStream(statement: Statement | string, params: Params = []): Promise<StreamedBytes> {
    return this.onReplica(
      (pool) => streamTextBytes(pool, 'postgres', statement, params),
      () => this.primary.textStream(statement, params),
    );
  }

  override fold<T extends QueryResultRow, R>(
    statement: Statement | string,
    params: Params,
    fold: RowFold<T, R>,
  ): Promise<R> {
    return this.onReplica(
      (pool) => foldRows(pool, 'postgres', statement, params, fold),
      () => this.primary.fold(statement, params, fold),
    );
  }

  /** `read` on the pinned replica while it answers; on the primary from its first outage on. */
  private async onReplica<R>(
    read: (pool: ReplicaHandle['pool']) => Promise<R>,
    onPrimary: () => Promise<R>,
  ): Promise<R> {
    const replica = this.replica;
    if (replica) {
      try {
        return await read(replica.pool);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        replica.markDown(error instanceof Error ? error.message : String(error));
        this.replica = undefined;
      }
    }
    return onPrimary();
  }
}
