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

export interface EventsPeer {
  /** The peer's scan base URL. */
  url: string;
  /** How many `/v0/events` answers it has forged. */
  forged(): number;
  /** How many `/v0/events` requests it has answered (forged, passed on or refused). */
  eventRequests(): number;
  /** From now on, answers `/v0/events` with this status (a scan that stopped serving them), or passes them on again (undefined). */
  refuseEvents(status: number | undefined): void;
  close(): Promise<void>;
}

/**
 * A peer in front of a scan app that passes everything on except `/v0/events`: with `forge`, it
 * changes the mediator group of the verdict of update `forge` wherever it serves it (one verdict
 * forged, the rest of the page honest); with `refuse` (a status: 404, 501, 503) it answers every
 * `/v0/events` request so, as a scan that does not serve them (after `refuseAfter` answers, if given).
 */
export function eventsPeer(
  targetOrigin: string,
  options: { forge?: string; refuse?: number; refuseAfter?: number } = {},
): Promise<EventsPeer> {
  let forged = 0;
  let requests = 0;
  let refuse = options.refuse;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const isEvents = req.url?.split('?')[0].endsWith('/v0/events') === true;
        if (isEvents) requests++;
        if (isEvents && refuse !== undefined && requests > (options.refuseAfter ?? 0)) {
          res
            .writeHead(refuse, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: `events refused (HTTP ${refuse})` }));
          return;
        }
        const upstream = await fetch(targetOrigin + req.url, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        });
        let body = await upstream.text();
        if (isEvents && options.forge !== undefined && upstream.status === 200) {
          const parsed = JSON.parse(body) as {
            events: { verdict?: { update_id: string; mediator_group: number } }[];
          };
          for (const event of parsed.events)
            if (event.verdict?.update_id === options.forge) {
              event.verdict.mediator_group = 7;
              forged++;
            }
          body = JSON.stringify(parsed);
        }
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
      })().catch((error: unknown) => {
        // The scan behind closed a kept-alive connection: a 502 the mirror retries, never a crash.
        if (!res.headersSent)
          res
            .writeHead(502, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: String(error) }));
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
        forged: () => forged,
        eventRequests: () => requests,
        refuseEvents: (status) => {
          refuse = status;
          options.refuseAfter = 0;
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** What paging `/v0/events` reads of an event: where it is. */
interface ServedEventKeys {
  update?: { migration_id?: number; record_time: string; event?: { migration_id: number } } | null;
  verdict?: { migration_id: number; record_time: string } | null;
}

/** Every page of `POST /v0/events`, walked to the end, as served. */
export async function allEventPages(
  origin: string,
  encoding: string,
  pageSize: number,
): Promise<{ status: number; body: string }[]> {
  const pages: { status: number; body: string }[] = [];
  let after: unknown;
  for (;;) {
    const page = await postScan(origin, '/v0/events', {
      page_size: pageSize,
      daml_value_encoding: encoding,
      after,
    });
    pages.push(page);
    if (page.status !== 200) return pages;
    const events = (JSON.parse(page.body) as { events: ServedEventKeys[] }).events;
    if (events.length === 0) return pages;
    const last = events[events.length - 1];
    after = last.update
      ? {
          after_migration_id: last.update.migration_id ?? last.update.event?.migration_id,
          after_record_time: last.update.record_time,
        }
      : { after_migration_id: last.verdict!.migration_id, after_record_time: last.verdict!.record_time };
  }
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

// The blob-forging peer moved to @canton-scan/testing (the registry-api app's tests use it too).
/** The whole update list of a scan, page by page, as served. */
export async function wholeList(origin: string, encoding: string): Promise<string[]> {
  const pages: string[] = [];
  let after: unknown;
  for (;;) {
    const page = await postScan(origin, '/v2/updates', {
      page_size: 97,
      daml_value_encoding: encoding,
      after,
    });
    if (page.status !== 200) throw new Error(`POST /v2/updates: HTTP ${page.status} ${page.body}`);
    pages.push(page.body);
    const items = JSON.parse(page.body).transactions as {
      migration_id?: number;
      record_time: string;
      event?: { migration_id: number };
    }[];
    if (items.length === 0) return pages;
    const last = items[items.length - 1];
    after = {
      after_migration_id: last.migration_id ?? last.event?.migration_id,
      after_record_time: last.record_time,
    };
  }
}

/** What the mirror must answer like its source, for the updates `ids` and the verdicts alone `verdictIds`. */
export interface Sample {
  ids: string[];
  verdictIds: string[];
  rounds: number[];
}

/** The answers that need the verdicts: `/v0/events` (every page, by id) and reward accounting. */
export async function verdictAnswersOf(origin: string, sample: Sample): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    'events compact': await allEventPages(origin, 'compact_json', 41),
    'events lossless': await allEventPages(origin, 'protobuf_json', 173),
  };
  for (const id of [...sample.ids, ...sample.verdictIds])
    for (const q of ['', '?daml_value_encoding=protobuf_json'])
      out[`event ${id}${q}`] = await getScan(origin, `/v0/events/${id}${q}`);
  const rounds = '/v0/internal/reward-accounting-process/rounds';
  out.earliest = await getScan(origin, `${rounds}/earliest-available`);
  for (const round of sample.rounds)
    out[`activity totals ${round}`] = await getScan(origin, `${rounds}/${round}/activity-totals`);
  return out;
}

/** The update list (both encodings), migration info, import updates and updates by id of a scan. */
export async function answersOf(origin: string, ids: string[]): Promise<unknown> {
  const out: Record<string, unknown> = {
    list: await wholeList(origin, 'protobuf_json'),
    compact: await wholeList(origin, 'compact_json'),
  };
  for (const m of [0, 1, 2]) {
    out[`info ${m}`] = await postScan(origin, '/v0/backfilling/migration-info', { migration_id: m });
    out[`imports ${m}`] = await postScan(origin, '/v0/backfilling/import-updates', {
      migration_id: m,
      after_update_id: '',
      limit: 1000,
    });
  }
  for (const id of ids) {
    for (const q of ['', '?lossless=true']) {
      const res = await fetch(`${origin}/api/scan/v2/updates/${id}${q}`);
      out[`${id}${q}`] = { status: res.status, body: await res.text() };
    }
  }
  return out;
}

/** Per migration held: whether the store holds its verdicts and its party-to-participant topology. */
export const heldFacts = (ds: DataSource) =>
  ds.query(
    `SELECT migration_id::int, verdicts_held, hosting_held FROM history_migrations ORDER BY migration_id`,
  );

export { stackPeer, type BlobForgingPeer } from '@canton-scan/testing';
