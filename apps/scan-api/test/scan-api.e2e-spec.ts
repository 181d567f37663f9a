import {
  createScanClient,
  createScanProxyClient,
  scanApi,
  scanProxyApi,
  scanProxySpec,
  scanSpec,
} from '@canton-scan/contracts';
import {
  badInputCases,
  expectResponseMatchesSpec,
  sendRaw,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';
import appPackage from '../package.json';

const PARTY = 'alice::1220' + 'a'.repeat(64);

describe('scan-api edge', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  const scanBase = () => running.origin + running.config.scanApi.prefix;
  const proxyBase = () => running.origin + running.config.scanApi.validatorPrefix;

  beforeAll(async () => {
    // The explorer UI (served at / when built) is off: these tests are about the API's edge.
    running = await startTestApp(createScanApp, db.dataSource, {
      BODY_LIMIT: '8kb',
      SCAN_UI_ENABLED: 'false',
    });
  });
  afterAll(() => running.close());

  it('answers livez (with the app version) and readyz through the generated clients', async () => {
    const scan = createScanClient({ baseUrl: scanBase() });
    const live = await scanApi.isLive({ client: scan });
    expect(live.response.status).toBe(200);
    expect(live.data).toEqual({ status: 'ok', version: appPackage.version });
    expectResponseMatchesSpec(scanSpec, 'isLive', {
      status: 200,
      contentType: live.response.headers.get('content-type'),
      body: live.data,
    });
    const ready = await scanApi.isReady({ client: scan });
    expect(ready.data).toEqual({ status: 'ok' });

    const proxy = createScanProxyClient({ baseUrl: proxyBase() });
    const proxyLive = await scanProxyApi.getLivez({ client: proxy });
    expect(proxyLive.data).toEqual({ status: 'ok', version: appPackage.version });
  });

  it('reports not ready when the schema is not migrated', async () => {
    await db.dataSource.query(`UPDATE schema_migrations SET name = name || '-renamed'`);
    try {
      const res = await sendRaw(scanBase(), { method: 'GET', path: '/readyz' });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({ error: expect.stringContaining('not migrated') });
      expectResponseMatchesSpec(scanSpec, 'isReady', {
        status: 503,
        contentType: res.contentType,
        body: JSON.parse(res.text),
      });
    } finally {
      await db.dataSource.query(`UPDATE schema_migrations SET name = replace(name, '-renamed', '')`);
    }
  });

  it('serves the spec documents and Swagger UI', async () => {
    const doc = await fetch(`${running.origin}/docs/openapi.json`);
    expect(await doc.json()).toEqual(scanSpec);
    const proxyDoc = await fetch(`${running.origin}/docs/scan-proxy/openapi.json`);
    expect(await proxyDoc.json()).toEqual(scanProxySpec);
    const ui = await fetch(`${running.origin}/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it('tags every response with a request id, echoing the caller’s', async () => {
    const res = await fetch(`${scanBase()}/livez`, { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    const other = await fetch(`${scanBase()}/livez`);
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('refuses bad input in the scan error format', () => {
    const post = (path: string, body: unknown) =>
      sendRaw(scanBase(), {
        method: 'POST',
        path,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        contentType: 'application/json',
      });
    const expectError = async (
      res: Promise<{ status: number; contentType: string | null; text: string }>,
      status: number,
      mentions: string,
    ) => {
      const r = await res;
      expect(r.status).toBe(status);
      expect(r.contentType).toMatch(/^application\/json/);
      const body = JSON.parse(r.text);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toContain(mentions);
    };
    const acs = { migration_id: 0, record_time: '2026-01-05T00:00:00Z', page_size: 10 };

    it('malformed JSON', () =>
      expectError(post('/v0/state/acs', '{"migration_id": 0,'), 400, 'not valid JSON'));
    it('wrong types', () =>
      expectError(
        post('/v0/state/acs', { ...acs, migration_id: 'zero' }),
        400,
        'body.migration_id must be of type integer',
      ));
    it('missing required fields', () =>
      expectError(
        post('/v0/state/acs', { migration_id: 0, page_size: 1 }),
        400,
        'body.record_time is required',
      ));
    it('zero sizes', () =>
      expectError(post('/v0/state/acs', { ...acs, page_size: 0 }), 400, 'body.page_size must be >= 1'));
    it('negative numbers', () =>
      expectError(
        post('/v0/backfilling/import-updates', { migration_id: -1, after_update_id: '', limit: 5 }),
        400,
        'body.migration_id must be >= 0',
      ));
    it('unknown enum values', () =>
      expectError(
        post('/v0/state/acs', { ...acs, record_time_match: 'later' }),
        400,
        'body.record_time_match must be one of "exact", "at_or_before"',
      ));
    it('malformed date-times', () =>
      expectError(
        post('/v0/state/acs', { ...acs, record_time: 'yesterday' }),
        400,
        'body.record_time must be a valid date-time',
      ));
    it('too few owners', () =>
      expectError(
        post('/v1/holdings/summary', { migration_id: 0, record_time: acs.record_time, owner_party_ids: [] }),
        400,
        'body.owner_party_ids must NOT have fewer than 1 items',
      ));
    it('wrong query types', () =>
      expectError(
        sendRaw(scanBase(), { method: 'GET', path: '/v2/updates/1220ab?lossless=maybe' }),
        400,
        'query.lossless must be of type boolean',
      ));
    it('bodies over the configured limit', () =>
      expectError(
        post('/v1/holdings/summary', {
          migration_id: 0,
          record_time: acs.record_time,
          owner_party_ids: Array(400).fill(PARTY),
        }),
        413,
        'exceeds the limit of 8192 bytes',
      ));
    it('bodies that are not JSON', () =>
      expectError(
        sendRaw(scanBase(), {
          method: 'POST',
          path: '/v0/state/acs',
          body: 'a=b',
          contentType: 'application/x-www-form-urlencoded',
        }),
        415,
        'application/json',
      ));
    it('unknown routes', () =>
      expectError(sendRaw(scanBase(), { method: 'GET', path: '/v0/no-such-thing' }), 404, 'no route'));
    it('routes outside every group', () =>
      expectError(sendRaw(running.origin, { method: 'GET', path: '/nowhere' }), 404, 'Cannot GET /nowhere'));
    it('unknown proxy routes', () =>
      expectError(sendRaw(proxyBase(), { method: 'GET', path: '/v0/scan-proxy/nothing' }), 404, 'no route'));
  });

  it('answers bad input on every scan and proxy endpoint in the group format', async () => {
    const fill = (name: string) =>
      name === 'round_number'
        ? '1'
        : name === 'allocationId'
          ? '00' + 'ab'.repeat(10)
          : name === 'party' || name === 'provider_party_id'
            ? 'alice::1220' + 'ab'.repeat(32)
            : '1220' + 'ab'.repeat(32);
    for (const [base, spec] of [
      [scanBase(), scanSpec],
      [proxyBase(), scanProxySpec],
    ] as const) {
      const cases = badInputCases(spec, fill);
      expect(cases.length).toBeGreaterThan(Object.keys(spec.paths).length);
      for (const c of cases) {
        const res = await sendRaw(base, c);
        expect({ case: c.name, status: res.status }).toEqual({ case: c.name, status: c.expectedStatus });
        expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
      }
    }
  });
});
