/** Helpers of the benchmarks that run an app as its own process, call it over HTTP and time the calls. */
import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

/** Waits until `url` answers 200, failing when the app `name` exits or is not ready in time. */
export async function waitReady(
  url: string,
  child: ChildProcess,
  name: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} not ready after ${timeoutMs} ms`);
}

export async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await f();
  return [value, performance.now() - t];
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  return JSON.parse(await postText(url, body)) as T;
}

/** The body of a 200 answer to a JSON POST, as text. */
export async function postText(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

/** One kept-alive connection per host, as the `pg` baseline keeps its one connection. */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * The body of a 200 answer to a JSON POST, as the bytes received (not decoded), read with Node's
 * own HTTP client on a kept-alive connection. For large answers (an ACS page: ~1 MB) `fetch`'s
 * web-stream body costs the benchmark process itself about 3 ms more per page than this
 * (docs/performance.md), which is the client's cost, not the server's.
 */
export function postBytes(url: string, body: unknown): Promise<Buffer> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', 'content-length': data.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          if (res.statusCode !== 200)
            reject(new Error(`POST ${url}: ${res.statusCode} ${bytes.subarray(0, 300).toString()}`));
          else resolve(bytes);
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * A list page's items as bytes received, without decoding the page: how many items it holds (each
 * item's body starts with `marker`, which nothing inside an item starts with) and the last item,
 * parsed alone (the page cursor is read from it). The page is `{"<list>":[item,...]}`. A bench
 * compares this with the same statement read through `pg`, which does not parse its JSON either.
 */
export function pageItems<T>(body: Buffer, marker: string): { count: number; last?: T } {
  const m = Buffer.from(marker);
  let count = 0;
  let lastAt = -1;
  for (let at = body.indexOf(m); at >= 0; at = body.indexOf(m, at + m.length)) {
    count++;
    lastAt = at;
  }
  if (lastAt < 0) return { count };
  // The last item runs to the page's closing `]}`.
  return { count, last: JSON.parse(body.subarray(lastAt, body.length - 2).toString()) as T };
}

/** Deterministic pseudo-random picks (the same positions over HTTP and pg). */
export function picks<T>(items: readonly T[], n: number, seed = 1): T[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return items[s % items.length];
  });
}
