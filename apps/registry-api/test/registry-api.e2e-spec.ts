import { createRegistryClient, registryApi, registrySpec } from '@canton-scan/contracts';
import {
  badInputCases,
  expectResponseMatchesSpec,
  sendRaw,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';
import appPackage from '../package.json';

describe('registry-api edge', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  const base = () => running.origin + running.config.registryApi.prefix;

  beforeAll(async () => {
    running = await startTestApp(createRegistryApp, db.dataSource, { BODY_LIMIT: '4kb' });
  });
  afterAll(() => running.close());

  it('answers livez (with the app version) and readyz through the generated client', async () => {
    const client = createRegistryClient({ baseUrl: base() });
    const live = await registryApi.getLivez({ client });
    expect(live.data).toEqual({ status: 'ok', version: appPackage.version });
    expectResponseMatchesSpec(registrySpec, 'getLivez', {
      status: 200,
      contentType: live.response.headers.get('content-type'),
      body: live.data,
    });
    const ready = await registryApi.getReadyz({ client });
    expect(ready.data).toEqual({ status: 'ok' });
  });

  it('serves its spec at /docs/openapi.json', async () => {
    const doc = await fetch(`${running.origin}/docs/openapi.json`);
    expect(await doc.json()).toEqual(registrySpec);
  });

  describe('refuses bad input in the registry error format', () => {
    const factory = '/registry/allocation-instruction/v2/allocation-factory';
    const post = (path: string, body: string) =>
      sendRaw(base(), { method: 'POST', path, body, contentType: 'application/json' });
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

    it('malformed JSON', () => expectError(post(factory, '{"choiceArguments": '), 400, 'not valid JSON'));
    it('missing required fields', () =>
      expectError(post(factory, '{}'), 400, 'body.choiceArguments is required'));
    it('wrong types', () =>
      expectError(
        post(factory, '{"choiceArguments": {}, "excludeDebugFields": "yes"}'),
        400,
        'body.excludeDebugFields must be of type boolean',
      ));
    it('wrong nested types', () =>
      expectError(
        post('/registry/allocations/v2/00abcd/choice-contexts/withdraw', '{"meta": {"a": 1}}'),
        400,
        'body.meta',
      ));
    it('malformed path ids', () =>
      expectError(
        post('/registry/allocations/v1/not-a-cid/choice-contexts/execute-transfer', '{}'),
        400,
        'path.allocationId',
      ));
    it('bodies over the configured limit', () =>
      expectError(
        post(factory, JSON.stringify({ choiceArguments: { pad: 'x'.repeat(5000) } })),
        413,
        'exceeds the limit of 4096 bytes',
      ));
    it('unknown routes', () =>
      expectError(sendRaw(base(), { method: 'POST', path: '/registry/nothing' }), 404, 'no route'));
  });

  it('answers bad input on every registry endpoint in the group format', async () => {
    const cases = badInputCases(registrySpec, () => '00' + 'ab'.repeat(20));
    expect(cases.length).toBeGreaterThan(Object.keys(registrySpec.paths).length);
    for (const c of cases) {
      const res = await sendRaw(base(), c);
      expect({ case: c.name, status: res.status }).toEqual({ case: c.name, status: c.expectedStatus });
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    }
  });
});
