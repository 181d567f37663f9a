/** Shared helpers of the benchmark scripts: peak RSS sampling, percentiles, formatting. */
export class RssSampler {
  private peak = process.memoryUsage().rss;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 50) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  sample(): number {
    const rss = process.memoryUsage().rss;
    if (rss > this.peak) this.peak = rss;
    return rss;
  }

  peakMiB(): string {
    this.sample();
    return `${(this.peak / 1024 / 1024).toFixed(0)} MiB`;
  }

  reset(): void {
    this.peak = process.memoryUsage().rss;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function seconds(fromMs: number): number {
  return (performance.now() - fromMs) / 1000;
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
