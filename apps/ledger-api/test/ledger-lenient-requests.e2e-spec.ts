import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

interface Raw {
  status: number;
  contentType: string | undefined;
  text: string;
}

const anyPartyFormat: ledgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

function offsets(items: ledgerApi.GetUpdatesResponse[]): string[] {
  return items.map(({ update }) => {
    if ('Transaction' in update) return `tx ${update.Transaction.value.offset}`;
    if ('Reassignment' in update) return `reassignment ${update.Reassignment.value.offset}`;
    if ('OffsetCheckpoint' in update) return `checkpoint ${update.OffsetCheckpoint.value.offset}`;
    return 'topology';
  });
}

/**
 * What the published wallet SDK's ledger client sends, and Canton's JSON API accepts: POSTs
 * without `Content-Type`, `verbose: false` beside the new formats, `//v2/...` paths.
 */
describe('lenient like Canton', () => {
  const t = useLedgerTestApp();

  /** A request sent exactly as given: node's fetch would add a content type to a string body. */
  async function send(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Raw> {
    const url = new URL(t.base());
    const token = await t.token('admin');
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method,
          // The path as given, double slashes included (URL would keep them too, but say so).
          path: url.pathname.replace(/\/$/, '') + path,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  function expectSpec(operationId: string, res: Raw): void {
    expectResponseMatchesSpec(ledgerSpec, operationId, {
      status: res.status,
      contentType: res.contentType ?? null,
      body: res.contentType?.startsWith('application/json') ? JSON.parse(res.text) : res.text,
    });
  }

  describe('a POST without Content-Type', () => {
    const acsBody = JSON.stringify({ activeAtOffset: 6, eventFormat: { filtersForAnyParty: {} } });

    it('is read as JSON: the same answer as with application/json', async () => {
      const untyped = await send('POST', '/v2/state/active-contracts', acsBody);
      expect(untyped.status).toBe(200);
      expectSpec('getActiveContracts', untyped);
      const typed = await send('POST', '/v2/state/active-contracts', acsBody, {
        'content-type': 'application/json',
      });
      expect(JSON.parse(untyped.text)).toEqual(JSON.parse(typed.text));
      expect(JSON.parse(untyped.text)).toHaveLength(5);
    });

    it('whose body is not JSON is a 400 text/plain naming it', async () => {
      const res = await send('POST', '/v2/updates', 'beginExclusive=0');
      expect(res.status).toBe(400);
      expect(res.contentType).toMatch(/^text\/plain/);
      expect(res.text).toContain('not valid JSON');
      expectSpec('getUpdates', res);
    });

    it('still validates the JSON against the spec (400 naming the field)', async () => {
      const res = await send('POST', '/v2/updates', JSON.stringify({ beginExclusive: 'x' }));
      expect(res.status).toBe(400);
      expect(res.text).toContain('beginExclusive');
    });

    it('a body of another declared type is still the 415 in the ledger error body', async () => {
      const res = await send('POST', '/v2/state/active-contracts', acsBody, { 'content-type': 'text/plain' });
      expect(res.status).toBe(415);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'INVALID_ARGUMENT', errorCategory: 8 });
      expect(res.text).toContain('text/plain');
      expectSpec('getActiveContracts', res);
    });
  });

  describe('verbose: false beside updateFormat or eventFormat', () => {
    it.each([
      ['/v2/updates', 'getUpdates'],
      ['/v2/updates/flats', 'getUpdatesFlat'],
    ])('%s: verbose false is unset, verbose true the conflict it always was', async (path, operationId) => {
      const body = { beginExclusive: 0, endInclusive: 6, updateFormat: anyPartyFormat };
      const withFalse = await send('POST', path, JSON.stringify({ ...body, verbose: false }));
      expect(withFalse.status).toBe(200);
      expectSpec(operationId, withFalse);
      const without = await send('POST', path, JSON.stringify(body));
      expect(JSON.parse(withFalse.text)).toEqual(JSON.parse(without.text));
      expect(offsets(JSON.parse(withFalse.text) as ledgerApi.GetUpdatesResponse[])).toEqual([
        'tx 1',
        'tx 2',
        'reassignment 4',
        'reassignment 5',
        'tx 6',
      ]);
      const withTrue = await send('POST', path, JSON.stringify({ ...body, verbose: true }));
      expect(withTrue.status).toBe(400);
      expect(withTrue.contentType).toMatch(/^text\/plain/);
      expect(withTrue.text).toContain('not both');
    });

    it('/v2/state/active-contracts: the same', async () => {
      const body = { activeAtOffset: 6, eventFormat: { filtersForAnyParty: {} } };
      const withFalse = await send(
        'POST',
        '/v2/state/active-contracts',
        JSON.stringify({ ...body, verbose: false }),
      );
      expect(withFalse.status).toBe(200);
      expectSpec('getActiveContracts', withFalse);
      expect(JSON.parse(withFalse.text)).toHaveLength(5);
      const withTrue = await send(
        'POST',
        '/v2/state/active-contracts',
        JSON.stringify({ ...body, verbose: true }),
      );
      expect(withTrue.status).toBe(400);
      expect(withTrue.text).toContain('not both');
    });
  });

  describe('a //v2/... path', () => {
    it('is served as /v2/... over HTTP', async () => {
      const end = await send('GET', '//v2/state/ledger-end');
      expect(end.status).toBe(200);
      expectSpec('getLedgerEnd', end);
      expect(JSON.parse(end.text)).toEqual({ offset: 6 });
      const updates = await send(
        'POST',
        '//v2/updates?limit=2',
        JSON.stringify({ beginExclusive: 0, endInclusive: 6, updateFormat: anyPartyFormat }),
      );
      expect(updates.status).toBe(200);
      expect(offsets(JSON.parse(updates.text) as ledgerApi.GetUpdatesResponse[])).toEqual(['tx 1', 'tx 2']);
    });

    it('is an unknown route still a 404 when the collapsed path is unknown', async () => {
      const res = await send('GET', '//v2/no-such-thing');
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toMatchObject({ errorCategory: 11 });
    });

    it('is served as /v2/... for the WebSocket upgrade (ws://host//v2/updates)', async () => {
      const url = `${t.base().replace(/^http/, 'ws').replace(/\/$/, '')}//v2/updates`;
      const ws = new WebSocket(url, ['daml.ws.auth', `jwt.token.${await t.token('admin')}`]);
      const messages: ledgerApi.GetUpdatesResponse[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as ledgerApi.GetUpdatesResponse));
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.send(
        JSON.stringify({ beginExclusive: 0, endInclusive: 6, updateFormat: anyPartyFormat, verbose: false }),
      );
      expect(await closed).toBe(1000);
      expect(offsets(messages)).toEqual(['tx 1', 'tx 2', 'reassignment 4', 'reassignment 5', 'tx 6']);
    });
  });
});
