import { ConfigError, loadConfig } from '@canton-scan/domain';
import { JwtVerifier } from '@canton-scan/http';
import { describeDevelopmentToken, mintLedgerToken } from './ledger-token';

describe('mintLedgerToken', () => {
  it('mints a token the ledger node accepts for that user (development mode)', async () => {
    const auth = loadConfig({ AUTH_DEV_MODE: 'true' }).auth;
    const token = await mintLedgerToken(auth, 'participant_admin');
    await expect(new JwtVerifier(auth).verify(token)).resolves.toMatchObject({ userId: 'participant_admin' });
  });

  it('carries the configured audience, and expires as asked', async () => {
    const auth = loadConfig({
      AUTH_HS256_SECRET: 'x'.repeat(40),
      AUTH_AUDIENCE: 'https://ledger',
      AUTH_SCOPE: 'other',
    }).auth;
    const verified = await new JwtVerifier(auth).verify(await mintLedgerToken(auth, 'u', 60));
    expect(verified.claims).toMatchObject({ aud: 'https://ledger', sub: 'u' });
    expect((verified.claims.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
  });

  const devAuth = loadConfig({ AUTH_DEV_MODE: 'true' }).auth;

  it('refuses without any AUTH_* key, naming the variables: the development secret is never implicit', async () => {
    const auth = loadConfig({}).auth;
    await expect(mintLedgerToken(auth, 'participant_admin')).rejects.toThrow(ConfigError);
    await expect(mintLedgerToken(auth, 'participant_admin')).rejects.toThrow(
      /AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE, AUTH_JWKS_URL.*AUTH_DEV_MODE=true/,
    );
  });

  it('mints the 30-day development token within the default maximum lifetime, and nothing longer', async () => {
    const lines = await describeDevelopmentToken(devAuth, 'participant_admin');
    expect(lines[0]).toContain('valid 30 days, development secret (AUTH_DEV_MODE)');
    const verified = await new JwtVerifier(devAuth).verify(lines[1].replace(/^ *Authorization: Bearer /, ''));
    expect((verified.claims.exp ?? 0) - (verified.claims.iat ?? 0)).toBe(30 * 24 * 3600);
    await expect(mintLedgerToken(devAuth, 'u', 31 * 24 * 3600)).rejects.toThrow(
      'AUTH_MAX_TOKEN_LIFETIME_SECONDS is 2592000',
    );
  });

  it('refuses when tokens come from an identity provider, and says so for npm start', async () => {
    const auth = loadConfig({ AUTH_JWKS_URL: 'https://idp.example/jwks' }).auth;
    await expect(mintLedgerToken(auth, 'u')).rejects.toThrow('identity provider');
    expect((await describeDevelopmentToken(auth, 'participant_admin'))[0]).toContain('identity provider');
    expect((await describeDevelopmentToken(devAuth, 'participant_admin'))[1]).toMatch(
      /^ {2}Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });
});
