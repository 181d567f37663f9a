import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimitRuleFor, type RateLimitGroup, type RateLimitRule } from '@canton-scan/domain';
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
    const rule = group && rateLimitRuleFor(rules, group.name, path.slice(group.prefix.length));
    if (!group || !rule) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const retryAfter = buckets.take(`${rules.indexOf(rule)} ${group.name} ${client}`, rule);
    if (retryAfter === undefined) return next();
    res.setHeader('Retry-After', String(retryAfter));
    group.respond(
      res,
      429,
      `Too many requests from this client address: the rate limit "${rule.text}" is used up; retry after ${retryAfter} s`,
      { code: RATE_LIMITED_LEDGER_CODE, category: 'ABORTED' },
    );
  };
}
