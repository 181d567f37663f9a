import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import {
  BackfillingRepository,
  BackfillingService,
  Db,
  DomainError,
  DomainErrorCode,
  UpdateHistoryRepository,
  UpdateHistoryService,
} from '@canton-scan/domain';
import { openSecondStore, type SecondStore } from '@canton-scan/testing';

/** A store of its own for the peer scan (a second store beside the worker's). */
export function openPeerStore(): Promise<SecondStore> {
  return openSecondStore('css_scan_mirror_peer');
}

export interface PeerScan {
  /** Base URL of its scan group. */
  url: string;
  /** Holds the update-list pages back (migration-info still answers) until `release`. */
  hold(): void;
  release(): void;
  /**
   * From now until `thaw`, the update list ends where the store ends now, while migration-info
   * tells of what is appended meanwhile: the peers are seen to move ahead, but not followed.
   */
  freeze(): Promise<void>;
  thaw(): void;
  close(): Promise<void>;
}

// The mirror's requests are well formed: the body is handed to the services as it comes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const body = (req: IncomingMessage): Promise<Body> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString() || '{}')));
    req.on('error', reject);
  });

/**
 * A peer scan for the mirror to follow: the three scan-group endpoints a mirror reads
 * (`/v0/backfilling/migration-info`, `/v0/backfilling/import-updates`, `POST /v2/updates`),
 * answered by the domain services scan-api serves them with, over `dataSource`.
 */
export async function startPeerScan(dataSource: DataSource): Promise<PeerScan> {
  const db = Db.of(dataSource);
  const history = new UpdateHistoryRepository(db);
  const backfilling = new BackfillingService(history, new BackfillingRepository(db));
  const updates = new UpdateHistoryService(history);
  const routes: Record<string, (b: Body) => Promise<unknown>> = {
    '/api/scan/v0/backfilling/migration-info': (b) => backfilling.migrationInfo(b.migration_id),
    '/api/scan/v0/backfilling/import-updates': async (b) =>
      (await backfilling.importUpdates(b.migration_id, b.after_update_id, b.limit)).value(),
    '/api/scan/v2/updates': async (b) => {
      const page = (await updates.listUpdates(b)).value();
      if (!frozen) return page;
      const end = page.transactions.findIndex((item) => !frozen?.has(item.update_id));
      return end < 0 ? page : { ...page, transactions: page.transactions.slice(0, end) };
    },
  };
  let frozen: Set<string> | undefined;
  let held = false;
  let waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const route = req.method === 'POST' ? routes[req.url ?? ''] : undefined;
      const send = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (!route) return send(404, { error: `no route ${req.method} ${req.url}` });
      if (held && req.url?.endsWith('/v2/updates')) await new Promise<void>((r) => waiting.push(r));
      try {
        send(200, await route(await body(req)));
      } catch (error) {
        const missing = error instanceof DomainError && error.code === DomainErrorCode.NotFound;
        send(missing ? 404 : 500, { error: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    held = false;
    for (const r of waiting) r();
    waiting = [];
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
    hold: () => (held = true),
    release,
    freeze: async () => {
      const rows: { update_id: string }[] = await dataSource.query(`SELECT update_id FROM updates`);
      frozen = new Set(rows.map((r) => r.update_id));
    },
    thaw: () => (frozen = undefined),
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
