import { loadConfig } from '@canton-scan/domain';
import { JwtVerifier } from '@canton-scan/http';
import { describeDevelopmentToken, mintLedgerToken } from './ledger-token';

describe('mintLedgerToken', () => {
  it('mints a token the ledger node accepts for that user (development secret)', async () => {
    const auth = loadConfig({}).auth;
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

  it('refuses when tokens come from an identity provider, and says so for npm start', async () => {
    const auth = loadConfig({ AUTH_JWKS_URL: 'https://idp.example/jwks' }).auth;
    await expect(mintLedgerToken(auth, 'u')).rejects.toThrow('identity provider');
    expect((await describeDevelopmentToken(auth, 'participant_admin'))[0]).toContain('identity provider');
    expect((await describeDevelopmentToken(loadConfig({}).auth, 'participant_admin'))[1]).toMatch(
      /^ {2}Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });
});
