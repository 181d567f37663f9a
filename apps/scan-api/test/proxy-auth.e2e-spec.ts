import { createScanProxyClient, scanProxyApi, scanProxySpec } from '@canton-scan/contracts';
import { SignJWT } from 'jose';
import { DEVELOPMENT_HS256_SECRET, LedgerWriter } from '@canton-scan/domain';
import {
  callChecked,
  expectResponseMatchesSpec,
  sendRaw,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** A token signed with the development secret exactly as given: no claim or header added. */
const rawDevelopmentToken = (claims: Record<string, unknown>, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(DEVELOPMENT_HS256_SECRET));

/** Every operation of the proxy spec that requires a bearer token, as a concrete request. */
function securedRequests(
  allocationId: string,
): { operationId: string; method: string; path: string; body?: string }[] {
  const requests: { operationId: string; method: string; path: string; body?: string }[] = [];
  for (const [template, item] of Object.entries(scanProxySpec.paths)) {
    for (const [method, op] of Object.entries(
      item as Record<
        string,
        {
          operationId: string;
          security?: unknown[];
          requestBody?: unknown;
          parameters?: { name: string; in: string; required?: boolean }[];
        }
      >,
    )) {
      if (op.security && op.security.length === 0) continue;
      // Required query parameters get valid values, so that only the token decides the answer.
      const sample: Record<string, string> = {
        page_size: '10',
        sender: 'alice::1220' + 'ab'.repeat(32),
        nonce: '0',
      };
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(sample[p.name] ?? 'x')}`)
        .join('&');
      const path =
        template
          .replace('{allocationId}', allocationId)
          .replace('{transferInstructionId}', allocationId)
          .replace('{provider_party_id}', encodeURIComponent('app::1220' + 'ab'.repeat(32)))
          .replace('{party}', encodeURIComponent('alice::1220' + 'ab'.repeat(32)))
          .replace('{instrumentId}', 'Amulet')
          .replace('{name}', 'alice.unverified.cns') + (query ? `?${query}` : '');
      requests.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        body: op.requestBody
          ? JSON.stringify(
              path.includes('allocation-factory') || path.includes('transfer-factory')
                ? { choiceArguments: {} }
                : path.includes('holdings')
                  ? { migration_id: 0, record_time: '2026-01-05T03:00:00Z', owner_party_ids: ['a::1220ab'] }
                  : {},
            )
          : undefined,
      });
    }
  }
  return requests;
}

/** The proxy operations behind a bearer token (all but the health probes and the public validator-user). */
const SECURED_OPERATIONS = 30;

describe('validator proxy authentication', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource, 'alice-wallet');
  let running: RunningTestApp;
  const base = () => running.origin + running.config.scanApi.validatorPrefix;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource, { AUTH_REALM: 'validator-wallets' });
  });
  afterAll(() => running.close());

  const now = () => Math.floor(Date.now() / 1000);
  const badTokens: [string, () => Promise<string | undefined>, string][] = [
    ['no token', async () => undefined, 'no token was given'],
    ['a malformed token', async () => 'not-a-jwt', 'the token is malformed'],
    [
      'a token signed with another secret',
      () => signDevelopmentToken({}, 'a-different-secret-of-at-least-32-characters'),
      'the token signature is wrong',
    ],
    ['an expired token', () => signDevelopmentToken({ exp: now() - 120 }), 'the token has expired'],
    [
      'a token that is not valid yet',
      () => signDevelopmentToken({ nbf: now() + 600 }),
      'the token is not valid yet (nbf)',
    ],
    [
      'a token without the ledger scope',
      () => signDevelopmentToken({ scope: 'openid' }),
      'the token lacks the scope daml_ledger_api',
    ],
    [
      'a token without exp',
      () => rawDevelopmentToken({ sub: 'alice-wallet', scope: 'daml_ledger_api' }),
      'the token has no exp (expiry)',
    ],
    [
      'a token signed with an algorithm the key is not for (HS512)',
      () => rawDevelopmentToken({ sub: 'alice-wallet', scope: 'daml_ledger_api', exp: now() + 600 }, 'HS512'),
      'the token algorithm is not accepted',
    ],
    [
      'a token whose lifetime exceeds the maximum',
      () => signDevelopmentToken({ sub: 'alice-wallet', exp: now() + 400 * 24 * 3600 }),
      "the token's lifetime exceeds the maximum of 2592000 seconds (exp)",
    ],
    [
      'an unsigned (alg none) token',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'alice-wallet', scope: 'daml_ledger_api', exp: now() + 600 })}.`,
      'the token algorithm is not accepted',
    ],
  ];

  it.each(badTokens)(
    'answers 401 with a Bearer challenge on every proxy endpoint for %s',
    async (_name, token, reason) => {
      const bearer = await token();
      const requests = securedRequests('00' + 'ab'.repeat(20));
      expect(requests).toHaveLength(SECURED_OPERATIONS);
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
        expect(body).toEqual({ error: `The command is missing a (valid) JWT token: ${reason}` });
        expectResponseMatchesSpec(scanProxySpec, request.operationId, {
          status: res.status,
          contentType: res.headers.get('content-type'),
          body,
        });
      }
    },
  );

  /** Calls every secured proxy endpoint with `bearer`; each answer must be one its spec declares. */
  async function callEverySecured(
    bearer: string,
  ): Promise<{ op: string; status: number; challenge: string | null; body: unknown }[]> {
    const answers = [];
    for (const request of securedRequests('00' + 'ab'.repeat(20))) {
      const res = await fetch(base() + request.path, {
        method: request.method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(request.body ? { 'content-type': 'application/json' } : {}),
        },
        body: request.body,
      });
      const body: unknown = await res.json();
      expectResponseMatchesSpec(scanProxySpec, request.operationId, {
        status: res.status,
        contentType: res.headers.get('content-type'),
        body,
      });
      answers.push({
        op: request.operationId,
        status: res.status,
        challenge: res.headers.get('www-authenticate'),
        body,
      });
    }
    return answers;
  }

  it('answers 403 on every proxy endpoint for a valid token of a user the participant does not know', async () => {
    const answers = await callEverySecured(await signDevelopmentToken({ sub: 'nobody' }));
    expect(answers).toHaveLength(SECURED_OPERATIONS);
    for (const answer of answers)
      expect(answer).toEqual({
        op: answer.op,
        status: 403,
        challenge: null,
        body: { error: 'user "nobody" does not exist on this participant' },
      });
  });

  it('lets a known user through on every proxy endpoint, whatever its rights', async () => {
    const answers = await callEverySecured(await signDevelopmentToken({ sub: 'alice-wallet' }));
    for (const answer of answers) expect([answer.op, answer.status]).not.toEqual([answer.op, 401]);
    for (const answer of answers) expect([answer.op, answer.status]).not.toEqual([answer.op, 403]);
  });

  it('answers 401 through the generated client when it holds no valid token', async () => {
    const expired = await signDevelopmentToken({ exp: now() - 120 });
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
