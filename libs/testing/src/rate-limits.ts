import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { sendRaw } from './bad-input';
import { startTestApp, type RunningTestApp } from './test-app';
import { useTestDatabase } from './test-database';

type RawRequest = { method: string; path: string; body?: string; contentType?: string };

export interface RateLimitAnswer {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  text: string;
}

export interface RateLimitCase {
  /** `RATE_LIMITS` of the app under test: `limited` at 2 per minute (burst 2), `unlimited` not at all. */
  rateLimits: string;
  /** Base URL of the group under test. */
  base(app: RunningTestApp): string;
  limited: RawRequest;
  unlimited: RawRequest;
  /** Checks a 429 answer's body against the group's error format. */
  expectErrorFormat(answer: RateLimitAnswer): void;
}

/** `count` requests one right after the other, from `forwardedFor` when given. */
export async function sendInARow(
  base: string,
  request: RawRequest,
  count: number,
  forwardedFor?: string,
): Promise<RateLimitAnswer[]> {
  const answers: RateLimitAnswer[] = [];
  for (let i = 0; i < count; i++) {
    const res = await sendRaw(base, request, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
    answers.push({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      contentType: res.contentType,
      text: res.text,
    });
  }
  return answers;
}

/**
 * The rate-limit behaviour every group shares, on an app trusting `X-Forwarded-For`
 * (TRUST_PROXY=true) and one that does not. Health is listed in `RATE_LIMITS` too, to show it is
 * never limited. The limit is 2 per minute so no token comes back while a test runs.
 */
export function describeRateLimits(
  name: string,
  create: (config: AppConfig, dataSource: DataSource, logger: Logger) => Promise<INestApplication>,
  c: RateLimitCase,
  env: Record<string, string> = {},
): void {
  describe(name, () => {
    const db = useTestDatabase();
    let trusting: RunningTestApp;
    let direct: RunningTestApp;
    const RATE_LIMITS = `${c.rateLimits};*:/livez=1/m;*:/readyz=1/m`;

    beforeAll(async () => {
      trusting = await startTestApp(create, db.dataSource, { ...env, RATE_LIMITS, TRUST_PROXY: 'true' });
      direct = await startTestApp(create, db.dataSource, { ...env, RATE_LIMITS });
    });
    afterAll(async () => {
      await trusting?.close();
      await direct?.close();
    });

    it('answers the request after the burst 429 in the group error format, with Retry-After in whole seconds', async () => {
      const answers = await sendInARow(c.base(trusting), c.limited, 3, '203.0.113.1');
      expect(answers.map((a) => a.status === 429)).toEqual([false, false, true]);
      const tooMany = answers[2];
      expect(tooMany.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(Number(tooMany.retryAfter)).toBeLessThanOrEqual(30);
      c.expectErrorFormat(tooMany);
    });

    it('gives each client address its own bucket (X-Forwarded-For with TRUST_PROXY=true)', async () => {
      const first = await sendInARow(c.base(trusting), c.limited, 3, '203.0.113.2');
      expect(first[2].status).toBe(429);
      const other = await sendInARow(c.base(trusting), c.limited, 2, '203.0.113.3');
      expect(other.map((a) => a.status)).not.toContain(429);
    });

    it('ignores X-Forwarded-For without TRUST_PROXY: the socket address is the client', async () => {
      const answers = [
        ...(await sendInARow(c.base(direct), c.limited, 2, '198.51.100.1')),
        ...(await sendInARow(c.base(direct), c.limited, 1, '198.51.100.2')),
      ];
      expect(answers.map((a) => a.status === 429)).toEqual([false, false, true]);
    });

    it('leaves the routes no rule names, and health, unlimited', async () => {
      const unlimited = await sendInARow(c.base(trusting), c.unlimited, 5, '203.0.113.4');
      expect(unlimited.map((a) => a.status)).not.toContain(429);
      for (const path of ['/livez', '/readyz']) {
        const health = await sendInARow(c.base(trusting), { method: 'GET', path }, 3, '203.0.113.4');
        // (The ledger node's health asks for a token: 401 without one, but never 429.)
        expect(health.map((a) => a.status)).not.toContain(429);
      }
    });
  });
}
