// Every kind of token the verifier accepts and every kind it refuses (issue 11, item 1), with
// the status and message the client gets (docs/ledger-api.md "Authentication").
import { createServer, type Server } from 'node:http';
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, SignJWT, type JWK } from 'jose';
import { DomainError, DomainErrorCode, loadConfig } from '@canton-scan/domain';
import { statusOf } from '../errors/error-table';
import { JwtVerifier } from './jwt-verifier';

const SECRET = 'a-test-secret-that-is-at-least-32-chars';
const FIXTURES = join(__dirname, 'test-keys');
const now = () => Math.floor(Date.now() / 1000);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const dir = mkdtempSync(join(tmpdir(), 'jwt-kinds-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Valid claims for the default scope: user alice, issued now, valid ten minutes. */
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: 'alice',
  scope: 'daml_ledger_api',
  iat: now(),
  exp: now() + 600,
  ...extra,
});

const sign = (
  payload: Record<string, unknown>,
  alg: string,
  key: KeyObject | Uint8Array,
  kid?: string,
): Promise<string> =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT', ...(kid ? { kid } : {}) }).sign(key);

const hs = (payload: Record<string, unknown>, secret = SECRET, alg = 'HS256') =>
  sign(payload, alg, new TextEncoder().encode(secret));

const verifierFor = (env: Record<string, string>, options = {}) =>
  new JwtVerifier(loadConfig(env, { requireAuth: true }).auth, options);

/** The refusal a client gets: a 401 UNAUTHENTICATED whose message names the defect. */
async function expectRefused(verifier: JwtVerifier, token: string | undefined, reason: string) {
  const error = await verifier.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message } = error as DomainError;
  expect({ code, status: statusOf(code), message }).toEqual({
    code: DomainErrorCode.Unauthenticated,
    status: 401,
    message: `The command is missing a (valid) JWT token: ${reason}`,
  });
}

const privateKey = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

