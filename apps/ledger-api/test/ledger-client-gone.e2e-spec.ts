import { request as httpRequest, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { WebSocket, type WebSocketServer } from 'ws';
import type { ledgerApi } from '@canton-scan/contracts';
import { LedgerUpdatesRepository, LedgerUpdatesService } from '@canton-scan/domain';
import { UpdatesWebSocketGateway } from '../src/ledger/updates-websocket.gateway';
import { useLedgerTestApp } from './ledger-test-app';

/** Updates recorded on top of the six of the fixture: many pages whatever the page size. */
const EXTRA_UPDATES = 4000;

/** A party with no event at all: every page of the range is read and nothing is shown. */
const NOBODY = 'nobody::1220aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

const nobodysUpdates: ledgerApi.GetUpdatesRequest = {
  beginExclusive: 0,
  endInclusive: EXTRA_UPDATES + 6,
  updateFormat: {
    includeTransactions: {
      eventFormat: { filtersByParty: { [NOBODY]: {} } },
      transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
    },
    includeReassignments: { filtersByParty: { [NOBODY]: {} } },
  },
};

/**
 * Counts the page reads of the app's repository; the `pausedAt`-th read waits until `gone`
 * resolved (the server saw the client leave) before it runs, so the test knows exactly which
 * page was in flight when the client left.
 */
function instrumentPages(repo: LedgerUpdatesRepository, pausedAt: number) {
  let reached!: () => void;
  const reachedPage = new Promise<void>((resolve) => (reached = resolve));
  let leave!: Promise<unknown>;
  const original = repo.readPage.bind(repo);
  const spy = jest.spyOn(repo, 'readPage').mockImplementation(async (request) => {
    if (spy.mock.calls.length === pausedAt) {
      reached();
      await leave;
    }
    return original(request);
  });
  return {
    spy,
    reachedPage,
    /** The page read waits for this (set before the client connects). */
    resumeWhen(gone: Promise<unknown>) {
      leave = gone;
    },
  };
}

describe('the ledger stops reading when the client has gone', () => {
  const t = useLedgerTestApp();

  beforeEach(async () => {
    const more = Array.from({ length: EXTRA_UPDATES }, () => t.history.next());
    for (let i = 0; i < more.length; i += 2000) await t.append(more.slice(i, i + 2000));
  });
  afterEach(() => jest.restoreAllMocks());

  it('POST /v2/updates/flats: a filter that matches nothing is not scanned to the end after a disconnect', async () => {
    const app = t.app.app;
    const pages = instrumentPages(app.get(LedgerUpdatesRepository), 3);
    const service = app.get(LedgerUpdatesService);
    const flats = service.flats.bind(service);
    let finished!: () => void;
    const listEnded = new Promise<void>((resolve) => (finished = resolve));
    jest.spyOn(service, 'flats').mockImplementation(async function* (...args) {
      try {
        yield* flats(...args);
      } finally {
        finished();
      }
    });
    const server = app.getHttpServer() as Server;
    pages.resumeWhen(
      new Promise((resolve) =>
        server.once('request', (_req: IncomingMessage, res: ServerResponse) => res.once('close', resolve)),
      ),
    );

    // limit=1: pages of 20 updates, so the range needs about 200 page reads.
    const req = httpRequest(`${t.base()}/v2/updates/flats?limit=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.token('admin')}`, 'content-type': 'application/json' },
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify(nobodysUpdates));
    await pages.reachedPage;
    req.destroy();

    await listEnded;
    // The page in flight when the client left completes; no further page is read.
    expect(pages.spy).toHaveBeenCalledTimes(3);
    expect(Math.ceil((EXTRA_UPDATES + 6) / 20)).toBeGreaterThan(100);
  });

  it('WebSocket: a stream whose filter matches nothing stops reading when the client closes', async () => {
    const app = t.app.app;
    const pages = instrumentPages(app.get(LedgerUpdatesRepository), 2);
    const service = app.get(LedgerUpdatesService);
    const stream = service.streamUpdates.bind(service);
    let finished!: () => void;
    const streamEnded = new Promise<void>((resolve) => (finished = resolve));
    jest.spyOn(service, 'streamUpdates').mockImplementation(async function* (...args) {
      try {
        yield* stream(...args);
      } finally {
        finished();
      }
    });
    const wss = (app.get(UpdatesWebSocketGateway) as unknown as { server: WebSocketServer }).server;
    let serverSideClosed!: () => void;
    pages.resumeWhen(new Promise<void>((resolve) => (serverSideClosed = resolve)));

    const ws = new WebSocket(`${t.base().replace(/^http/, 'ws')}/v2/updates/flats`, [
      'daml.ws.auth',
      `jwt.token.${await t.token('admin')}`,
    ]);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify(nobodysUpdates));
    await pages.reachedPage;
    const [serverSide] = [...wss.clients];
    serverSide.once('close', () => serverSideClosed());
    ws.close();

    await streamEnded;
    // Pages of 50 updates: the range needs about 80 reads; the one in flight completes, then it stops.
    expect(pages.spy).toHaveBeenCalledTimes(2);
  });
});
