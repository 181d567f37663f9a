// bench:registry's mirror lines: the same registry-api over a mirror's store. The mirror's store
// holds the simulated history as a mirror writes it (created event blobs only as supplied, none
// derivable), and its registry-api is configured as on a mirror (MIRROR_SCAN_URLS: three peers,
// 127.0.0.1-3 in front of the simulated store's registry-api; REGISTRY_PEER_TIMEOUT_MS). Measured:
//   - the first request for a choice context, which fetches every blob it discloses from the
//     peers' registries (f + 1 alike) and stores them (its time, and /metrics'
//     registry_peer_blob_fetch_seconds), and
//   - the same context once its blobs are stored, against the simulated store's, one after the
//     other at the same connections and duration.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import {
  createDataSource,
  developmentAuthDefault,
  LedgerWriter,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { createScratchDatabase } from '@canton-scan/testing';
import { freePort, waitReady } from './bench-http';
import { fmt, seconds, type BenchFigure } from './bench-util';

export interface MirrorBenchRequest {
  /** What it asks, for the output. */
  name: string;
  /** Path below the registry-api's base (`/registry/...`). */
  path: string;
  body: string;
}

export interface MirrorBenchResult {
  firstRequestMs: number;
  secondRequestMs: number;
  peerTimeoutMs: number;
  /** `registry_peer_blob_fetch_seconds` of the mirror after the first request: count and sum. */
  fetches: { count: number; seconds: number };
  simulated: { rps: number; p50: number; p99: number; failures: number };
  mirror: { rps: number; p50: number; p99: number; failures: number };
}

type Measure = (
  url: string,
  body: string,
) => Promise<{ rps: number; p50: number; p99: number; failures: number }>;

/**
 * Runs the mirror lines against the simulated store's registry-api at `sourceBase`
 * (`http://127.0.0.1:{port}/api/scan`), whose store holds `history` (and nothing newer).
 */
export async function measureMirrorRegistry(options: {
  sourceBase: string;
  history: Iterable<HistoryUpdate>;
  request: MirrorBenchRequest;
  peerTimeoutMs: number;
  measure: Measure;
}): Promise<MirrorBenchResult> {
  const { sourceBase, request, peerTimeoutMs, measure } = options;
  const scratch = await createScratchDatabase(`css_bench_registry_mirror_${process.pid}`, 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const t = performance.now();
    const writer = new LedgerWriter(dataSource, {
      snapshotIntervalHours: 3,
      createdEventBlobs: 'supplied-only',
    });
    let batch: HistoryUpdate[] = [];
    for (const update of options.history) {
      batch.push(update);
      if (batch.length === 2000) {
        await writer.append(batch);
        batch = [];
      }
    }
    await writer.append(batch);
    console.log(`mirror's store: the same history without blobs, written in ${seconds(t).toFixed(1)} s`);

    const { port: sourcePort, pathname } = new URL(sourceBase);
    const peers = [1, 2, 3].map((n) => `http://127.0.0.${n}:${sourcePort}${pathname}`);
    const port = await freePort();
    child = spawn(process.execPath, [join(__dirname, '../../../apps/registry-api/src/main.js')], {
      env: {
        ...process.env,
        ...developmentAuthDefault(process.env),
        DATABASE_URL: scratch.url,
        REGISTRY_PORT: String(port),
        LOG_LEVEL: 'warn',
        DB_MIGRATE_ON_START: 'false',
        MIRROR_SCAN_URLS: peers.join(','),
        REGISTRY_PEER_TIMEOUT_MS: String(peerTimeoutMs),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api/scan`;
    await waitReady(`${base}/readyz`, child, 'registry-api (mirror)');

    const post = async (url: string) => {
      const started = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request.body,
      });
      return { status: res.status, text: await res.text(), ms: performance.now() - started };
    };
    const expected = await post(sourceBase + request.path);
    const first = await post(base + request.path);
    const second = await post(base + request.path);
    for (const [what, got] of [
      ['first', first],
      ['second', second],
    ] as const)
      if (got.status !== 200 || got.text !== expected.text)
        throw new Error(
          `the mirror's ${what} answer differs from the source's: ${got.status} ${got.text.slice(0, 300)}`,
        );
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const metric = (suffix: string) =>
      Number(
        new RegExp(
          `registry_peer_blob_fetch_seconds_${suffix}\\{[^}]*outcome="stored"[^}]*\\} ([0-9.e+-]+)`,
        ).exec(metrics)?.[1] ?? NaN,
      );

    const simulated = await measure(sourceBase + request.path, request.body);
    const mirror = await measure(base + request.path, request.body);
    const result: MirrorBenchResult = {
      firstRequestMs: first.ms,
      secondRequestMs: second.ms,
      peerTimeoutMs,
      fetches: { count: metric('count'), seconds: metric('sum') },
      simulated,
      mirror,
    };
    console.log(`measured ${request.name} on a mirror's store (first request ${fmt(first.ms)} ms)`);
    return result;
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await dataSource.destroy();
    await scratch.drop();
  }
}

/** The first `count` updates of a simulated history. */
export function* firstUpdates(history: Iterable<HistoryUpdate>, count: number): Generator<HistoryUpdate> {
  let n = 0;
  for (const update of history) {
    if (n++ === count) return;
    yield update;
  }
}

/** Prints the mirror lines and adds their figures; returns the failed requests. */
export function reportMirror(m: MirrorBenchResult, figures: BenchFigure[]): number {
  console.log(
    `  execute-transfer context on a mirror's store (static ledger; the simulated store's measured just before)`,
  );
  for (const [label, r] of [
    ['simulated store', m.simulated],
    ['mirror store, blobs stored', m.mirror],
  ] as const) {
    console.log(
      `    ${label}: ${fmt(r.rps)} req/s  latency p50 ${r.p50} ms, p99 ${r.p99} ms  ${r.failures} failed`,
    );
    figures.push(
      { label: `execute-transfer context, ${label}`, value: Math.round(r.rps), unit: 'req/s' },
      { label: `execute-transfer context, ${label}: latency p99`, value: r.p99, unit: 'ms' },
    );
  }
  const ok = m.firstRequestMs <= m.peerTimeoutMs + 1000;
  console.log(
    `    first request (every blob from the peers' registries): ${fmt(m.firstRequestMs)} ms ` +
      `(peer fetch ${fmt(m.fetches.seconds * 1000)} ms over ${m.fetches.count} fetch(es); bound REGISTRY_PEER_TIMEOUT_MS ${fmt(m.peerTimeoutMs)} ms) ${ok ? 'OK' : 'MISS'}; ` +
      `second request ${fmt(m.secondRequestMs)} ms`,
  );
  figures.push(
    {
      label: 'execute-transfer context, mirror store: first request (peer fetch)',
      value: Math.round(m.firstRequestMs),
      unit: 'ms',
      target: `<= ${fmt(m.peerTimeoutMs)} ms + 1 s`,
      ok,
    },
    {
      label: 'execute-transfer context, mirror store: second request',
      value: Math.round(m.secondRequestMs),
      unit: 'ms',
    },
  );
  return m.simulated.failures + m.mirror.failures;
}
