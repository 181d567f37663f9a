/** Progress-line helpers shared by the tools' long-running CLIs (ingest, mirror). */

/** `42s`, `3m07s`, or `?` when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m}m${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${seconds.toFixed(0)}s`;
}

/** Items per second since `startedMs`. */
export function ratePerSecond(items: number, startedMs: number, nowMs = Date.now()): number {
  return items / Math.max((nowMs - startedMs) / 1000, 0.001);
}
