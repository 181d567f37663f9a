/** The API groups a rate limit may name (`*`: every group). */
export const RATE_LIMIT_GROUPS = ['scan', 'validator', 'registry', 'ledger'] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/**
 * One rule of `RATE_LIMITS`: a token bucket per client address (and group) for the routes it
 * matches, refilled at `tokensPerSecond` up to `burst` tokens; one request takes one token.
 */
export interface RateLimitRule {
  /** The rule as written, for messages. */
  readonly text: string;
  readonly group: RateLimitGroup | '*';
  /** Path inside the group (`/v0/state/acs`); with `prefix`, every path starting with it. */
  readonly route: string;
  readonly prefix: boolean;
  readonly tokensPerSecond: number;
  readonly burst: number;
}

/** How `TRUST_PROXY` is given to express: false (the socket's address), true (every hop), or a hop count. */
export type TrustProxy = boolean | number;

const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };

const SYNTAX =
  'each rule is <group>:<route>=<count>/<s|m|h>[ burst <n>], rules separated by ";" ' +
  '(e.g. scan:/v0/state/acs*=20/s burst 40;registry:*=50/s)';

/** One rule, or the problem with it. */
function parseRule(text: string, index: number): RateLimitRule | string {
  const where = `RATE_LIMITS rule ${index + 1} ("${text}")`;
  const match = /^([^:=\s]+)\s*:\s*([^=\s]+)\s*=\s*(\S+?)\s*\/\s*([a-z]+)(?:\s+burst\s+(\S+))?$/i.exec(text);
  if (!match) return `${where}: ${SYNTAX}`;
  const [, group, route, count, unit, burstText] = match;
  if (group !== '*' && !(RATE_LIMIT_GROUPS as readonly string[]).includes(group))
    return `${where}: the group must be one of ${RATE_LIMIT_GROUPS.join(', ')} or *, got "${group}"`;
  if (route !== '*' && !/^\/[A-Za-z0-9._~\-/]*\*?$/.test(route))
    return `${where}: the route must be * or a path inside the group starting with /, optionally ending with * (a prefix), got "${route}"`;
  if (!/^\d+$/.test(count) || Number(count) < 1)
    return `${where}: the count must be a positive integer, got "${count}"`;
  const seconds = SECONDS_PER_UNIT[unit.toLowerCase()];
  if (seconds === undefined) return `${where}: the unit must be s, m or h, got "${unit}"`;
  if (burstText !== undefined && (!/^\d+$/.test(burstText) || Number(burstText) < 1))
    return `${where}: burst must be a positive integer, got "${burstText}"`;
  const prefix = route === '*' || route.endsWith('*');
  return {
    text,
    group: group as RateLimitGroup | '*',
    route: prefix ? route.slice(0, -1) : route.replace(/\/$/, ''),
    prefix,
    tokensPerSecond: Number(count) / seconds,
    burst: burstText === undefined ? Number(count) : Number(burstText),
  };
}

/**
 * Parses `RATE_LIMITS`: rules separated by `;`, each `<group>:<route>=<count>/<unit>[ burst <n>]`.
 * Empty means no limit. Returns the rules and every problem found (each rule named).
 */
export function parseRateLimits(spec: string): { rules: RateLimitRule[]; problems: string[] } {
  const rules: RateLimitRule[] = [];
  const problems: string[] = [];
  spec
    .split(';')
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .forEach((text, index) => {
      const rule = parseRule(text, index);
      if (typeof rule === 'string') problems.push(rule);
      else rules.push(rule);
    });
  return { rules, problems };
}

/** Parses `TRUST_PROXY`: `false`, `true` or a number of proxy hops in front of the app. */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return true;
  if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
  return undefined;
}

/** The first rule that governs `route` (a path inside `group`); health is never limited. */
export function rateLimitRuleFor(
  rules: readonly RateLimitRule[],
  group: RateLimitGroup,
  route: string,
): RateLimitRule | undefined {
  const path = route.replace(/\/+$/, '') || '/';
  if (path === '/livez' || path === '/readyz') return undefined;
  return rules.find(
    (rule) =>
      (rule.group === '*' || rule.group === group) &&
      (rule.prefix ? path.startsWith(rule.route) : path === rule.route),
  );
}
