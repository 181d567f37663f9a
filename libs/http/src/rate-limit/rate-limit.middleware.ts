import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  rateLimitRuleFor,
  type RateLimitGroup,
  type RateLimitRule,
  type TrustProxy,
} from '@canton-scan/domain';
import type { ErrorResponder } from '../errors/error-responder';
import { TokenBuckets } from './token-buckets';

export interface RateLimitedGroup {
  name: RateLimitGroup;
  /** Base path of the group (empty for the root). */
  prefix: string;
  respond: ErrorResponder;
}

/** The ledger error code of a 429 (the participant's own answer to too many requests). */
export const RATE_LIMITED_LEDGER_CODE = 'PARTICIPANT_BACKPRESSURE';

/**
 * The `RATE_LIMITS` middleware of an app, or undefined when no rule concerns its groups. A
 * request takes a token of its client address's bucket of the first rule matching its group
 * and route (health is never limited); without one it is answered 429 in the group's error
 * format with `Retry-After` in whole seconds. The client address is `req.ip`: the socket's,
 * or `X-Forwarded-For` as far as `TRUST_PROXY` trusts it.
 */
/** The message of a 429. */
export function rateLimitedMessage(rule: RateLimitRule, retryAfter: number): string {
  return `Too many requests from this client address: the rate limit "${rule.text}" is used up; retry after ${retryAfter} s`;
}

/**
 * Takes a token for a request of `group` at `path` (relative to the group base) from `client`:
 * undefined when no rule applies or a token was left, else the rule and the seconds to wait.
 */
export function takeRateLimitToken(
  rules: readonly RateLimitRule[],
  buckets: TokenBuckets,
  group: RateLimitGroup,
  path: string,
  client: string,
): { rule: RateLimitRule; retryAfter: number } | undefined {
  const rule = rateLimitRuleFor(rules, group, path);
  if (!rule) return undefined;
  const retryAfter = buckets.take(`${rules.indexOf(rule)} ${group} ${client}`, rule);
  return retryAfter === undefined ? undefined : { rule, retryAfter };
}

/**
 * The client address of a request express does not see (a WebSocket upgrade), as express's
 * `req.ip` would give it: the socket's, or with `TRUST_PROXY` the `X-Forwarded-For` entry as far
 * as the trusted proxies go (`true`: the leftmost; a number n: the n-th from the right).
 */
export function clientAddressOf(req: IncomingMessage, trustProxy: TrustProxy): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  const header = req.headers['x-forwarded-for'];
  if (trustProxy === false || header === undefined) return socket;
  const forwarded = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  if (trustProxy === true) return chain[0];
  return chain[Math.max(0, chain.length - 1 - trustProxy)];
}

export function rateLimitMiddleware(
  rules: readonly RateLimitRule[],
  groups: readonly RateLimitedGroup[],
  buckets = new TokenBuckets(),
): RequestHandler | undefined {
  const names = new Set(groups.map((g) => g.name));
  if (!rules.some((rule) => rule.group === '*' || names.has(rule.group))) return undefined;
  // Longest prefix first, so `/api/scan` never swallows a longer sibling.
  const ordered = [...groups].sort((a, b) => b.prefix.length - a.prefix.length);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const group = ordered.find(
      (g) => g.prefix === '' || path === g.prefix || path.startsWith(`${g.prefix}/`),
    );
    if (!group) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const limited = takeRateLimitToken(rules, buckets, group.name, path.slice(group.prefix.length), client);
    if (!limited) return next();
    res.setHeader('Retry-After', String(limited.retryAfter));
    group.respond(res, 429, rateLimitedMessage(limited.rule, limited.retryAfter), {
      code: RATE_LIMITED_LEDGER_CODE,
      category: 'ABORTED',
    });
  };
}
