import { TokenBuckets } from './token-buckets';

describe('TokenBuckets', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 0));

  it('allows a burst, then answers the whole seconds until the next token, refilling at the rate', () => {
    const buckets = new TokenBuckets(100, now);
    const shape = { tokensPerSecond: 2, burst: 2 };
    expect([buckets.take('a', shape), buckets.take('a', shape)]).toEqual([undefined, undefined]);
    expect(buckets.take('a', shape)).toBe(1);
    clock = 499;
    expect(buckets.take('a', shape)).toBe(1);
    clock = 500;
    expect(buckets.take('a', shape)).toBeUndefined();
    expect(buckets.take('a', shape)).toBe(1);
  });

  it('answers more than a second when the rate is slow', () => {
    const buckets = new TokenBuckets(100, now);
    const shape = { tokensPerSecond: 1 / 60, burst: 1 };
    expect(buckets.take('a', shape)).toBeUndefined();
    expect(buckets.take('a', shape)).toBe(60);
    clock = 30_000;
    expect(buckets.take('a', shape)).toBe(30);
  });

  it('keeps one bucket per key', () => {
    const buckets = new TokenBuckets(100, now);
    const shape = { tokensPerSecond: 1, burst: 1 };
    expect(buckets.take('a', shape)).toBeUndefined();
    expect(buckets.take('b', shape)).toBeUndefined();
    expect(buckets.take('a', shape)).toBe(1);
  });

  it('forgets buckets that have refilled, and never holds more than its maximum', () => {
    const buckets = new TokenBuckets(3, now);
    const shape = { tokensPerSecond: 1, burst: 1 };
    for (const key of ['a', 'b', 'c', 'd', 'e']) buckets.take(key, shape);
    expect(buckets.size).toBe(3);
    // The least recently used were dropped: 'a' has a fresh bucket.
    expect(buckets.take('a', shape)).toBeUndefined();
    expect(buckets.take('e', shape)).toBe(1);
    clock = 10_000;
    for (let i = 0; i < 3; i++) buckets.take('z', shape);
    expect(buckets.size).toBe(1);
  });
});
