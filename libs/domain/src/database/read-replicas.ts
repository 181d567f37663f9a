import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool, type PoolClient } from 'pg';
import type { DatabaseConfig, ReadFallback } from '../config/app-config';
import { DomainError, DomainErrorCode, isDatabaseUnavailable } from '../errors/domain-error';
import { installPgTypeParsers } from './timestamps';
import { SESSION_OPTIONS } from './session-options';

/** What `/readyz` says of one replica. */
export interface ReplicaStatus {
  /** Its URL without the password. */
  readonly url: string;
  readonly healthy: boolean;
  /** How far its replay is behind the primary; null when it could not be measured (down). */
  readonly lagSeconds: number | null;
  /** Why it is skipped, when it is. */
  readonly problem?: string;
}

export interface ReadReplicasOptions {
  readonly poolSize: number;
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
  readonly maxLagSeconds: number;
  readonly fallback: ReadFallback;
  /** How often every replica's health and lag are measured. */
  readonly probeIntervalMs?: number;
}

const DEFAULT_PROBE_INTERVAL_MS = 1000;

/** The reads of one request: they stay on the server the first one went to. */
interface ReadSession {
  readonly owner: ReadReplicas;
  replica?: Replica;
  onPrimary?: boolean;
}

const sessions = new AsyncLocalStorage<ReadSession>();

/**
 * Lag as measured on the standby. `pg_last_xact_replay_timestamp()` alone is misleading on an idle
 * primary (the last transaction replayed may be hours old and yet nothing is missing), so a
 * standby that is streaming and has replayed all it received counts as caught up (lag 0); one
 * that is not (replay paused or slow, or the stream lost) is as far behind as its last replayed
 * commit is old. A server that is not in recovery (the primary itself, or a promoted standby)
 * has no lag.
 */
const PROBE_SQL = `
  SELECT NOT pg_is_in_recovery()
      OR (pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
          AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming')) AS caught_up,
    extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS replay_age`;

class Replica {
  readonly pool: Pool;
  readonly label: string;
  /** Unknown until the first probe: usable, as a failure on first use marks it down anyway. */
  healthy = true;
  lagSeconds: number | null = null;
  problem?: string;
  private probing?: Promise<void>;

  constructor(
    url: string,
    private readonly options: ReadReplicasOptions,
  ) {
    this.label = redactPassword(url);
    this.pool = new Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs,
      statement_timeout: options.statementTimeoutMs || undefined,
      // The primary's session settings (createDataSource): timestamps parse the same way.
      options: SESSION_OPTIONS,
    });
    // An idle connection whose server went away must not crash the process.
    this.pool.on('error', () => this.markDown('connection lost'));
  }

  markDown(problem: string): void {
    this.healthy = false;
    this.lagSeconds = null;
    this.problem = problem;
  }

  /** Measures health and lag; one probe at a time. */
  probe(): Promise<void> {
    this.probing ??= this.measure().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async measure(): Promise<void> {
    try {
      const {
        rows: [row],
      } = await this.pool.query<{ caught_up: boolean; replay_age: number | null }>(PROBE_SQL);
      const lag = row.caught_up ? 0 : Math.max(0, row.replay_age ?? Number.POSITIVE_INFINITY);
      this.lagSeconds = Number.isFinite(lag) ? Math.round(lag * 1000) / 1000 : null;
      if (lag > this.options.maxLagSeconds) {
        this.healthy = false;
        this.problem = `replay lag over ${this.options.maxLagSeconds} s`;
      } else {
        this.healthy = true;
        this.problem = undefined;
      }
    } catch (error) {
      this.markDown(error instanceof Error ? error.message : String(error));
    }
  }
}

/**
 * The read replicas of a process (`DATABASE_READ_URLS`): one plain `pg` pool per streaming
 * standby, chosen round-robin per statement among the healthy ones. Health and lag are probed
 * every `probeIntervalMs` (and at once when a statement finds a replica unreachable); a
 * statement that fails to reach its replica is run again on the next one, then on the primary
 * (or refused with UNAVAILABLE under `DATABASE_READ_FALLBACK=unavailable`). Only plain reads
 * come here: the `Db` of the primary keeps transactions, held connections and every write.
 */
