import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { LedgerUpdatesRepository } from '@canton-scan/domain';
import { expectResponseMatchesSpec, ledgerTestToken } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

type Item = ledgerApi.GetUpdatesResponse;

const anyPartyFormat: ledgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

/** Every ledger WebSocket message is one GetUpdatesResponse (or a JsCantonError before closing). */
function expectSpecItem(message: unknown): void {
  expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
    status: 200,
    contentType: 'application/json',
    body: [message],
  });
}

function offsetOf(item: Item): string {
  const u = item.update;
  if ('Transaction' in u) return `tx ${u.Transaction.value.offset}`;
  if ('Reassignment' in u) return `reassignment ${u.Reassignment.value.offset}`;
  if ('OffsetCheckpoint' in u) return `checkpoint ${u.OffsetCheckpoint.value.offset}`;
  return 'topology';
}

interface Session {
  ws: WebSocket;
  protocol: string;
  messages: unknown[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves once `count` messages arrived. */
  received(count: number): Promise<unknown[]>;
}

/** The update stream of `POST /v2/updates` and of its deprecated form, the flats: the same over a WebSocket. */
describe.each(['/v2/updates', '/v2/updates/flats'])('WebSocket %s', (path) => {
  const t = useLedgerTestApp();
  const url = () => `${t.base().replace(/^http/, 'ws')}${path}`;

  async function open(request: ledgerApi.GetUpdatesRequest | string): Promise<Session> {
    const ws = new WebSocket(url(), ['daml.ws.auth', `jwt.token.${await t.token('admin')}`]);
    const messages: unknown[] = [];
    const waiting: { count: number; resolve: (m: unknown[]) => void }[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()));
      for (const w of waiting.filter((w) => messages.length >= w.count)) w.resolve(messages);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(typeof request === 'string' ? request : JSON.stringify(request));
    return {
      ws,
      protocol: ws.protocol,
      messages,
      closed,
      received: (count) =>
        messages.length >= count
          ? Promise.resolve(messages)
          : new Promise((resolve) => waiting.push({ count, resolve })),
    };
  }

  it('streams a bounded range, one message per update, accepting daml.ws.auth, then closes normally', async () => {
    const session = await open({ beginExclusive: 0, endInclusive: 6, updateFormat: anyPartyFormat });
    expect(session.protocol).toBe('daml.ws.auth');
    expect(await session.closed).toBe(1000);
    session.messages.forEach(expectSpecItem);
    expect((session.messages as Item[]).map(offsetOf)).toEqual([
      'tx 1',
      'tx 2',
      'reassignment 4',
      'reassignment 5',
      'tx 6',
    ]);
  });

  it('streams in descending order', async () => {
    const session = await open({
      beginExclusive: 2,
      endInclusive: 6,
      descendingOrder: true,
      updateFormat: anyPartyFormat,
    });
    expect(await session.closed).toBe(1000);
    expect((session.messages as Item[]).map(offsetOf)).toEqual(['tx 6', 'reassignment 5', 'reassignment 4']);
  });

  it('pushes updates recorded after the stream caught up, as they are ingested', async () => {
    const session = await open({ beginExclusive: 4, updateFormat: anyPartyFormat });
    await session.received(2);
    const next = t.history.next();
    await t.append([next]);
    const messages = (await session.received(3)) as Item[];
    expect(messages.map(offsetOf)).toEqual(['reassignment 5', 'tx 6', 'tx 7']);
    expect(
      (messages[2].update as { Transaction: { value: ledgerApi.Transaction } }).Transaction.value.updateId,
    ).toBe(next.update_id);
    messages.forEach(expectSpecItem);
    session.ws.close();
    expect(await session.closed).toBe(1005);
  });

  it('sends an OffsetCheckpoint when it caught up past updates the reader was not shown', async () => {
    const { bob } = t.history.parties;
    const session = await open({
      beginExclusive: 0,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersByParty: { [bob]: {} } },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    });
    const messages = (await session.received(3)) as Item[];
    expect(messages.map(offsetOf)).toEqual(['tx 1', 'tx 2', 'checkpoint 6']);
    messages.forEach(expectSpecItem);
    session.ws.close();
  });

  it('answers a request error with one ledger error message, then closes (1008)', async () => {
    const session = await open({ beginExclusive: 0, descendingOrder: true, updateFormat: anyPartyFormat });
    expect(await session.closed).toBe(1008);
    expect(session.messages).toEqual([
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        errorCategory: 8,
        cause: expect.stringContaining('descendingOrder'),
      }),
    ]);
    expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
      status: 400,
      contentType: 'application/json',
      body: session.messages[0],
    });

    const invalid = await open('{"beginExclusive": "zero"}');
    expect(await invalid.closed).toBe(1008);
    expect(invalid.messages).toEqual([
      expect.objectContaining({ code: 'INVALID_ARGUMENT', cause: 'request.beginExclusive must be integer' }),
    ]);
  });

  it('refuses the upgrade without a valid token (401) or for an unknown user (403), with the ledger error body', async () => {
    const attempt = (protocols: string[]) =>
      new Promise<{ status: number; challenge?: string; body: unknown }>((resolve, reject) => {
        const ws = new WebSocket(url(), protocols);
        ws.once('unexpected-response', (_req, res: IncomingMessage) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              challenge: res.headers['www-authenticate'],
              body: JSON.parse(text),
            }),
          );
        });
        ws.once('open', () => reject(new Error('the upgrade was accepted')));
        ws.once('error', () => undefined);
      });
    const missing = await attempt(['daml.ws.auth']);
    expect(missing).toMatchObject({
      status: 401,
      challenge: 'Bearer realm="canton-scan-stack"',
      body: { code: 'UNAUTHENTICATED', errorCategory: 6 },
    });
    const expired = await attempt([
      'daml.ws.auth',
      `jwt.token.${await ledgerTestToken('participant_admin', { expiresIn: -120 })}`,
    ]);
    expect(expired.status).toBe(401);
    const unknown = await attempt(['daml.ws.auth', `jwt.token.${await ledgerTestToken('nobody')}`]);
    expect(unknown).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
      status: 401,
      contentType: 'application/json',
      body: missing.body,
    });
  });

  it('stops reading the ledger while a consumer does not read (backpressure), then delivers every update in order', async () => {
    // About 20 MB of messages: more than the kernel's socket buffers plus the server's 1 MiB.
    const more = Array.from({ length: 8000 }, () => t.history.next());
    for (let i = 0; i < more.length; i += 2000) await t.append(more.slice(i, i + 2000));
    const pages = jest.spyOn(LedgerUpdatesRepository.prototype, 'readPage');
    try {
      const session = await open({
        beginExclusive: 0,
        endInclusive: 8006,
        updateFormat: {
          includeTransactions: {
            eventFormat: {
              filtersForAnyParty: {
                cumulative: [
                  { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
                ],
              },
            },
            transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          },
        },
      });
      const socket = (session.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      socket.pause();
      // Wait until the server stops reading pages: it must do so well before the end of the range.
      let reads = -1;
      while (reads !== pages.mock.calls.length) {
        reads = pages.mock.calls.length;
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      // At most a page's limit of updates per read.
      const updatesRead = pages.mock.calls.reduce((n, [request]) => n + request.limit, 0);
      expect(updatesRead).toBeLessThan(8006);
      socket.resume();
      expect(await session.closed).toBe(1000);
      const offsets = (session.messages as Item[]).map(offsetOf);
      expect(offsets).toHaveLength(8004);
      expect(offsets.slice(-2)).toEqual(['tx 8005', 'tx 8006']);
    } finally {
      pages.mockRestore();
    }
  });
});
