import { createLedgerClient, ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { DEVELOPMENT_ADMIN_USER, ensureDevelopmentAdmin } from '@canton-scan/domain';
import {
  badInputCases,
  expectResponseMatchesSpec,
  ledgerTestToken,
  sendRaw,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

describe('ledger-api edge', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  const base = () => running.origin + running.config.ledgerApi.prefix;

  beforeAll(async () => {
    running = await startTestApp(createLedgerApp, db.dataSource, { BODY_LIMIT: '4kb' });
  });
  afterAll(() => running.close());

  it('answers livez with an empty 200 through the generated client', async () => {
    await ensureDevelopmentAdmin(db.dataSource);
    const token = await ledgerTestToken(DEVELOPMENT_ADMIN_USER);
    const client = createLedgerClient({
      baseUrl: base(),
      auth: (scheme) => (scheme.type === 'http' ? token : undefined),
    });
    const live = await ledgerApi.getLivez({ client, parseAs: 'text' });
    expect(live.response.status).toBe(200);
    expect(live.data).toBe('');
    expect(live.response.headers.get('content-length')).toBe('0');
    expectResponseMatchesSpec(ledgerSpec, 'getLivez', { status: 200, body: live.data });
  });

  it('serves its spec at /docs/openapi.json', async () => {
    const doc = await fetch(`${running.origin}/docs/openapi.json`);
    expect(await doc.json()).toEqual(ledgerSpec);
  });

  describe('refuses bad input: 400 as text/plain naming the field', () => {
    const flats = (body: string, query = '') =>
      sendRaw(base(), {
        method: 'POST',
        path: `/v2/updates/flats${query}`,
        body,
        contentType: 'application/json',
      });
    const expectText = async (
      res: Promise<{ status: number; contentType: string | null; text: string }>,
      mentions: string,
    ) => {
      const r = await res;
      expect(r.status).toBe(400);
      expect(r.contentType).toMatch(/^text\/plain/);
      expect(r.text).toContain(mentions);
    };

    it('malformed JSON', () => expectText(flats('{"beginExclusive": '), 'not valid JSON'));
    it('missing required fields', () => expectText(flats('{}'), 'body.beginExclusive is required'));
    it('wrong types', () =>
      expectText(flats('{"beginExclusive": "zero"}'), 'body.beginExclusive must be of type integer'));
    it('negative offsets', () =>
      expectText(flats('{"beginExclusive": -1}'), 'body.beginExclusive must be >= 0'));
    it('zero or negative limits', async () => {
      await expectText(flats('{"beginExclusive": 0}', '?limit=0'), 'query.limit must be >= 1');
      await expectText(flats('{"beginExclusive": 0}', '?limit=-5'), 'query.limit must be >= 1');
    });
    it('unknown enum values', () =>
      expectText(
        flats(
          JSON.stringify({
            beginExclusive: 0,
            updateFormat: {
              includeTransactions: { eventFormat: {}, transactionShape: 'TRANSACTION_SHAPE_SIDEWAYS' },
            },
          }),
        ),
        'transactionShape must be one of',
      ));
    it('a non-positive transaction offset', () =>
      expectText(
        sendRaw(base(), {
          method: 'POST',
          path: '/v2/updates/transaction-by-offset',
          body: '{"offset": 0}',
          contentType: 'application/json',
        }),
        'body.offset must be >= 1',
      ));

    it('bodies over the configured limit are 413 with the ledger error body', async () => {
      const res = await flats(JSON.stringify({ beginExclusive: 0, pad: 'x'.repeat(5000) }));
      expect(res.status).toBe(413);
      const body = JSON.parse(res.text);
      expect(body).toMatchObject({
        cause: expect.stringContaining('exceeds the limit of 4096 bytes'),
        errorCategory: expect.any(Number),
        context: {},
      });
      expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
        status: 413,
        contentType: res.contentType,
        body,
      });
    });

    it('unknown routes are 404 with the ledger error body', async () => {
      const res = await sendRaw(base(), { method: 'GET', path: '/v2/nothing' });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'NOT_FOUND', errorCategory: 11, context: {} });
    });
  });

  // Found by the fuzz test: Node answered this itself, 431 with an empty body.
  it('answers a request line over the header limit with 431 and the ledger error body', async () => {
    const res = await sendRaw(base(), { method: 'GET', path: `/livez?x=${'a'.repeat(20_000)}` });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.text)).toMatchObject({
      code: expect.any(String),
      cause: expect.stringContaining('exceed the server limit'),
      errorCategory: expect.any(Number),
    });
  });

  it('answers bad input on every ledger endpoint in the group format', async () => {
    const cases = badInputCases(ledgerSpec, () => '1');
    expect(cases.length).toBeGreaterThan(Object.keys(ledgerSpec.paths).length);
    for (const c of cases) {
      const res = await sendRaw(base(), c);
      expect({ case: c.name, status: res.status }).toEqual({ case: c.name, status: c.expectedStatus });
      if (res.status === 400) expect(res.contentType).toMatch(/^text\/plain/);
      else
        expect(JSON.parse(res.text)).toMatchObject({
          code: expect.any(String),
          cause: expect.any(String),
          errorCategory: expect.any(Number),
        });
    }
  });
});
