/** Throughput runners of the benchmarks: HTTP requests through autocannon, statements from several pg clients. */
import { createRequire } from 'node:module';
import { Client } from 'pg';
import { SESSION_OPTIONS } from '@canton-scan/domain';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; setupRequest: (req: { path: string }) => { path: string } }[];
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; it is loaded through a typed require.
const autocannon = createRequire(__filename)('autocannon') as Autocannon;

/**
 * GETs at `connections` connections for `duration` seconds, after a 3-second warm-up; `pathOf` gives the path of
 * the n-th request (counting on from the warm-up).
 */
export async function autocannonGets(
  origin: string,
  connections: number,
  duration: number,
  pathOf: (n: number) => string,
): Promise<AutocannonResult> {
  let next = 0;
  const cannon = (seconds: number) =>
    autocannon({
      url: origin,
      connections,
      duration: seconds,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf(next++) }) }],
    });
  await cannon(3); // warm-up
  return cannon(duration);
}

/**
 * Queries per second from `connections` pg clients, each running `query` back to back for `duration` seconds;
 * client i runs the queries k = i, i + connections, i + 2 * connections, ...
 */
export async function pgQueriesPerSecond(
  url: string,
  connections: number,
  duration: number,
  query: (client: Client, k: number) => Promise<unknown>,
): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      // The app's session settings (JIT off), so that the baseline runs the statement as the app does.
      const c = new Client({ connectionString: url, options: SESSION_OPTIONS });
      await c.connect();
      return c;
    }),
  );
  let pgQueries = 0;
  const deadline = performance.now() + duration * 1000;
  await Promise.all(
    clients.map(async (c, i) => {
      for (let k = i; performance.now() < deadline; k += connections) {
        await query(c, k);
        pgQueries++;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  return pgQueries / duration;
}
