import { parseRateLimits, parseTrustProxy, rateLimitRuleFor } from './rate-limits';

describe('RATE_LIMITS', () => {
  it('is no limit when empty', () => {
    expect(parseRateLimits('')).toEqual({ rules: [], problems: [] });
    expect(parseRateLimits(' ; ')).toEqual({ rules: [], problems: [] });
  });

  it('reads rules of a group and a route, a rate per second, minute or hour, and a burst (default: the count)', () => {
    const { rules, problems } = parseRateLimits(
      'scan:/v0/state/acs*=20/s burst 40; registry:* = 600/m ;*:/v2/updates/flats=36/h',
    );
    expect(problems).toEqual([]);
    expect(rules).toEqual([
      {
        text: 'scan:/v0/state/acs*=20/s burst 40',
        group: 'scan',
        route: '/v0/state/acs',
        prefix: true,
        tokensPerSecond: 20,
        burst: 40,
      },
      {
        text: 'registry:* = 600/m',
        group: 'registry',
        route: '',
        prefix: true,
        tokensPerSecond: 10,
        burst: 600,
      },
      {
        text: '*:/v2/updates/flats=36/h',
        group: '*',
        route: '/v2/updates/flats',
        prefix: false,
        tokensPerSecond: 0.01,
        burst: 36,
      },
    ]);
  });

  it('names each bad rule and what is wrong with it', () => {
    const { rules, problems } = parseRateLimits(
      'scan=20/s;proxy:*=1/s;scan:v0/x=1/s;scan:*=0/s;scan:*=2.5/s;scan:*=1/d;scan:*=1/s burst 0;ledger:*=1/s',
    );
    expect(rules.map((r) => r.text)).toEqual(['ledger:*=1/s']);
    expect(problems).toEqual([
      expect.stringMatching(/^RATE_LIMITS rule 1 \("scan=20\/s"\): each rule is <group>:<route>=/),
      'RATE_LIMITS rule 2 ("proxy:*=1/s"): the group must be one of scan, validator, registry, ledger or *, got "proxy"',
      expect.stringMatching(/^RATE_LIMITS rule 3 \("scan:v0\/x=1\/s"\): the route must be \* or a path/),
      'RATE_LIMITS rule 4 ("scan:*=0/s"): the count must be a positive integer, got "0"',
      'RATE_LIMITS rule 5 ("scan:*=2.5/s"): the count must be a positive integer, got "2.5"',
      'RATE_LIMITS rule 6 ("scan:*=1/d"): the unit must be s, m or h, got "d"',
      'RATE_LIMITS rule 7 ("scan:*=1/s burst 0"): burst must be a positive integer, got "0"',
    ]);
  });

  it('applies the first rule that matches the group and route, and never limits health', () => {
    const { rules } = parseRateLimits('scan:/v0/state/acs/*=1/s;scan:/v0/dso=2/s;*:*=3/s;ledger:*=4/s');
    const rate = (group: 'scan' | 'ledger', route: string) =>
      rateLimitRuleFor(rules, group, route)?.tokensPerSecond;
    expect(rate('scan', '/v0/state/acs/snapshot-timestamp')).toBe(1);
    expect(rate('scan', '/v0/dso')).toBe(2);
    expect(rate('scan', '/v0/dso/')).toBe(2);
    expect(rate('scan', '/v0/dso-sequencers')).toBe(3);
    expect(rate('ledger', '/v2/updates/flats')).toBe(3);
    expect(rate('scan', '/livez')).toBeUndefined();
    expect(rate('ledger', '/readyz')).toBeUndefined();
    expect(rateLimitRuleFor(parseRateLimits('scan:*=1/s').rules, 'ledger', '/v2/x')).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('is false, true or a number of proxy hops', () => {
    expect(['false', '', '0', 'true', '2', 'maybe', '-1'].map(parseTrustProxy)).toEqual([
      false,
      false,
      false,
      true,
      2,
      undefined,
      undefined,
    ]);
  });
});
