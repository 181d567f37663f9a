import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LedgerAuthError, LedgerRequestError, LedgerSource, ListLimitError } from './ledger-source';
import { PeerError } from './peer';

const POLICY = { timeoutMs: 500, attempts: 3, backoffMs: 5, maxBackoffMs: 20 };

const cantonError = (code: string, cause: string, errorCategory: number) => ({
  code,
  cause,
  context: {},
  errorCategory,
});

/** A participant stand-in answering each call with the next of `replies` (status, body). */
async function serve(replies: [number, unknown][]): Promise<{
  server: Server;
  url: string;
  calls: { path: string; headers: IncomingHttpHeaders; body: string }[];
}> {
  const calls: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      const [status, body] = replies[Math.min(calls.length - 1, replies.length - 1)];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/json/`, calls };
}

describe('a ledger source', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('reads every party in the ledger-effects shape with the bearer token, retrying a 503', async () => {
    const item = { update: { OffsetCheckpoint: { value: { offset: 5, synchronizerTimes: [] } } } };
    const stub = await serve([
      [503, cantonError('SERVICE_NOT_RUNNING', 'starting', 1)],
      [200, [item]],
    ]);
    server = stub.server;
    const items = await new LedgerSource(stub.url, 'the-jwt', POLICY).updates(4, 100, 0);
    expect(items).toEqual([item]);
    expect(stub.calls).toHaveLength(2);
    const call = stub.calls[1];
    expect(call.path).toBe('/api/json/v2/updates/flats?limit=100&stream_idle_timeout_ms=0');
    expect(call.headers.authorization).toBe('Bearer the-jwt');
    const body = JSON.parse(call.body);
    expect(body.beginExclusive).toBe(4);
    expect(body.updateFormat.includeTransactions.transactionShape).toBe('TRANSACTION_SHAPE_LEDGER_EFFECTS');
    expect(body.updateFormat.includeTransactions.eventFormat.filtersForAnyParty).toBeDefined();
    expect(body.updateFormat.includeReassignments.filtersForAnyParty).toBeDefined();
  });

  it.each([
    [
      401,
      cantonError('UNAUTHENTICATED', 'expired token', 6),
      /rejected the token \(HTTP 401 UNAUTHENTICATED: expired token\)/,
    ],
    [
      403,
      cantonError('PERMISSION_DENIED', 'unknown user', 7),
      /refused the token's user \(HTTP 403 PERMISSION_DENIED/,
    ],
  ])('fails at once on %i, naming the token as the problem', async (status, body, message) => {
    const stub = await serve([[status, body]]);
    server = stub.server;
    const source = new LedgerSource(stub.url, 'bad', POLICY);
    await expect(source.updates(0, 10, 0)).rejects.toThrow(message);
    await expect(source.prunedUpTo()).rejects.toBeInstanceOf(LedgerAuthError);
    expect(stub.calls).toHaveLength(2);
  });

  it('tells 413, other refusals, a wrong URL and an unreachable participant apart', async () => {
    const stub = await serve([
      [413, cantonError('JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED', 'too many', 2)],
      [400, cantonError('PARTICIPANT_PRUNED_DATA_ACCESSED', 'pruned up to 9', 9)],
      [404, {}],
    ]);
    server = stub.server;
    const source = new LedgerSource(stub.url, 't', POLICY);
    await expect(source.updates(0, 500, 0)).rejects.toBeInstanceOf(ListLimitError);
    await expect(source.updates(0, 10, 0)).rejects.toThrow(
      new LedgerRequestError(
        stub.url.replace(/\/$/, ''),
        400,
        'PARTICIPANT_PRUNED_DATA_ACCESSED: pruned up to 9',
      ),
    );
    await expect(source.updates(0, 10, 0)).rejects.toThrow(/HTTP 404 .*JSON Ledger API/);
    await expect(new LedgerSource('http://127.0.0.1:9', 't', POLICY).prunedUpTo()).rejects.toBeInstanceOf(
      PeerError,
    );
  });

  it('reads the ledger end where the participant serves it, and stops asking where it does not', async () => {
    const stub = await serve([
      [200, { offset: 42 }],
      [404, cantonError('NOT_FOUND', 'no route', 11)],
    ]);
    server = stub.server;
    const source = new LedgerSource(stub.url, 't', POLICY);
    expect(await source.ledgerEnd()).toBe(42);
    expect(stub.calls[0].path).toBe('/api/json/v2/state/ledger-end');
    expect(await source.ledgerEnd()).toBeUndefined();
    expect(await source.ledgerEnd()).toBeUndefined();
    expect(stub.calls).toHaveLength(2);
  });
});
