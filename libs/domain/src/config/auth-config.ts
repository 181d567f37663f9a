// How tokens are verified and minted: the AUTH_* variables, the development mode and its secret.
import type { EnvReader } from './env';

export interface AuthConfig {
  /** HS256 shared secret: `AUTH_HS256_SECRET`, or the development secret in development mode. */
  readonly hs256Secret: string | undefined;
  /** Path of a PEM certificate or SPKI public key for RS256/ES256 tokens. */
  readonly publicKeyFile: string | undefined;
  /** JWKS endpoint for RS256/ES256 tokens. */
  readonly jwksUrl: string | undefined;
  /** When set, a token whose `aud` holds it is accepted. */
  readonly audience: string | undefined;
  /** A token whose space-separated `scope` holds this is accepted. */
  readonly scope: string;
  /** True when `AUTH_DEV_MODE=true` and no key was configured: the development secret is in use. */
  readonly usingDevelopmentSecret: boolean;
  /**
   * Whether an app logs the development-mode warning when it starts (`AUTH_DEV_MODE_WARNING`,
   * default true); `npm start` turns it off in its apps, as its banner carries the warning.
   */
  readonly warnDevelopmentMode: boolean;
  /** Tolerance applied to `exp`, `nbf` and `iat` (`AUTH_CLOCK_SKEW_SECONDS`). */
  readonly clockSkewSeconds: number;
  /** Longest accepted token lifetime: `exp - iat`, and the age of `iat` (`AUTH_MAX_TOKEN_LIFETIME_SECONDS`). */
  readonly maxTokenLifetimeSeconds: number;
}

/** The variables of which one must be set for tokens to be verified or minted. */
export const AUTH_KEY_VARIABLES = ['AUTH_HS256_SECRET', 'AUTH_PUBLIC_KEY_FILE', 'AUTH_JWKS_URL'] as const;

/** Why no token can be verified or minted with this configuration; undefined when one can. */
export function missingAuthKeyProblem(auth: AuthConfig): string | undefined {
  if (auth.hs256Secret !== undefined || auth.publicKeyFile !== undefined || auth.jwksUrl !== undefined)
    return undefined;
  return `no token verification key is configured: set one of ${AUTH_KEY_VARIABLES.join(', ')}, or AUTH_DEV_MODE=true to accept tokens signed with the development secret published in the source (never in production)`;
}

/**
 * The environment `npm start` (and the benchmarks) give the apps they run: development mode when
 * no AUTH_* key and no AUTH_DEV_MODE is set, so the stack starts out of the box, loudly.
 */
export function developmentAuthDefault(env: Record<string, string | undefined>): { AUTH_DEV_MODE?: 'true' } {
  const set = (name: string) => env[name] !== undefined && env[name] !== '';
  return AUTH_KEY_VARIABLES.some(set) || set('AUTH_DEV_MODE') ? {} : { AUTH_DEV_MODE: 'true' };
}

/** The warning every app logs at start in development mode. */
export const DEVELOPMENT_MODE_WARNING =
  'AUTH_DEV_MODE=true: tokens signed with the development secret published in the source are accepted; set AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE or AUTH_JWKS_URL in production';

export const DEVELOPMENT_HS256_SECRET = 'canton-scan-stack-development-secret-do-not-use-in-production';

/** The AUTH_* variables, each bad one named among `r`'s problems. */
export function authConfig(r: EnvReader): AuthConfig {
  const hs256Secret = r.optionalString('AUTH_HS256_SECRET');
  const publicKeyFile = r.optionalString('AUTH_PUBLIC_KEY_FILE');
  const jwksUrl = r.url('AUTH_JWKS_URL', ['http:', 'https:']);
  const configured = [hs256Secret, publicKeyFile, jwksUrl].filter((v) => v !== undefined).length;
  if (configured > 1)
    r.problems.push('set only one of AUTH_HS256_SECRET, AUTH_PUBLIC_KEY_FILE and AUTH_JWKS_URL');
  if (hs256Secret !== undefined && hs256Secret.length < 32)
    r.problems.push('AUTH_HS256_SECRET must be at least 32 characters');
  if (hs256Secret === DEVELOPMENT_HS256_SECRET)
    r.problems.push('AUTH_HS256_SECRET must not be the development secret published in the source');
  // The development secret is never a silent fallback: only AUTH_DEV_MODE=true selects it (a
  // configured key wins over it).
  const developmentMode = r.bool('AUTH_DEV_MODE', false);
  const usingDevelopmentSecret = configured === 0 && developmentMode;
  return {
    hs256Secret: usingDevelopmentSecret ? DEVELOPMENT_HS256_SECRET : hs256Secret,
    publicKeyFile,
    jwksUrl,
    audience: r.optionalString('AUTH_AUDIENCE'),
    scope: r.string('AUTH_SCOPE', 'daml_ledger_api'),
    usingDevelopmentSecret,
    warnDevelopmentMode: r.bool('AUTH_DEV_MODE_WARNING', true),
    clockSkewSeconds: r.int('AUTH_CLOCK_SKEW_SECONDS', 30, { min: 0, max: 3600 }),
    maxTokenLifetimeSeconds: r.int('AUTH_MAX_TOKEN_LIFETIME_SECONDS', 30 * 24 * 3600, {
      min: 60,
      max: 366 * 24 * 3600,
    }),
  };
}
