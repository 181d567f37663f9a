/** The refill rate and capacity of a bucket. */
export interface BucketShape {
  readonly tokensPerSecond: number;
  readonly burst: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last computed (ms). */
  at: number;
  shape: BucketShape;
}

/**
 * Token buckets by key, in this process only. One request takes one token; a bucket refills at
 * its rate up to its burst. Memory stays bounded: buckets are kept in least-recently-used order,
 * each call drops the oldest ones that have refilled completely (forgetting a full bucket changes
 * nothing), and past `maxBuckets` the least recently used is dropped even if not yet full.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly maxBuckets = 100_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Number of buckets held. */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes a token: undefined when there was one, else the whole seconds (≥ 1) until there is. */
  take(key: string, shape: BucketShape): number | undefined {
    const now = this.now();
    this.dropIdle(now);
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key);
      bucket.tokens = this.tokensAt(bucket, now);
      bucket.at = now;
    } else {
      if (this.buckets.size >= this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value!);
      bucket = { tokens: shape.burst, at: now, shape };
    }
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / shape.tokensPerSecond));
  }

  private tokensAt(bucket: Bucket, now: number): number {
    const { tokensPerSecond, burst } = bucket.shape;
    return Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * tokensPerSecond);
  }

  /** Drops up to two least recently used buckets that are full again (amortized idle eviction). */
  private dropIdle(now: number): void {
    for (let i = 0; i < 2; i++) {
      const oldest = this.buckets.entries().next();
      if (oldest.done) return;
      const [key, bucket] = oldest.value;
      if (this.tokensAt(bucket, now) < bucket.shape.burst) return;
      this.buckets.delete(key);
    }
  }
}
