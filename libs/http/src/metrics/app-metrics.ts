import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { Db, type PoolStats, type WriterObserver } from '@canton-scan/domain';

/** Label of a request that matched no route (bounded: never the raw URL). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: 1 ms to 10 s, where the endpoints' latencies live. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus metrics of one app, in a registry of its own (several apps in one process,
 * as in the tests, never share one): Node's default metrics (event-loop lag, heap, GC, ...),
 * HTTP requests by route pattern, method and status, and the database pool, read at scrape.
 * Every series carries the label `app`.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(app: string, pool?: { poolStats(): PoolStats }) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by matched route pattern, method and status: latency (its _count is the request count)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    if (pool) this.observePool(pool);
  }

  /** The metrics of an app whose database pool is the DataSource's. */
  static forDataSource(app: string, dataSource: DataSource): AppMetrics {
    return new AppMetrics(app, Db.of(dataSource));
  }

  /** One finished request; `route` is a route pattern or `UNMATCHED_ROUTE`. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status }, seconds);
  }

  /** Counts what a LedgerWriter appends, and the lag of its newest record time to the clock. */
  writerObserver(): WriterObserver {
    const appended = new Counter({
      name: 'writer_updates_appended_total',
      help: 'Updates appended to the store by this process (already stored ones not counted)',
      registers: [this.registry],
    });
    let newest: number | undefined;
    new Gauge({
      name: 'writer_record_time_lag_seconds',
      help: 'Seconds from the newest record time this process appended to now (NaN before its first append)',
      registers: [this.registry],
      collect() {
        this.set(newest === undefined ? NaN : Math.max(0, (Date.now() - newest) / 1000));
      },
    });
    return {
      appended(count, newestRecordTime) {
        appended.inc(count);
        const time = newestRecordTime === undefined ? NaN : Date.parse(newestRecordTime);
        if (Number.isFinite(time) && (newest === undefined || time > newest)) newest = time;
      },
    };
  }

  /** Times the registry's fetches of blobs from the peers' registries, by outcome (a mirror's). */
  peerBlobFetchObserver(): { fetched(outcome: string, seconds: number): void } {
    const fetches = new Histogram({
      name: 'registry_peer_blob_fetch_seconds',
      help: "Fetches of created event blobs from the peers' registries by outcome (stored; held: agreed but the database role may not write them; no-quorum; unreachable): latency (its _count is the fetch count)",
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    return { fetched: (outcome, seconds) => fetches.observe({ outcome }, seconds) };
  }

  /** A gauge read at each scrape (`undefined` while unknown: NaN). */
  gauge(name: string, help: string, read: () => number | undefined): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read() ?? NaN);
      },
    });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private observePool(pool: { poolStats(): PoolStats }): void {
    const stats = (pick: (s: PoolStats) => number) => () => {
      try {
        return pick(pool.poolStats());
      } catch {
        return undefined; // the DataSource is not initialized (yet, or any more)
      }
    };
    this.gauge(
      'db_pool_connections_total',
      'Connections the pool holds open',
      stats((s) => s.total),
    );
    this.gauge(
      'db_pool_connections_idle',
      'Open connections idle in the pool',
      stats((s) => s.idle),
    );
    this.gauge(
      'db_pool_connections_in_use',
      'Open connections checked out of the pool',
      stats((s) => s.total - s.idle),
    );
    this.gauge(
      'db_pool_clients_waiting',
      'Callers waiting for a connection of the pool',
      stats((s) => s.waiting),
    );
  }
}
