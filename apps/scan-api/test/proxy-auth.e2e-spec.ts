import { createScanProxyClient, scanProxyApi, scanProxySpec } from '@canton-scan/contracts';
import { LedgerWriter } from '@canton-scan/domain';
import {
  callChecked,
  expectResponseMatchesSpec,
  sendRaw,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Every operation of the proxy spec that requires a bearer token, as a concrete request. */
function securedRequests(
  allocationId: string,
): { operationId: string; method: string; path: string; body?: string }[] {
  const requests: { operationId: string; method: string; path: string; body?: string }[] = [];
  for (const [template, item] of Object.entries(scanProxySpec.paths)) {
    for (const [method, op] of Object.entries(
      item as Record<string, { operationId: string; security?: unknown[]; requestBody?: unknown }>,
    )) {
      if (op.security && op.security.length === 0) continue;
      const path = template.replace('{allocationId}', allocationId);
      requests.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        body: op.requestBody
          ? JSON.stringify(path.includes('allocation-factory') ? { choiceArguments: {} } : {})
          : undefined,
      });
    }
  }
  return requests;
}

describe('validator proxy authentication', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  const base = () => running.origin + running.config.scanApi.validatorPrefix;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource, { AUTH_REALM: 'validator-wallets' });
  });
  afterAll(() => running.close());

  const now = () => Math.floor(Date.now() / 1000);
  const badTokens: [string, () => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    ['a malformed token', async () => 'not-a-jwt'],
    [
      'a token signed with another secret',
      () => signDevelopmentToken({}, 'a-different-secret-of-at-least-32-characters'),
    ],
    ['an expired token', () => signDevelopmentToken({ exp: now() - 60 })],
    ['a token that is not valid yet', () => signDevelopmentToken({ nbf: now() + 600 })],
    ['a token without the ledger scope', () => signDevelopmentToken({ scope: 'openid' })],
    [
      'an unsigned (alg none) token',
      async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', scope: 'daml_ledger_api' })}.`,
    ],
  ];

  it.each(badTokens)(
    'answers 401 with a Bearer challenge on every proxy endpoint for %s',
    async (_name, token) => {
      const bearer = await token();
      const requests = securedRequests('00' + 'ab'.repeat(20));
      expect(requests).toHaveLength(10);
      for (const request of requests) {
        const res = await fetch(base() + request.path, {
          method: request.method,
          headers: {
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            ...(request.body ? { 'content-type': 'application/json' } : {}),
          },
          body: request.body,
        });
        const body = await res.json();
        expect({ op: request.operationId, status: res.status }).toEqual({
          op: request.operationId,
          status: 401,
        });
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="validator-wallets"');
        expect(body).toEqual({ error: expect.stringContaining('JWT') });
        expectResponseMatchesSpec(scanProxySpec, request.operationId, {
          status: res.status,
          contentType: res.headers.get('content-type'),
          body,
        });
      }
    },
  );

  it('answers 401 through the generated client when it holds no valid token', async () => {
    const expired = await signDevelopmentToken({ exp: now() - 1 });
    const client = createScanProxyClient({ baseUrl: base(), auth: () => expired });
    const res = await callChecked(scanProxySpec, 'getProxyDsoInfo', scanProxyApi.getProxyDsoInfo({ client }));
    expect(res.status).toBe(401);
    expect(res.body.error).toContain('the token has expired');
  });

  it('lets a valid token through', async () => {
    const f = new TokenNetworkFixture();
    await new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append([f.genesis()]);
    const token = await signDevelopmentToken({ sub: 'alice-wallet' });
    const client = createScanProxyClient({ baseUrl: base(), auth: () => token });
    const res = await callChecked(
      scanProxySpec,
      'getProxyAmuletRules',
      scanProxyApi.getProxyAmuletRules({ client }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });

  it('keeps the health probes public', async () => {
    const client = createScanProxyClient({ baseUrl: base() });
    const live = await callChecked(scanProxySpec, 'getLivez', scanProxyApi.getLivez({ client }));
    expect(live.status).toBe(200);
    const ready = await callChecked(scanProxySpec, 'getReadyz', scanProxyApi.getReadyz({ client }));
    expect(ready.status).toBe(200);
    expect((await sendRaw(base(), { method: 'GET', path: '/livez' })).status).toBe(200);
  });
});
