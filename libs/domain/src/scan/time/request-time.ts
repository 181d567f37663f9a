import { invalidArgument } from '../../errors/domain-error';
import { formatMicros, parseTimestampMicros } from '../../time/micros';

export { formatMicros } from '../../time/micros';

/**
 * A date-time from a request, reduced to the store's resolution (microseconds, UTC).
 *
 * Requests may carry any RFC 3339 time (another zone, more than six fractional digits); the
 * store keeps microseconds. Comparing at microsecond precision means choosing, per comparison,
 * how a time between two microseconds is rounded, never going through JavaScript `Date`
 * (milliseconds).
 */
export interface RequestTime {
  /** The instant floored to a microsecond, canonical `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  readonly floor: string;
  /** The instant rounded up to a microsecond (equals `floor` when `exact`). */
  readonly ceil: string;
  /** True when the instant is a whole microsecond (no non-zero digit beyond the sixth). */
  readonly exact: boolean;
}

/** Parses an RFC 3339 date-time; undefined when it is not one (or names an impossible date). */
export function parseRequestTime(text: string): RequestTime | undefined {
  const parsed = parseTimestampMicros(text);
  if (!parsed) return undefined;
  const { micros, exact } = parsed;
  return { floor: formatMicros(micros), ceil: formatMicros(exact ? micros : micros + 1n), exact };
}
/** Like `parseRequestTime`, but a malformed value is an InvalidArgument naming the field. */
export function requireRequestTime(field: string, text: string): RequestTime {
  const parsed = parseRequestTime(text);
  if (!parsed)
    throw invalidArgument(
      `${field} must be an RFC 3339 date-time (e.g. 2026-01-05T10:00:00.000000Z), got "${text}"`,
    );
  return parsed;
}