export class ReadReplicas {
  private readonly replicas: Replica[];
  private next = 0;
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    urls: readonly string[],
    private readonly options: ReadReplicasOptions,
  ) {
    installPgTypeParsers();
    this.replicas = urls.map((url) => new Replica(url, options));
  }

  static fromConfig(
    config: Pick<
      DatabaseConfig,
      | 'readUrls'
      | 'readFallback'
      | 'readMaxLagSeconds'
      | 'poolSize'
      | 'connectTimeoutMs'
      | 'statementTimeoutMs'
    >,
    probeIntervalMs?: number,
  ): ReadReplicas {
    return new ReadReplicas(config.readUrls, {
      poolSize: config.poolSize,
      connectTimeoutMs: config.connectTimeoutMs,
      statementTimeoutMs: config.statementTimeoutMs,
      maxLagSeconds: config.readMaxLagSeconds,
      fallback: config.readFallback,
      probeIntervalMs,
    });
  }

  get size(): number {
    return this.replicas.length;
  }

  /** Probes every replica now, then every `probeIntervalMs` until `close`. */
  async start(): Promise<void> {
    await this.probeAll();
    this.schedule();
  }

  /**
   * Runs a read on a healthy replica (`run` is given its pool), moving on to the next one when a
   * replica cannot be reached, and to the primary (`onPrimary`) when none is left.
   */
  async read<R>(run: (pool: Pool) => Promise<R>, onPrimary: () => Promise<R>): Promise<R> {
    const session = sessions.getStore();
    if (session?.owner === this) return this.readInSession(session, run, onPrimary);
    for (const replica of this.healthyInTurn()) {
      try {
        return await run(replica.pool);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        replica.markDown(error instanceof Error ? error.message : String(error));
        void replica.probe();
      }
    }
    return this.fallback(onPrimary);
  }

  /**
   * Runs `work` as one read session (an HTTP request): its reads all go to the replica the first
   * one went to, so they see one history that only moves forward (two replicas may be at
   * different points of the primary's); when that replica fails, they go to the primary for the
   * rest of the session (never behind a replica).
   */
  session<T>(work: () => T): T {
    return sessions.run({ owner: this }, work);
  }

  private async readInSession<R>(
    session: ReadSession,
    run: (pool: Pool) => Promise<R>,
    onPrimary: () => Promise<R>,
  ): Promise<R> {
    if (!session.onPrimary) {
      session.replica ??= this.healthyInTurn()[0];
      const replica = session.replica;
      if (replica) {
        try {
          return await run(replica.pool);
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          replica.markDown(error instanceof Error ? error.message : String(error));
          void replica.probe();
        }
      }
      session.replica = undefined;
      session.onPrimary = true;
    }
    return this.fallback(onPrimary);
  }

  /**
   * One healthy replica for a sequence of reads that must see a history that never goes back
   * (a ledger scan reading the ledger end, then pages up to it); undefined when none is healthy
   * and reads fall back to the primary (UNAVAILABLE when they may not).
   */
  pick(): ReplicaHandle | undefined {
    const [replica] = this.healthyInTurn();
    if (replica) return { pool: replica.pool, markDown: (problem) => replica.markDown(problem) };
    if (this.options.fallback === 'unavailable') throw noReplica();
    return undefined;
  }

  /** What `/readyz` reports: every replica, freshly probed. */
  async status(): Promise<ReplicaStatus[]> {
    await this.probeAll();
    return this.replicas.map((r) => ({
      url: r.label,
      healthy: r.healthy,
      lagSeconds: r.lagSeconds,
      ...(r.problem === undefined ? {} : { problem: r.problem }),
    }));
  }

  /** Whether reads can be served: some replica is healthy, or reads may fall back to the primary. */
  get readable(): boolean {
    return this.options.fallback === 'primary' || this.replicas.some((r) => r.healthy);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }

  private fallback<R>(onPrimary: () => Promise<R>): Promise<R> {
    if (this.options.fallback === 'unavailable') return Promise.reject(noReplica());
    return onPrimary();
  }

  /** The healthy replicas, starting with the next in round-robin order. */
  private healthyInTurn(): Replica[] {
    const n = this.replicas.length;
    const start = this.next;
    this.next = (this.next + 1) % Math.max(n, 1);
    const order: Replica[] = [];
    for (let i = 0; i < n; i++) {
      const replica = this.replicas[(start + i) % n];
      if (replica.healthy) order.push(replica);
    }
    return order;
  }

  private async probeAll(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.probe()));
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      void this.probeAll().finally(() => this.schedule());
    }, this.options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS);
    this.timer.unref();
  }
}

/** A replica chosen for a sequence of reads. */
export interface ReplicaHandle {
  readonly pool: Pool | PoolClient;
  markDown(problem: string): void;
}

function noReplica(): DomainError {
  return new DomainError(
    DomainErrorCode.Unavailable,
    'no read replica is healthy (DATABASE_READ_FALLBACK=unavailable)',
  );
}

/** A database URL as it may be shown: without its password. */
export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
