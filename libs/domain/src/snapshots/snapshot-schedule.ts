import { formatMicros, parseTimestampMicros } from '../time/micros';

const HOUR_US = 3_600_000_000n;

/** Microseconds since the epoch of a timestamp (no Date round trip); throws when it is not one. */
export function timestampToMicros(iso: string): bigint {
  const parsed = parseTimestampMicros(iso);
  if (!parsed) throw new Error(`not a timestamp: ${iso}`);
  return parsed.micros;
}

export const microsToTimestamp = formatMicros;

/**
 * ACS snapshot times (docs/acs-snapshots.md "Snapshot schedule"): at UTC hours where `hour % N == 0`; the first is the first
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
