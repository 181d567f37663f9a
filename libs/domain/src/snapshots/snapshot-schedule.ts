import { formatMicros, parseTimestampMicros } from '../time/micros';

const HOUR_US = 3_600_000_000n;

/**
 * The snapshot intervals the schedule accepts: the divisors of 24, so that every snapshot falls
 * at a UTC hour divisible by the interval, day after day (with 5, the 00:00 of the next day
 * would follow 20:00 by 4 hours, or the schedule would drift off `hour % N == 0`).
 */
export const SNAPSHOT_INTERVAL_HOURS_ALLOWED: readonly number[] = [1, 2, 3, 4, 6, 8, 12, 24];

/** Why `hours` is not a snapshot interval (undefined when it is one). */
export function snapshotIntervalProblem(
  hours: unknown,
  name = 'SNAPSHOT_INTERVAL_HOURS',
): string | undefined {
  return typeof hours === 'number' && SNAPSHOT_INTERVAL_HOURS_ALLOWED.includes(hours)
    ? undefined
    : `${name} must divide 24 (one of ${SNAPSHOT_INTERVAL_HOURS_ALLOWED.join(', ')}), got ${String(hours)}`;
}

/** Throws unless `hours` is a snapshot interval (a divisor of 24). */
export function requireSnapshotInterval(hours: unknown, name = 'snapshotIntervalHours'): number {
  const problem = snapshotIntervalProblem(hours, name);
  if (problem !== undefined) throw new RangeError(problem);
  return hours as number;
}

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
  requireSnapshotInterval(intervalHours);
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

/** What scheduling a migration's snapshots needs of the stored history. */
export interface SnapshotFacts {
  firstNonImport?: string;
  lastSnapshot?: string;
}

const IMPORT_TIME_US = timestampToMicros('0001-01-01T00:00:00Z');

/**
 * The snapshots a batch makes due, per migration it touches (in order). `stored` are the facts
 * read before the batch is written: the batch's own updates (`updates`, with their record
 * times) may hold a migration's first non-import update. `reached` is the newest non-import
 * record time per migration once the batch is stored.
 */
export function snapshotsDue(
  migrations: readonly number[],
  stored: ReadonlyMap<number, SnapshotFacts>,
  updates: readonly { migration_id: number; record_time: string }[],
  reached: ReadonlyMap<number, string>,
  intervalHours: number,
): { migrationId: number; times: string[] }[] {
  const firstInBatch = new Map<number, { time: string; micros: bigint }>();
  for (const u of updates) {
    const micros = timestampToMicros(u.record_time);
    const first = firstInBatch.get(u.migration_id);
    if (micros > IMPORT_TIME_US && (!first || micros < first.micros))
      firstInBatch.set(u.migration_id, { time: u.record_time, micros });
  }
  const due: { migrationId: number; times: string[] }[] = [];
  for (const migrationId of migrations) {
    const facts = stored.get(migrationId);
    const storedFirst = facts?.firstNonImport;
    const batchFirst = firstInBatch.get(migrationId);
    const firstNonImport =
      storedFirst !== undefined && (!batchFirst || timestampToMicros(storedFirst) <= batchFirst.micros)
        ? storedFirst
        : batchFirst?.time;
    const last = reached.get(migrationId);
    if (!firstNonImport || !last) continue;
    const times = dueSnapshotTimes(firstNonImport, facts?.lastSnapshot, last, intervalHours);
    if (times.length) due.push({ migrationId, times });
  }
  return due;
}
