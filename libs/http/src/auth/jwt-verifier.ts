import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import {
  ConfigError,
  DomainError,
  DomainErrorCode,
  missingAuthKeyProblem,
  type AuthConfig,
} from '@canton-scan/domain';

export interface VerifiedToken {
  /** The token's `sub`: the ledger user id. */
  userId: string;
  claims: JWTPayload;
}

type KeySource =
  | { kind: 'secret'; key: Uint8Array; algorithms: string[] }
  | { kind: 'key'; key: KeyObject; algorithms: string[] }
  | { kind: 'jwks'; key: JWTVerifyGetKey; algorithms: string[] };

export interface JwtVerifierOptions {
  /**
   * How long after a JWKS fetch a token with an unknown `kid` does not trigger another fetch
   * (jose's default: 30 s). A key added to the JWKS (rotation) is picked up after it.
   */
  readonly jwksCooldownMs?: number;
}

const unauthenticated = (reason: string) =>
  new DomainError(DomainErrorCode.Unauthenticated, `The command is missing a (valid) JWT token: ${reason}`);

/**
 * Verifies ledger JWTs (docs/ledger-api.md "Authentication"): HS256 with a shared secret,
 * RS256/ES256 with a PEM certificate or public key, or a JWKS URL; never `alg: none`, never an
 * algorithm the key is not for. `exp` is required; `exp`, `nbf` and `iat` are checked with the
 * configured clock skew, and neither the token's lifetime nor the age of its `iat` may exceed the
 * configured maximum. The token must carry the configured audience or scope; `sub` names the
 * user. Built only with a key: without one (no AUTH_* key, no AUTH_DEV_MODE) it throws a
 * ConfigError, and so does an unreadable key file — the app refuses to start.
 */
export class JwtVerifier {
  private readonly source: KeySource;

  constructor(
    private readonly config: AuthConfig,
    options: JwtVerifierOptions = {},
  ) {
    this.source = keySource(config, options);
  }

  /** Verifies a bearer token; throws UNAUTHENTICATED naming what is wrong. */
  async verify(token: string | undefined): Promise<VerifiedToken> {
    if (!token) throw unauthenticated('no token was given');
    if (token.split('.').length !== 3) throw unauthenticated('the token is malformed');
    const { key, algorithms } = this.source;
    const options = { algorithms, requiredClaims: ['exp'], clockTolerance: this.config.clockSkewSeconds };
    let claims: JWTPayload;
    try {
      const result =
        typeof key === 'function'
          ? await jwtVerify(token, key, options)
          : await jwtVerify(token, key, options);
      claims = result.payload;
    } catch (error) {
      throw joseFailure(error, this.source.kind);
    }
    this.checkTimes(claims);
    if (typeof claims.sub !== 'string' || claims.sub === '')
      throw unauthenticated('the token has no sub (user id)');
    this.checkAudienceOrScope(claims);
    return { userId: claims.sub, claims };
  }

  /** `iat` not in the future, not older than the maximum lifetime; `exp` not beyond it. */
  private checkTimes(claims: JWTPayload): void {
    const now = Math.floor(Date.now() / 1000);
    const { clockSkewSeconds: skew, maxTokenLifetimeSeconds: max } = this.config;
    const { iat, exp } = claims;
    if (iat !== undefined && iat > now + skew)
      throw unauthenticated('the token is issued in the future (iat)');
    if (iat !== undefined && iat < now - max - skew)
      throw unauthenticated(`the token was issued more than ${max} seconds ago (iat)`);
    if (exp !== undefined && exp - (iat ?? now) > max + skew)
      throw unauthenticated(`the token's lifetime exceeds the maximum of ${max} seconds (exp)`);
  }

  private checkAudienceOrScope(claims: JWTPayload): void {
    const audiences = claims.aud === undefined ? [] : Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    const audienceOk = this.config.audience !== undefined && audiences.includes(this.config.audience);
    if (audienceOk || scopes.includes(this.config.scope)) return;
    throw unauthenticated(
      this.config.audience
        ? `the token holds neither the audience ${this.config.audience} nor the scope ${this.config.scope}`
        : `the token lacks the scope ${this.config.scope}`,
    );
  }
}

/**
 * Throws the ConfigError a `JwtVerifier` would on this configuration (no key, an unreadable or
 * unsupported key file): apps check it before they start, so a bad key stops them with its name.
 */
export function assertVerificationKeyUsable(config: AuthConfig): void {
  keySource(config, {});
}

function keySource(config: AuthConfig, options: JwtVerifierOptions): KeySource {
  const missing = missingAuthKeyProblem(config);
  if (missing !== undefined) throw new ConfigError([missing]);
  if (config.jwksUrl) {
    return {
      kind: 'jwks',
      key: createRemoteJWKSet(new URL(config.jwksUrl), {
        ...(options.jwksCooldownMs !== undefined ? { cooldownDuration: options.jwksCooldownMs } : {}),
      }),
      algorithms: ['RS256', 'ES256'],
    };
  }
  if (config.publicKeyFile) return publicKeySource(config.publicKeyFile);
  return { kind: 'secret', key: new TextEncoder().encode(config.hs256Secret), algorithms: ['HS256'] };
}

/** A PEM SPKI public key or X.509 certificate: RSA keys verify RS256, P-256 keys ES256. */
function publicKeySource(file: string): KeySource {
  let key: KeyObject;
  try {
    const pem = readFileSync(file, 'utf8');
    key = pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
  } catch (error) {
    throw new ConfigError([
      `AUTH_PUBLIC_KEY_FILE ${file} is not a readable PEM public key or X.509 certificate (${(error as Error).message})`,
    ]);
  }
  if (key.asymmetricKeyType === 'rsa') return { kind: 'key', key, algorithms: ['RS256'] };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
    return { kind: 'key', key, algorithms: ['ES256'] };
  throw new ConfigError([
    `AUTH_PUBLIC_KEY_FILE ${file} holds a ${key.asymmetricKeyType} key${key.asymmetricKeyDetails?.namedCurve ? ` on ${key.asymmetricKeyDetails.namedCurve}` : ''}; an RSA (RS256) or P-256 (ES256) key is required`,
  ]);
}

/** A jose failure as the client's 401, or a 503 when the JWKS cannot be fetched. */
function joseFailure(error: unknown, source: KeySource['kind']): DomainError {
  const { code, claim, reason } = error as { code?: string; claim?: string; reason?: string };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return unauthenticated('the token has expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'exp' && reason === 'missing') return unauthenticated('the token has no exp (expiry)');
      if (claim === 'nbf') return unauthenticated('the token is not valid yet (nbf)');
      return unauthenticated(`a claim is wrong (${(error as Error).message})`);
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return unauthenticated('the token signature is wrong');
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return unauthenticated('the token algorithm is not accepted');
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return unauthenticated('the token is malformed');
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return unauthenticated('no key of the JWKS matches the token (kid)');
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return jwksUnavailable();
    default:
      // jose answers a failed or non-200 JWKS fetch with a plain error (no JWT code).
      if (source === 'jwks' && (code === undefined || code === 'ERR_JOSE_GENERIC')) return jwksUnavailable();
      return unauthenticated('the token could not be verified');
  }
}

const jwksUnavailable = () =>
  new DomainError(
    DomainErrorCode.Unavailable,
    'the token signing keys could not be fetched from AUTH_JWKS_URL; try again later',
  );

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
