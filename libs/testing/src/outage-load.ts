import type { DataSource } from 'typeorm';
import { createDataSource } from '@canton-scan/domain';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** One kind of request the load sends, e.g. a GET of an endpoint. */
export interface LoadCall {
  readonly name: string;
  run(): Promise<{ status: number; body: unknown }>;
}

/** An answer under load, with the phase of the outage its request was sent in. */
export interface LoadAnswer {
  readonly name: string;
  /** `before` the cut, `cutting` while it happens, `down`, `restoring`, `after` the database is back. */
  readonly phase: 'before' | 'cutting' | 'down' | 'restoring' | 'after';
  /** The phase its answer came in (a request in flight at the cut may fail or not). */
  readonly answeredIn: LoadAnswer['phase'];
  readonly status: number;
  readonly body: unknown;
  readonly ms: number;
}

const DEADLINE_MS = 30_000;

async function until(what: string, done: () => boolean, answers: LoadAnswer[]): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!done()) {
    if (Date.now() > deadline) {
      const tally = answers.map((a) => `${a.phase} ${a.name} ${a.status}`).slice(-40);
      throw new Error(
        `load through the outage: no ${what} within ${DEADLINE_MS} ms; last answers:\n${tally.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Keeps `concurrency` requests in flight (cycling through `calls`) while the database behind
 * `proxy` is killed (`refuse`: every connection dropped, new ones refused) and brought back,
 * without touching the app. Returns every answer with the phase it was sent in; it ends once,
 * after the restart, every call has answered 200 and `concurrency` more answers have come in.
 */
export async function loadThroughOutage(
  proxy: TcpProxy,
  calls: readonly LoadCall[],
  { concurrency = 20 }: { concurrency?: number } = {},
): Promise<LoadAnswer[]> {
  const perPhase = 2 * concurrency;
  const answers: LoadAnswer[] = [];
  let phase: LoadAnswer['phase'] = 'before';
  let stopped = false;
  let next = 0;
  const count = (p: LoadAnswer['phase']) => answers.filter((a) => a.phase === p).length;
  const worker = async () => {
    while (!stopped) {
      const call = calls[next++ % calls.length];
      const sentIn = phase;
      const started = Date.now();
      const { status, body } = await call
        .run()
        .catch((error: Error) => ({ status: -1, body: error.message }));
      answers.push({
        name: call.name,
        phase: sentIn,
        answeredIn: phase,
        status,
        body,
        ms: Date.now() - started,
      });
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  try {
    await until('answers before the cut', () => count('before') >= perPhase, answers);
    phase = 'cutting';
    await proxy.refuse();
    phase = 'down';
    await until('answers while the database is down', () => count('down') >= perPhase, answers);
    phase = 'restoring';
    await proxy.forward();
    phase = 'after';
    const recovered = () =>
      calls.every((c) => answers.some((a) => a.phase === 'after' && a.name === c.name && a.status === 200));
    await until('200 of every call after the restart', recovered, answers);
    const settled = answers.length;
    await until('answers after recovery', () => answers.length >= settled + concurrency, answers);
  } finally {
    stopped = true;
    await Promise.all(workers);
    await proxy.forward();
  }
  return answers;
}

/** Status counts per phase, e.g. `{ before: { 200: 40 }, down: { 503: 41 }, ... }`. */
export function statusesByPhase(answers: readonly LoadAnswer[]): Record<string, Record<number, number>> {
  const out: Record<string, Record<number, number>> = {};
  for (const a of answers) {
    const phase = (out[a.phase] ??= {});
    phase[a.status] = (phase[a.status] ?? 0) + 1;
  }
  return out;
}

/**
 * What an outage under load must look like: only 200 and 503 (never a 500 or a dropped
 * connection); 200 for every answer before the cut (those in flight at a transition may be either); 503 with the group's error body, answered within `fastMs`,
 * for every request sent and answered while the database is down; and 200 for the last `tail` answers, once
 * the database is back (the app was never restarted).
 */
export function expectOutageAnswers(
  answers: readonly LoadAnswer[],
  unavailableBody: unknown,
  { fastMs = 3000, tail = 20 } = {},
): void {
  const beforeCut = answers.filter((a) => a.answeredIn === 'before');
  const odd = answers.filter((a) => a.status !== 200 && a.status !== 503);
  expect(odd.map((a) => ({ name: a.name, phase: a.phase, status: a.status, body: a.body }))).toEqual([]);
  expect(beforeCut.length).toBeGreaterThan(0);
  expect(statusesByPhase(beforeCut)).toEqual({ before: { 200: beforeCut.length } });
  const whileDown = answers.filter((a) => a.phase === 'down' && a.answeredIn === 'down');
  expect(whileDown.length).toBeGreaterThan(0);
  expect(statusesByPhase(whileDown)).toEqual({ down: { 503: whileDown.length } });
  for (const a of answers.filter((x) => x.status === 503)) {
    expect({ name: a.name, body: a.body }).toEqual({ name: a.name, body: unavailableBody });
    expect({ name: a.name, fast: a.ms < fastMs }).toEqual({ name: a.name, fast: true });
  }
  expect(answers.slice(-tail).map((a) => [a.phase, a.status])).toEqual(Array(tail).fill(['after', 200]));
}

/** A JSON request as a load call against `origin` (status and parsed body; text when not JSON). */
export function jsonCall(
  name: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): LoadCall {
  return {
    name,
    async run() {
      const res = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
      return { status: res.status, body: parsed };
    },
  };
}

/**
 * A data source reaching the database at `url` through a TCP proxy the test can cut (pool of
 * `poolSize`, 1 s connect timeout), as an app's connection to a database that may go down.
 */
export async function proxiedDataSource(
  url: string,
  poolSize = 4,
): Promise<{ proxy: TcpProxy; dataSource: DataSource; close(): Promise<void> }> {
  const target = new URL(url);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const dataSource = createDataSource(viaProxy.toString(), {
    poolSize,
    connectTimeoutMs: 1000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  return {
    proxy,
    dataSource,
    async close() {
      await proxy.close();
      await dataSource.destroy().catch(() => undefined);
    },
  };
}
