import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@canton-scan/domain';
import { JwtVerifier, bearerToken } from './jwt-verifier';

const SECRET = 'a-test-secret-that-is-at-least-32-chars';
const hs = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('JwtVerifier', () => {
  const verifier = new JwtVerifier(loadConfig({ AUTH_HS256_SECRET: SECRET }).auth);
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts an HS256 token with the ledger scope and returns its user', async () => {
    const token = await hs({ sub: 'alice', scope: 'daml_ledger_api', exp: now() + 60 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ userId: 'alice' });
  });

  it('accepts the configured audience instead of the scope', async () => {
    const withAudience = new JwtVerifier(
      loadConfig({ AUTH_HS256_SECRET: SECRET, AUTH_AUDIENCE: 'https://ledger' }).auth,
    );
    await expect(
      withAudience.verify(await hs({ sub: 'bob', aud: 'https://ledger', exp: now() + 60 })),
    ).resolves.toMatchObject({ userId: 'bob' });
    await expect(
      withAudience.verify(await hs({ sub: 'bob', aud: 'https://other', exp: now() + 60 })),
    ).rejects.toThrow(/neither the audience/);
  });

  it.each([
    ['missing', undefined, /no token/],
    ['malformed', 'not-a-jwt', /malformed/],
    ['garbage segments', 'a.b.c', /malformed|could not|Invalid/i],
  ])('rejects a %s token', async (_name, token, message) => {
    await expect(verifier.verify(token)).rejects.toThrow(message);
  });

  it('rejects expired, not-yet-valid, wrongly signed, scope-less and sub-less tokens', async () => {
    await expect(
      verifier.verify(await hs({ sub: 'a', scope: 'daml_ledger_api', exp: now() - 120 })),
    ).rejects.toThrow(/expired/);
    await expect(
      verifier.verify(await hs({ sub: 'a', scope: 'daml_ledger_api', nbf: now() + 600, exp: now() + 900 })),
    ).rejects.toThrow(/not valid yet/);
    await expect(
      verifier.verify(
        await hs(
          { sub: 'a', scope: 'daml_ledger_api', exp: now() + 60 },
          'another-secret-of-at-least-32-characters',
        ),
      ),
    ).rejects.toThrow(/signature/);
    await expect(verifier.verify(await hs({ sub: 'a', exp: now() + 60 }))).rejects.toThrow(
      /scope daml_ledger_api/,
    );
    await expect(verifier.verify(await hs({ scope: 'daml_ledger_api', exp: now() + 60 }))).rejects.toThrow(
      /no sub/,
    );
  });

  it('rejects alg none', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'a', scope: 'daml_ledger_api' })}.`;
    await expect(verifier.verify(unsigned)).rejects.toThrow(/not accepted|malformed/);
  });

  it('verifies RS256 tokens with a PEM public key and refuses HS256 ones then', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const dir = mkdtempSync(join(tmpdir(), 'jwt-'));
    const file = join(dir, 'key.pem');
    writeFileSync(file, await exportSPKI(publicKey));
    const rs = new JwtVerifier(loadConfig({ AUTH_PUBLIC_KEY_FILE: file }).auth);
    const token = await new SignJWT({ sub: 'carol', scope: 'daml_ledger_api', exp: now() + 60 })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(privateKey);
    await expect(rs.verify(token)).resolves.toMatchObject({ userId: 'carol' });
    await expect(
      rs.verify(await hs({ sub: 'x', scope: 'daml_ledger_api', exp: now() + 60 })),
    ).rejects.toThrow(/not accepted/);
  });

  it('reads bearer headers', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer  x')).toBe('x');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
