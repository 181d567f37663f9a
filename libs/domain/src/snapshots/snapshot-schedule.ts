const HOUR_US = 3_600_000_000n;

/** Microseconds since the epoch of a canonical `...T..:..:..(.ffffff)Z` timestamp (no Date round trip). */
export function timestampToMicros(iso: string): bigint {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/.exec(iso);
  if (!m) throw new Error(`not a UTC timestamp: ${iso}`);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 (the import record time is year 1).
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  date.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
  const seconds = BigInt(date.getTime() / 1000);
  return seconds * 1_000_000n + BigInt((m[7] ?? '').padEnd(6, '0'));
}

export function microsToTimestamp(micros: bigint): string {
  const seconds = micros / 1_000_000n;
  const frac = (micros % 1_000_000n).toString().padStart(6, '0');
  const iso = new Date(Number(seconds) * 1000).toISOString();
  // toISOString renders years beyond 9999 or before 0 with a sign; the ledger never has those.
  return `${iso.slice(0, 19)}.${frac}Z`;
}

/**
 * ACS snapshot times (facts.md): at UTC hours where `hour % N == 0`; the first is the first
 * such hour strictly after the migration's first non-import update, each next one N hours
 * later, recorded once ingested history has reached it.
 *
 * Returns the snapshot times after `lastSnapshot` (or from the first) up to and including
 * `reachedRecordTime`, the newest record time ingested for the migration.
 */
export function dueSnapshotTimes(
  firstNonImportRecordTime: string,
  lastSnapshot: string | undefined,
  reachedRecordTime: string,
  intervalHours: number,
): string[] {
  const period = BigInt(intervalHours) * HOUR_US;
  const reached = timestampToMicros(reachedRecordTime);
  let next: bigint;
  if (lastSnapshot) {
    next = timestampToMicros(lastSnapshot) + period;
  } else {
    const first = timestampToMicros(firstNonImportRecordTime);
    // Hours since the epoch are aligned with UTC hours, so `hour % N` is `(t / 1h) % N`.
    next = (first / period + 1n) * period;
  }
  const due: string[] = [];
  while (next <= reached) {
    due.push(microsToTimestamp(next));
    next += period;
  }
  return due;
}
