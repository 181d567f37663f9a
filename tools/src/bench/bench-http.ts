/** Helpers of the benchmarks that run an app as its own process, call it over HTTP and time the calls. */
import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
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

/** Deterministic pseudo-random picks (the same positions over HTTP and pg). */
export function picks<T>(items: readonly T[], n: number, seed = 1): T[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return items[s % items.length];
  });
}
