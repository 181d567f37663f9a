import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { openSecondStore, startTestApp, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** Peer-call policy for tests: fail over quickly. */
export const FAST_POLICY = { timeoutMs: 10_000, attempts: 2, backoffMs: 10, maxBackoffMs: 50 };

export interface SourceStore {
  dataSource: DataSource;
  app: RunningTestApp;
  close(): Promise<void>;
}

/** A source scan's store (a second store beside the worker's, see `openSecondStore`) and its scan app. */
export async function openSourceStore(): Promise<SourceStore> {
  const store = await openSecondStore('css_mirror_source');
  const app = await startTestApp(createScanApp, store.dataSource);
  return {
    dataSource: store.dataSource,
    app,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

export async function postScan(
  origin: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${origin}/api/scan${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

export async function getScan(origin: string, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${origin}/api/scan${path}`);
  return { status: res.status, body: await res.text() };
}

export interface CorruptingPeer {
  /** The peer's scan base URL. */
  url: string;
  /** How many pages it has forged. */
  forged(): number;
  close(): Promise<void>;
}

/**
 * A peer in front of a scan app that forges some of its update-list pages: on every `every`-th
 * `POST /v2/updates` answer it changes the workflow id of the first transaction to `forged`.
 */
export function corruptingPeer(targetOrigin: string, every = 1): Promise<CorruptingPeer> {
  let lists = 0;
  let forged = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const upstream = await fetch(targetOrigin + req.url, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        });
        let body = await upstream.text();
        if (req.url?.endsWith('/v2/updates') && upstream.status === 200 && ++lists % every === 0) {
          const parsed = JSON.parse(body);
          const tx = parsed.transactions.find((t: Record<string, unknown>) => 'events_by_id' in t);
          if (tx) {
            tx.workflow_id = 'forged';
            forged++;
          }
          body = JSON.stringify(parsed);
        }
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
      })();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
        forged: () => forged,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** What a rewriting peer answers instead of its scan's answer (undefined: the scan's answer, unchanged). */
export type Rewrite = (
  path: string,
  status: number,
  body: string,
) => { status: number; body: string } | undefined;

export interface RewritingPeer {
  url: string;
  /** How many answers it rewrote. */
  rewritten(): number;
  close(): Promise<void>;
}

/** A peer in front of a scan app whose GET and POST answers `rewrite` may replace (a forger, or a scan without some endpoints). */
export function rewritingPeer(targetOrigin: string, rewrite: Rewrite): Promise<RewritingPeer> {
  let rewritten = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const upstream = await fetch(targetOrigin + req.url, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        });
        const answer = { status: upstream.status, body: await upstream.text() };
        const changed = rewrite(req.url ?? '', answer.status, answer.body);
        if (changed) rewritten++;
        const { status, body } = changed ?? answer;
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      })();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
        rewritten: () => rewritten,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
