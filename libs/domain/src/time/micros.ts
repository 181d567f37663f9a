/**
 * Ledger times as bigint microseconds since the epoch: the one parser and formatter of
 * microsecond timestamps (PostgreSQL keeps microseconds; JavaScript Date only milliseconds).
 */

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

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
function utcSeconds(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  if (date.getUTCHours() !== hour || date.getUTCMinutes() !== minute || date.getUTCSeconds() !== second)
    return undefined;
  return date.getTime() / 1000;
}

/** An RFC 3339 instant in microseconds, floored, and whether nothing was cut beyond the sixth digit. */
export interface ParsedMicros {
  micros: bigint;
  exact: boolean;
}

/** Parses an RFC 3339 date-time (any zone, any precision); undefined when it is not one. */
export function parseTimestampMicros(text: string): ParsedMicros | undefined {
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
  return { micros, exact: !/[1-9]/.test(fraction.slice(6)) };
}

const FIRST_STORABLE = parseTimestampMicros('0001-01-01T00:00:00Z')!.micros;
const LAST_STORABLE = parseTimestampMicros('9999-12-31T23:59:59.999999Z')!.micros;

/**
 * Whether a date-time is one the store can take and give back as written: an RFC 3339 instant
 * from 0001-01-01 to 9999-12-31 UTC (PostgreSQL has no year 0000, and four-digit years are
 * what the ISO form shows).
 */
export function isStorableTimestamp(text: string): boolean {
  const parsed = parseTimestampMicros(text);
  return parsed !== undefined && parsed.micros >= FIRST_STORABLE && parsed.micros <= LAST_STORABLE;
}
