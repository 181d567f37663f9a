import { ledgerSpec } from '@canton-scan/contracts';
import { LedgerPruningRepository, LedgerPruningService, Db } from '@canton-scan/domain';
import {
  badLedgerTokens,
  expectResponseMatchesSpec,
  ledgerTestToken,
  sendRaw,
  startTestApp,
  useTestDatabase,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';
import { useLedgerTestApp } from './ledger-test-app';

const parse = (res: { contentType: string | null; text: string }) =>
  res.contentType?.startsWith('application/json') ? JSON.parse(res.text) : res.text;

/** One request per ledger endpoint, with a body that is valid for it. */
const ENDPOINTS = [
  { operationId: 'getLivez', method: 'GET', path: '/livez' },
  { operationId: 'getReadyz', method: 'GET', path: '/readyz' },
  { operationId: 'getParticipantId', method: 'GET', path: '/v2/parties/participant-id' },
  { operationId: 'getLatestPrunedOffsets', method: 'GET', path: '/v2/state/latest-pruned-offsets' },
  { operationId: 'getLedgerApiVersion', method: 'GET', path: '/v2/version' },
  { operationId: 'getAuthenticatedUser', method: 'GET', path: '/v2/authenticated-user' },
  { operationId: 'listUsers', method: 'GET', path: '/v2/users' },
  { operationId: 'getUser', method: 'GET', path: '/v2/users/alice-user' },
  { operationId: 'listUserRights', method: 'GET', path: '/v2/users/alice-user/rights' },
  {
    operationId: 'getConnectedSynchronizers',
    method: 'GET',
    path: '/v2/state/connected-synchronizers',
  },
  {
    operationId: 'getTransactionByOffset',
    method: 'POST',
    path: '/v2/updates/transaction-by-offset',
    body: JSON.stringify({
      offset: 1,
      transactionFormat: {
        eventFormat: { filtersForAnyParty: {} },
        transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
      },
    }),
  },
  {
    operationId: 'getUpdatesFlat',
    method: 'POST',
    path: '/v2/updates/flats',
    body: JSON.stringify({
      beginExclusive: 0,
      endInclusive: 1,
      updateFormat: { includeReassignments: { filtersForAnyParty: {} } },
    }),
  },
];

const PARTICIPANT_ID = 'PAR::test-participant::1220' + 'c'.repeat(64);

describe('ledger node authentication', () => {
  const t = useLedgerTestApp({ LEDGER_PARTICIPANT_ID: PARTICIPANT_ID });
  /** Calls an endpoint; every answer must be one its spec declares. */
  const call = async (endpoint: (typeof ENDPOINTS)[number], headers: Record<string, string>) => {
    const res = await sendRaw(
      t.base(),
      {
        method: endpoint.method,
        path: endpoint.path,
        body: endpoint.body,
        contentType: endpoint.body ? 'application/json' : undefined,
      },
      headers,
    );
    expectResponseMatchesSpec(ledgerSpec, endpoint.operationId, {
      status: res.status,
      contentType: res.contentType,
      body: parse(res),
    });
    return res;
  };

  it('answers every endpoint, /livez included, with a valid token of a known user', async () => {
    const authorization = `Bearer ${await t.token('admin')}`;
    for (const endpoint of ENDPOINTS) {
      const res = await call(endpoint, { authorization });
      expect({ path: endpoint.path, status: res.status }).toEqual({ path: endpoint.path, status: 200 });
      expectResponseMatchesSpec(ledgerSpec, endpoint.operationId, {
        status: res.status,
        contentType: res.contentType,
        body: parse(res),
      });
    }
  });

  it('401 UNAUTHENTICATED with WWW-Authenticate for a missing, malformed, expired, not yet valid, wrongly signed, alg-none, wrong-algorithm, exp-less, too long-lived or scope-less token', async () => {
    const bad = await badLedgerTokens('participant_admin');
    expect(bad.map((b) => b.kind)).toEqual(
      expect.arrayContaining([
        'missing',
        'malformed',
        'expired',
        'not yet valid',
        'wrongly signed',
        'alg none',
        'an algorithm the key is not for',
        'without exp',
        'living longer than the maximum',
      ]),
    );
    for (const endpoint of ENDPOINTS) {
      for (const { kind, authorization, reason } of bad) {
        const res = await call(endpoint, authorization ? { authorization } : {});
        expect({ path: endpoint.path, kind, status: res.status }).toEqual({
          path: endpoint.path,
          kind,
          status: 401,
        });
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="canton-scan-stack"');
        const body = parse(res);
        expect({ kind, body }).toMatchObject({
          kind,
          body: {
            code: 'UNAUTHENTICATED',
            errorCategory: 6,
            cause: `The command is missing a (valid) JWT token: ${reason}`,
          },
        });
        expectResponseMatchesSpec(ledgerSpec, endpoint.operationId, {
          status: res.status,
          contentType: res.contentType,
          body,
        });
      }
    }
  });

  it('403 PERMISSION_DENIED for a valid token whose user does not exist', async () => {
    const authorization = `Bearer ${await ledgerTestToken('nobody')}`;
    for (const endpoint of ENDPOINTS) {
      const res = await call(endpoint, { authorization });
      expect({ path: endpoint.path, status: res.status }).toEqual({ path: endpoint.path, status: 403 });
      expect(parse(res)).toMatchObject({
        code: 'PERMISSION_DENIED',
        errorCategory: 7,
        cause: expect.stringContaining('"nobody" does not exist'),
      });
      expectResponseMatchesSpec(ledgerSpec, endpoint.operationId, {
        status: res.status,
        contentType: res.contentType,
        body: parse(res),
      });
    }
  });

  it('an administrator without read rights reaches the node endpoints but reads no party', async () => {
    const authorization = `Bearer ${await t.token('adminOnly')}`;
    for (const endpoint of ENDPOINTS) {
      const res = await call(endpoint, { authorization });
      const reads = endpoint.path.startsWith('/v2/updates');
      expect({ path: endpoint.path, status: res.status }).toEqual({
        path: endpoint.path,
        status: reads ? 403 : 200,
      });
      if (reads)
        expect(parse(res)).toMatchObject({
          code: 'PERMISSION_DENIED',
          errorCategory: 7,
          cause: 'user "admin-only" may not read as any party (filtersForAnyParty)',
        });
    }
  });

  it('accepts the token in Sec-WebSocket-Protocol as jwt.token.<JWT>', async () => {
    const res = await call(ENDPOINTS[2], {
      'sec-websocket-protocol': `daml.ws.auth, jwt.token.${await t.token('alice')}`,
    });
    expect(res.status).toBe(200);
  });

  it('GET /v2/parties/participant-id returns the configured participant id', async () => {
    const res = await call(ENDPOINTS[2], { authorization: `Bearer ${await t.token('carol')}` });
    expect(JSON.parse(res.text)).toEqual({ participantId: PARTICIPANT_ID });
  });

  describe('GET /v2/state/latest-pruned-offsets', () => {
    const offsets = async () =>
      JSON.parse((await call(ENDPOINTS[3], { authorization: `Bearer ${await t.token('bob')}` })).text);
    const pruning = () => new LedgerPruningService(new LedgerPruningRepository(Db.of(t.db.dataSource)));

    it('is zero for both offsets before any pruning', async () => {
      expect(await offsets()).toEqual({
        participantPrunedUpToInclusive: 0,
        allDivulgedContractsPrunedUpToInclusive: 0,
      });
    });

    it('reports the pruning offsets; the divulged one moves only when asked, and never past the participant one', async () => {
      await pruning().prune(4, false);
      expect(await offsets()).toEqual({
        participantPrunedUpToInclusive: 4,
        allDivulgedContractsPrunedUpToInclusive: 0,
      });
      await pruning().prune(5, true);
      expect(await offsets()).toEqual({
        participantPrunedUpToInclusive: 5,
        allDivulgedContractsPrunedUpToInclusive: 5,
      });
      await pruning().prune(2, true);
      expect(await offsets()).toEqual({
        participantPrunedUpToInclusive: 5,
        allDivulgedContractsPrunedUpToInclusive: 5,
      });
    });

    it('refuses to prune beyond the ledger end, writing nothing', async () => {
      await expect(pruning().prune(7, true)).rejects.toThrow('beyond the ledger end (6)');
      expect(await offsets()).toEqual({
        participantPrunedUpToInclusive: 0,
        allDivulgedContractsPrunedUpToInclusive: 0,
      });
    });
  });
});

describe('ledger node authentication with a configured audience', () => {
  const t = useLedgerTestApp({
    AUTH_AUDIENCE: 'https://daml.com/jwt/aud/participant/test',
    AUTH_SCOPE: 'custom_scope',
  });
  const participantId = async (token: string) => {
    const res = await sendRaw(
      t.base(),
      { method: 'GET', path: '/v2/parties/participant-id' },
      { authorization: `Bearer ${token}` },
    );
    expectResponseMatchesSpec(ledgerSpec, 'getParticipantId', {
      status: res.status,
      contentType: res.contentType,
      body: parse(res),
    });
    return res.status;
  };

  it('accepts a token holding the audience or the configured scope, and nothing else', async () => {
    expect(
      await participantId(
        await ledgerTestToken('participant_admin', {
          scope: null,
          audience: 'https://daml.com/jwt/aud/participant/test',
        }),
      ),
    ).toBe(200);
    expect(await participantId(await ledgerTestToken('participant_admin', { scope: 'custom_scope' }))).toBe(
      200,
    );
    expect(
      await participantId(await ledgerTestToken('participant_admin', { scope: 'daml_ledger_api' })),
    ).toBe(401);
    expect(
      await participantId(
        await ledgerTestToken('participant_admin', { scope: null, audience: 'https://elsewhere' }),
      ),
    ).toBe(401);
  });
});

describe('ledger node authentication with a configured secret', () => {
  const SECRET = 'a-production-secret-of-at-least-32-characters';
  const t = useLedgerTestApp({ AUTH_HS256_SECRET: SECRET });
  const participantId = async (token: string) =>
    sendRaw(
      t.base(),
      { method: 'GET', path: '/v2/parties/participant-id' },
      { authorization: `Bearer ${token}` },
    );

  it('refuses a participant_admin token forged with the development secret published in the source', async () => {
    const forged = await participantId(await ledgerTestToken('participant_admin'));
    expect(forged.status).toBe(401);
    expect(parse(forged)).toMatchObject({
      code: 'UNAUTHENTICATED',
      errorCategory: 6,
      cause: 'The command is missing a (valid) JWT token: the token signature is wrong',
    });
    const genuine = await participantId(await ledgerTestToken('participant_admin', { secret: SECRET }));
    expect(genuine.status).toBe(200);
  });
});

describe('ledger node start-up without an AUTH_* key', () => {
  const db = useTestDatabase();

  it('refuses to start, naming the variables, unless development mode is explicit', async () => {
    await expect(startTestApp(createLedgerApp, db.dataSource, { AUTH_DEV_MODE: 'false' })).rejects.toThrow(
      /set one of AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE, AUTH_JWKS_URL, or AUTH_DEV_MODE=true/,
    );
  });
});
