import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DomainError, DomainErrorCode, type AuthConfig } from '@canton-scan/domain';

export interface VerifiedToken {
  /** The token's `sub`: the ledger user id. */
  userId: string;
  claims: JWTPayload;
}

type KeySource =
  | { kind: 'secret'; key: Uint8Array; algorithms: string[] }
  | { kind: 'key'; key: KeyObject; algorithms: string[] }
  | { kind: 'jwks'; key: JWTVerifyGetKey; algorithms: string[] };

const unauthenticated = (reason: string) =>
  new DomainError(DomainErrorCode.Unauthenticated, `The command is missing a (valid) JWT token: ${reason}`);

/**
 * Verifies ledger JWTs (docs/ledger-api.md "Authentication"): HS256 with a shared secret (development),
 * RS256/ES256 with a PEM certificate or public key, or a JWKS URL. `alg: none` never passes;
 * `exp` and `nbf` are enforced; the token must carry the configured audience or scope; `sub`
 * names the user.
 */
export class JwtVerifier {
  private keySource?: Promise<KeySource>;

  constructor(private readonly config: AuthConfig) {}

  private source(): Promise<KeySource> {
    this.keySource ??= (async (): Promise<KeySource> => {
      if (this.config.jwksUrl) {
        return {
          kind: 'jwks',
          key: createRemoteJWKSet(new URL(this.config.jwksUrl)),
          algorithms: ['RS256', 'ES256'],
        };
      }
      if (this.config.publicKeyFile) {
        const pem = readFileSync(this.config.publicKeyFile, 'utf8');
        const key = pem.includes('BEGIN CERTIFICATE')
          ? new X509Certificate(pem).publicKey
          : createPublicKey(pem);
        return { kind: 'key', key, algorithms: key.asymmetricKeyType === 'ec' ? ['ES256'] : ['RS256'] };
      }
      return {
        kind: 'secret',
        key: new TextEncoder().encode(this.config.hs256Secret ?? ''),
        algorithms: ['HS256'],
      };
    })();
    return this.keySource;
  }

  /** Verifies a bearer token; throws UNAUTHENTICATED naming what is wrong. */
  async verify(token: string | undefined): Promise<VerifiedToken> {
    if (!token) throw unauthenticated('no token was given');
    if (token.split('.').length !== 3) throw unauthenticated('the token is malformed');
    const source = await this.source();
    const { algorithms } = source;
    let claims: JWTPayload;
    try {
      const result =
        source.kind === 'jwks'
          ? await jwtVerify(token, source.key, { algorithms })
          : await jwtVerify(token, source.key, { algorithms });
      claims = result.payload;
    } catch (error) {
      throw unauthenticated(describeJoseError(error));
    }
    if (typeof claims.sub !== 'string' || claims.sub === '')
      throw unauthenticated('the token has no sub (user id)');
    const audiences = claims.aud === undefined ? [] : Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    const audienceOk = this.config.audience !== undefined && audiences.includes(this.config.audience);
    if (!audienceOk && !scopes.includes(this.config.scope)) {
      throw unauthenticated(
        this.config.audience
          ? `the token holds neither the audience ${this.config.audience} nor the scope ${this.config.scope}`
          : `the token lacks the scope ${this.config.scope}`,
      );
    }
    return { userId: claims.sub, claims };
  }
}

function describeJoseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'the token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return `the token is not valid yet or a claim is wrong (${(error as Error).message})`;
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'the token signature is wrong';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'the token algorithm is not accepted';
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return 'the token is malformed';
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'no key matches the token';
    default:
      return (error as Error)?.message ?? 'the token could not be verified';
  }
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
