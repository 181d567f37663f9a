import { SignJWT } from 'jose';
import type { DataSource } from 'typeorm';
import { Db, DEVELOPMENT_HS256_SECRET, LedgerUsersRepository, LedgerUsersService } from '@canton-scan/domain';

/**
 * Makes `userId` a ledger user (no rights) before each test of the file, after the test
 * database's truncation: the validator proxy, like the ledger node, accepts only tokens of known
 * users. `dataSource` is a getter as the database opens in `beforeAll`.
 */
export function useKnownLedgerUser(dataSource: () => DataSource, userId = 'wallet-user'): void {
  beforeEach(async () => {
    const users = new LedgerUsersService(new LedgerUsersRepository(Db.of(dataSource())));
    if (!(await users.lookupUser(userId)))
      await users.addUser({ userId, isAdmin: false, canReadAsAnyParty: false, readAs: [] });
  });
}

export interface TestTokenOptions {
  secret?: string;
  /** Seconds from now; negative for an expired token. Default one hour. */
  expiresIn?: number;
  /** Seconds from now before which the token is not valid. */
  notBefore?: number;
  scope?: string | null;
  audience?: string;
}

/** An HS256 ledger JWT for `sub` (the development secret and the `daml_ledger_api` scope by default). */
export function ledgerTestToken(sub: string, options: TestTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { sub, exp: now + (options.expiresIn ?? 3600) };
  if (options.scope !== null) claims.scope = options.scope ?? 'daml_ledger_api';
  if (options.notBefore !== undefined) claims.nbf = now + options.notBefore;
  if (options.audience !== undefined) claims.aud = options.audience;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? DEVELOPMENT_HS256_SECRET));
}

/**
 * Tokens a ledger node must refuse with 401 under the development configuration, each with the
 * defect it has and the reason the answer gives (after "missing a (valid) JWT token: ").
 */
export async function badLedgerTokens(
  sub: string,
): Promise<{ kind: string; authorization: string | undefined; reason: string }[]> {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const raw = (claims: Record<string, unknown>, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(DEVELOPMENT_HS256_SECRET));
  const scope = 'daml_ledger_api';
  return [
    { kind: 'missing', authorization: undefined, reason: 'no token was given' },
    { kind: 'malformed', authorization: 'Bearer not-a-jwt', reason: 'the token is malformed' },
    {
      kind: 'not a bearer token',
      authorization: `Basic ${Buffer.from('user:password').toString('base64')}`,
      reason: 'no token was given',
    },
    {
      kind: 'expired',
      authorization: `Bearer ${await ledgerTestToken(sub, { expiresIn: -120 })}`,
      reason: 'the token has expired',
    },
    {
      kind: 'not yet valid',
      authorization: `Bearer ${await ledgerTestToken(sub, { notBefore: 600 })}`,
      reason: 'the token is not valid yet (nbf)',
    },
    {
      kind: 'wrongly signed',
      authorization: `Bearer ${await ledgerTestToken(sub, { secret: 'another-secret-that-is-long-enough-for-hs256' })}`,
      reason: 'the token signature is wrong',
    },
    {
      kind: 'alg none',
      authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, scope, exp: now + 600 })}.`,
      reason: 'the token algorithm is not accepted',
    },
    {
      kind: 'an algorithm the key is not for',
      authorization: `Bearer ${await raw({ sub, scope, exp: now + 600 }, 'HS512')}`,
      reason: 'the token algorithm is not accepted',
    },
    {
      kind: 'without exp',
      authorization: `Bearer ${await raw({ sub, scope })}`,
      reason: 'the token has no exp (expiry)',
    },
    {
      kind: 'living longer than the maximum',
      authorization: `Bearer ${await raw({ sub, scope, iat: now, exp: now + 400 * 24 * 3600 })}`,
      reason: "the token's lifetime exceeds the maximum of 2592000 seconds (exp)",
    },
    {
      kind: 'without the ledger scope',
      authorization: `Bearer ${await ledgerTestToken(sub, { scope: null })}`,
      reason: 'the token lacks the scope daml_ledger_api',
    },
  ];
}
