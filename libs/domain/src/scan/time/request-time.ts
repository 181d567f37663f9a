import { invalidArgument } from '../../errors/domain-error';

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

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** Canonical microsecond UTC form of microseconds since the epoch (floor division: correct before 1970 too). */
export function formatMicros(micros: bigint): string {
  let seconds = micros / 1_000_000n;
  let frac = micros % 1_000_000n;
  if (frac < 0n) {
    frac += 1_000_000n;
    seconds -= 1n;
  }
  const date = new Date(Number(seconds) * 1000);
  const year = date.getUTCFullYear();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(
    date.getUTCSeconds(),
  )}.${frac.toString().padStart(6, '0')}Z`;
}

/** Seconds since the epoch of a UTC calendar time (years below 100 taken literally, unlike Date.UTC). */
function utcSeconds(year: number, month: number, day: number, hour: number, minute: number, second: number): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (date.getUTCHours() !== hour || date.getUTCMinutes() !== minute || date.getUTCSeconds() !== second) return undefined;
  return date.getTime() / 1000;
}

/** Parses an RFC 3339 date-time; undefined when it is not one (or names an impossible date). */
export function parseRequestTime(text: string): RequestTime | undefined {
  const m = PATTERN.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', zulu, sign, oh, om = '00'] = m;
  const seconds = utcSeconds(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  if (seconds === undefined) return undefined;
  let offsetSeconds = 0;
  if (!zulu) {
    if (Number(oh) > 23 || Number(om) > 59) return undefined;
    offsetSeconds = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60);
  }
  // Zone offsets are whole minutes, so cutting fractional digits floors the instant in any zone.
  const micros = BigInt(seconds - offsetSeconds) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, '0'));
  const exact = !/[1-9]/.test(fraction.slice(6));
  return { floor: formatMicros(micros), ceil: formatMicros(exact ? micros : micros + 1n), exact };
}

/** Like `parseRequestTime`, but a malformed value is an InvalidArgument naming the field. */
export function requireRequestTime(field: string, text: string): RequestTime {
  const parsed = parseRequestTime(text);
  if (!parsed) throw invalidArgument(`${field} must be an RFC 3339 date-time (e.g. 2026-01-05T10:00:00.000000Z), got "${text}"`);
  return parsed;
}