describe('JwtVerifier: accepted kinds', () => {
  it('HS256 with AUTH_HS256_SECRET', async () => {
    await expect(
      verifierFor({ AUTH_HS256_SECRET: SECRET }).verify(await hs(claims())),
    ).resolves.toMatchObject({
      userId: 'alice',
    });
  });

  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const cases: [string, string, () => string, () => KeyObject][] = [
    [
      'RS256',
      'a PEM public key',
      () => file('rsa.pem', rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
      () => rsa.privateKey,
    ],
    [
      'ES256',
      'a PEM public key',
      () => file('ec.pem', ec.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
      () => ec.privateKey,
    ],
    [
      'RS256',
      'an X.509 certificate',
      () => join(FIXTURES, 'rsa-cert.pem'),
      () => createPrivateKey(privateKey('rsa-private.pem')),
    ],
    [
      'ES256',
      'an X.509 certificate',
      () => join(FIXTURES, 'ec-cert.pem'),
      () => createPrivateKey(privateKey('ec-private.pem')),
    ],
  ];

  it.each(cases)('%s with %s in AUTH_PUBLIC_KEY_FILE', async (alg, _form, keyFile, signingKey) => {
    const verifier = verifierFor({ AUTH_PUBLIC_KEY_FILE: keyFile() });
    await expect(verifier.verify(await sign(claims(), alg, signingKey()))).resolves.toMatchObject({
      userId: 'alice',
    });
    // The same claims signed by another key of the same kind are refused.
    const other =
      alg === 'RS256'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expectRefused(
      verifier,
      await sign(claims(), alg, other.privateKey),
      'the token signature is wrong',
    );
  });

  it('the configured audience instead of the scope', async () => {
    const verifier = verifierFor({ AUTH_HS256_SECRET: SECRET, AUTH_AUDIENCE: 'https://ledger' });
    await expect(
      verifier.verify(await hs(claims({ scope: undefined, aud: ['other', 'https://ledger'] }))),
    ).resolves.toMatchObject({ userId: 'alice' });
  });

  it('a token within the clock skew of its exp and nbf, and one living exactly the maximum', async () => {
    const verifier = verifierFor({ AUTH_HS256_SECRET: SECRET, AUTH_CLOCK_SKEW_SECONDS: '30' });
    await expect(verifier.verify(await hs(claims({ exp: now() - 10 })))).resolves.toBeDefined();
    await expect(
      verifier.verify(await hs(claims({ nbf: now() + 10, iat: now() + 10 }))),
    ).resolves.toBeDefined();
    await expect(
      verifier.verify(await hs(claims({ iat: now(), exp: now() + 30 * 24 * 3600 }))),
    ).resolves.toBeDefined();
  });
});

describe('JwtVerifier: rejected kinds (401 UNAUTHENTICATED)', () => {
  const verifier = verifierFor({ AUTH_HS256_SECRET: SECRET, AUTH_AUDIENCE: 'https://ledger' });

  it.each<[string, () => Promise<string | undefined>, string]>([
    ['no token', async () => undefined, 'no token was given'],
    ['a malformed token', async () => 'not-a-jwt', 'the token is malformed'],
    [
      'alg none',
      async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`,
      'the token algorithm is not accepted',
    ],
    [
      'a wrong signature',
      () => hs(claims(), 'another-secret-of-at-least-32-characters'),
      'the token signature is wrong',
    ],
    [
      'an algorithm the key is not for (HS512)',
      () => hs(claims(), SECRET, 'HS512'),
      'the token algorithm is not accepted',
    ],
    ['an expired token (beyond the skew)', () => hs(claims({ exp: now() - 120 })), 'the token has expired'],
    [
      'a token not yet valid (nbf beyond the skew)',
      () => hs(claims({ nbf: now() + 120 })),
      'the token is not valid yet (nbf)',
    ],
    ['a token without exp', () => hs(claims({ exp: undefined })), 'the token has no exp (expiry)'],
    [
      'a token issued in the future',
      () => hs(claims({ iat: now() + 120 })),
      'the token is issued in the future (iat)',
    ],
    [
      'a token issued longer ago than the maximum lifetime',
      () => hs(claims({ iat: now() - 31 * 24 * 3600 })),
      'the token was issued more than 2592000 seconds ago (iat)',
    ],
    [
      'a token living longer than the maximum',
      () => hs(claims({ exp: now() + 31 * 24 * 3600 })),
      "the token's lifetime exceeds the maximum of 2592000 seconds (exp)",
    ],
    [
      'a token without iat expiring beyond the maximum',
      () => hs(claims({ iat: undefined, exp: now() + 31 * 24 * 3600 })),
      "the token's lifetime exceeds the maximum of 2592000 seconds (exp)",
    ],
    [
      'a wrong audience and no scope',
      () => hs(claims({ scope: undefined, aud: 'https://elsewhere' })),
      'the token holds neither the audience https://ledger nor the scope daml_ledger_api',
    ],
    ['no sub', () => hs(claims({ sub: undefined })), 'the token has no sub (user id)'],
  ])('%s', async (_kind, token, reason) => {
    await expectRefused(verifier, await token(), reason);
  });

  it('a missing scope when no audience is configured', async () => {
    await expectRefused(
      verifierFor({ AUTH_HS256_SECRET: SECRET }),
      await hs(claims({ scope: 'openid profile' })),
      'the token lacks the scope daml_ledger_api',
    );
  });

  it('honours a configured clock skew and maximum lifetime', async () => {
    const strict = verifierFor({
      AUTH_HS256_SECRET: SECRET,
      AUTH_CLOCK_SKEW_SECONDS: '0',
      AUTH_MAX_TOKEN_LIFETIME_SECONDS: '3600',
    });
    await expectRefused(strict, await hs(claims({ exp: now() - 5 })), 'the token has expired');
    await expectRefused(
      strict,
      await hs(claims({ exp: now() + 7200 })),
      "the token's lifetime exceeds the maximum of 3600 seconds (exp)",
    );
    await expect(strict.verify(await hs(claims({ exp: now() + 3000 })))).resolves.toBeDefined();
  });

  describe('algorithms the configured public key is not for', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rsaPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const rsaVerifier = verifierFor({ AUTH_PUBLIC_KEY_FILE: file('rsa-only.pem', rsaPem) });
    const ecVerifier = verifierFor({
      AUTH_PUBLIC_KEY_FILE: file(
        'ec-only.pem',
        ec.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ),
    });

    it('HS256 signed with the public key as the secret (key confusion)', async () => {
      await expectRefused(rsaVerifier, await hs(claims(), rsaPem), 'the token algorithm is not accepted');
    });

    it('ES256 against an RSA key, RS256 against an EC key, PS256 against an RSA key', async () => {
      await expectRefused(
        rsaVerifier,
        await sign(claims(), 'ES256', ec.privateKey),
        'the token algorithm is not accepted',
      );
      await expectRefused(
        ecVerifier,
        await sign(claims(), 'RS256', rsa.privateKey),
        'the token algorithm is not accepted',
      );
      await expectRefused(
        rsaVerifier,
        await sign(claims(), 'PS256', rsa.privateKey),
        'the token algorithm is not accepted',
      );
    });
  });
});

describe('JwtVerifier: keys from a JWKS URL', () => {
  let server: Server;
  let keys: JWK[] = [];
  let fetches = 0;
  let url: string;
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = async (key: KeyObject, kid: string, alg: string): Promise<JWK> => ({
    ...(await exportJWK(key)),
    kid,
    alg,
    use: 'sig',
  });

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(async () => {
    keys = [await jwk(rsa.publicKey, 'key-1', 'RS256')];
    fetches = 0;
  });

  it('accepts RS256 and ES256 tokens by kid, and picks up a key added by rotation', async () => {
    const verifier = verifierFor({ AUTH_JWKS_URL: url }, { jwksCooldownMs: 0 });
    await expect(
      verifier.verify(await sign(claims(), 'RS256', rsa.privateKey, 'key-1')),
    ).resolves.toMatchObject({
      userId: 'alice',
    });
    const rotated = await sign(claims({ sub: 'bob' }), 'ES256', ec.privateKey, 'key-2');
    await expectRefused(verifier, rotated, 'no key of the JWKS matches the token (kid)');
    keys = [await jwk(ec.publicKey, 'key-2', 'ES256'), ...keys];
    await expect(verifier.verify(rotated)).resolves.toMatchObject({ userId: 'bob' });
    await expect(
      verifier.verify(await sign(claims(), 'RS256', rsa.privateKey, 'key-1')),
    ).resolves.toBeDefined();
  });

  it('refuses an unknown kid, a key of the JWKS used with another algorithm, HS256 and alg none', async () => {
    const verifier = verifierFor({ AUTH_JWKS_URL: url }, { jwksCooldownMs: 0 });
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expectRefused(
      verifier,
      await sign(claims(), 'RS256', stranger.privateKey, 'unknown-kid'),
      'no key of the JWKS matches the token (kid)',
    );
    await expectRefused(
      verifier,
      await sign(claims(), 'RS256', stranger.privateKey, 'key-1'),
      'the token signature is wrong',
    );
    await expectRefused(
      verifier,
      await sign(claims(), 'ES256', ec.privateKey, 'key-1'),
      'no key of the JWKS matches the token (kid)',
    );
    await expectRefused(verifier, await hs(claims()), 'the token algorithm is not accepted');
    await expectRefused(
      verifier,
      `${b64({ alg: 'none', kid: 'key-1' })}.${b64(claims())}.`,
      'the token algorithm is not accepted',
    );
  });

  it('does not refetch the JWKS for every unknown kid within the cooldown', async () => {
    const verifier = verifierFor({ AUTH_JWKS_URL: url });
    await verifier.verify(await sign(claims(), 'RS256', rsa.privateKey, 'key-1'));
    for (let i = 0; i < 5; i += 1)
      await expectRefused(
        verifier,
        await sign(claims(), 'RS256', rsa.privateKey, `unknown-${i}`),
        'no key of the JWKS matches the token (kid)',
      );
    expect(fetches).toBe(1);
  });

  it('answers 503 UNAVAILABLE, not 401, while the JWKS cannot be fetched', async () => {
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    const verifier = verifierFor({ AUTH_JWKS_URL: `http://127.0.0.1:${port}/jwks.json` });
    const error = await verifier
      .verify(await sign(claims(), 'RS256', rsa.privateKey, 'key-1'))
      .catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect({ code: error.code, status: statusOf(error.code) }).toEqual({
      code: DomainErrorCode.Unavailable,
      status: 503,
    });
    expect(error.message).toContain('AUTH_JWKS_URL');
  });
});

describe('JwtVerifier: configuration', () => {
  it('cannot be built without a key: the development secret is never a silent default', () => {
    expect(() => new JwtVerifier(loadConfig({}).auth)).toThrow(
      /no token verification key is configured: set one of AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE, AUTH_JWKS_URL, or AUTH_DEV_MODE=true/,
    );
  });

  it('refuses an unreadable or unsupported AUTH_PUBLIC_KEY_FILE when built (at app start)', () => {
    expect(() => verifierFor({ AUTH_PUBLIC_KEY_FILE: join(dir, 'missing.pem') })).toThrow(
      /AUTH_PUBLIC_KEY_FILE .*missing\.pem is not a readable PEM public key or X\.509 certificate/,
    );
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const path = file('p384.pem', p384.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    expect(() => verifierFor({ AUTH_PUBLIC_KEY_FILE: path })).toThrow(
      /holds a ec key on secp384r1; an RSA \(RS256\) or P-256 \(ES256\) key is required/,
    );
  });
});
