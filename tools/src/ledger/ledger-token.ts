import { SignJWT } from 'jose';
import { ConfigError, missingAuthKeyProblem, type AuthConfig } from '@canton-scan/domain';

/** Default lifetime of a minted development token: 30 days. */
export const DEFAULT_TOKEN_SECONDS = 30 * 24 * 3600;

/**
 * Mints a ledger JWT for `userId` signed with the configured HS256 secret (the development
 * secret only with AUTH_DEV_MODE=true): `sub` = the user, the configured scope (default
 * `daml_ledger_api`) and audience when set, `iat` and `exp` (at most the configured maximum
 * lifetime). With RS256/ES256 the identity provider issues tokens, so this refuses; without any
 * AUTH_* key it throws a ConfigError naming the variables.
 */
export async function mintLedgerToken(
  auth: AuthConfig,
  userId: string,
  expiresInSeconds = Math.min(DEFAULT_TOKEN_SECONDS, auth.maxTokenLifetimeSeconds),
): Promise<string> {
  const missing = missingAuthKeyProblem(auth);
  if (missing !== undefined) throw new ConfigError([missing]);
  if (expiresInSeconds > auth.maxTokenLifetimeSeconds)
    throw new Error(
      `a token valid ${expiresInSeconds} seconds would be refused: AUTH_MAX_TOKEN_LIFETIME_SECONDS is ${auth.maxTokenLifetimeSeconds}`,
    );
  if (!auth.hs256Secret) {
    throw new Error(
      'tokens are issued by your identity provider when AUTH_PUBLIC_KEY_FILE or AUTH_JWKS_URL is set; only HS256 tokens can be minted here',
    );
  }
  const claims: Record<string, unknown> = { scope: auth.scope };
  if (auth.audience) claims.aud = auth.audience;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(auth.hs256Secret));
}

/**
 * What `npm start` prints for the development admin: a ready-to-use bearer token (HS256), or
 * how to obtain one when tokens come from an identity provider.
 */
export async function describeDevelopmentToken(auth: AuthConfig, userId: string): Promise<string[]> {
  if (!auth.hs256Secret) {
    return [
      `ledger node user "${userId}" (admin, reads any party): use a token for it from your identity provider (sub: ${userId})`,
    ];
  }
  const seconds = Math.min(DEFAULT_TOKEN_SECONDS, auth.maxTokenLifetimeSeconds);
  const token = await mintLedgerToken(auth, userId, seconds);
  const validity = seconds === DEFAULT_TOKEN_SECONDS ? '30 days' : `${seconds} seconds`;
  return [
    `ledger node token for user "${userId}" (admin, reads any party; valid ${validity}${auth.usingDevelopmentSecret ? ', development secret (AUTH_DEV_MODE)' : ''}):`,
    `  Authorization: Bearer ${token}`,
  ];
}
