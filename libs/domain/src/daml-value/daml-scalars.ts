import { parseTimestampMicros } from '../time/micros';

/*
 * The text forms of Daml's scalar values on the wire, both ways: numerics as the ledger writes
 * them and as Java's `BigDecimal.toString` renders them (compact JSON of a Splice scan),
 * timestamps as proto3 JSON microseconds and as Java's `Instant.toString`, dates as days since
 * the epoch and as `LocalDate.toString`. No other module formats these (docs/daml-values.md).
 */

/** The ledger's numeric text: at most 38 digits, scale at most 37 (`value.proto`). */
const LEDGER_NUMERIC = /^-?(\d+)(?:\.(\d+))?$/;
/** `BigDecimal.toString`'s forms: plain, or one digit, optional fraction and an exponent. */
const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Whether `text` is a numeric as the ledger writes it (plain, at most 38 digits, scale ≤ 37). */
export function isLedgerNumeric(text: string): boolean {
  const m = LEDGER_NUMERIC.exec(text);
  if (!m) return false;
  const fraction = m[2] ?? '';
  return fraction.length <= 37 && m[1].length + fraction.length <= 38;
}

/**
 * Java `BigDecimal.toString` of a plain decimal text with its scale (the number of fraction
 * digits written): plain when the adjusted exponent (digits − 1 − scale) is at least −6,
 * scientific otherwise. `"0.0000000000"` is `"0E-10"`, `"-0.0000000143"` is `"-1.43E-8"`,
 * `"10988.5749814750"` stays as it is.
 */
export function bigDecimalText(plain: string): string {
  const negative = plain.charCodeAt(0) === 45;
  const body = negative ? plain.slice(1) : plain;
  const dot = body.indexOf('.');
  const scale = dot < 0 ? 0 : body.length - dot - 1;
  const allDigits = dot < 0 ? body : body.slice(0, dot) + body.slice(dot + 1);
  let first = 0;
  while (first < allDigits.length - 1 && allDigits.charCodeAt(first) === 48) first++;
  const unscaled = allDigits.slice(first);
  const adjusted = unscaled.length - 1 - scale;
  const sign = negative && unscaled !== '0' ? '-' : '';
  if (adjusted >= -6) {
    // Plain: the unscaled digits with the point `scale` digits from the right.
    if (scale === 0) return sign + unscaled;
    const padded = unscaled.length <= scale ? unscaled.padStart(scale + 1, '0') : unscaled;
    return `${sign}${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  }
  const mantissa = unscaled.length > 1 ? `${unscaled[0]}.${unscaled.slice(1)}` : unscaled;
  return `${sign}${mantissa}E${adjusted}`;
}

/**
 * The plain text of a decimal written either way (`"0E-10"` → `"0.0000000000"`, `"1.43E-8"` →
 * `"0.0000000143"`, `"12.50"` as is), its scale kept; undefined when `text` is not a decimal.
 * A negative scale (`"1E+3"`) is written as the integer it is.
 */
export function plainDecimalText(text: string): string | undefined {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return undefined;
  const [, sign, whole, fraction = '', exponentText] = m;
  if (exponentText === undefined) return sign === '+' ? text.slice(1) : text;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return undefined;
  const digits = (whole + fraction).replace(/^0+(?=\d)/, '');
  const scale = fraction.length - exponent;
  let out: string;
  if (scale <= 0) out = digits === '0' ? '0' : digits + '0'.repeat(-scale);
  else {
    const padded = digits.padStart(scale + 1, '0');
    out = `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  }
  return sign === '-' ? `-${out}` : out;
}

/** The first and last microsecond a Daml timestamp can hold (0001-01-01 to 9999-12-31, UTC). */
const MIN_MICROS = -62135596800000000n;
const MAX_MICROS = 253402300799999999n;
const MICROS_TEXT = /^-?(?:0|[1-9]\d{0,17})$/;

/** Whether `text` is a Daml timestamp in proto3 JSON: a decimal string of microseconds in range. */
export function isTimestampMicros(text: string): boolean {
  if (!MICROS_TEXT.test(text)) return false;
  if (text.length < 17) return text !== '-0';
  const n = BigInt(text);
  return n >= MIN_MICROS && n <= MAX_MICROS;
}

/** Days since the epoch of 0001-01-01 and 9999-12-31. */
const MIN_DAYS = -719162;
const MAX_DAYS = 2932896;

/** Whether `x` is a Daml date in proto3 JSON: a whole number of days since 1970-01-01 in range. */
export function isDateDays(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= MIN_DAYS && x <= MAX_DAYS;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` of a UTC time in milliseconds. */
function dayText(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/**
 * Java `Instant.toString` of microseconds since the epoch: ISO-8601 UTC, the fraction in groups
 * of three digits with trailing zero groups dropped (`…:33.930Z`, `…:34.404896Z`, `…:33Z`).
 */
export function instantText(micros: string): string {
  let seconds: number;
  let fraction: number;
  if (micros.charCodeAt(0) !== 45 && micros.length <= 21) {
    seconds = micros.length > 6 ? Number(micros.slice(0, -6)) : 0;
    fraction = Number(micros.slice(-6));
  } else {
    const n = BigInt(micros);
    let s = n / 1_000_000n;
    let f = n % 1_000_000n;
    if (f < 0n) {
      f += 1_000_000n;
      s -= 1n;
    }
    seconds = Number(s);
    fraction = Number(f);
  }
  const date = new Date(seconds * 1000);
  const time = `${dayText(date)}T${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}`;
  if (fraction === 0) return `${time}Z`;
  if (fraction % 1000 === 0) return `${time}.${String(fraction / 1000).padStart(3, '0')}Z`;
  return `${time}.${String(fraction).padStart(6, '0')}Z`;
}

/**
 * A created event's `created_at` as a Splice scan writes it: an ISO-8601 UTC time with the fewest
 * fraction digits that keep its value (`…:37.20856Z`, `…:09:00Z`). PostgreSQL writes the same in
 * the statements that answer with created events (database/timestamp-sql.ts).
 */
export function fewestDigitsText(iso: string): string {
  const micros = timestampMicrosOf(iso);
  if (micros === undefined) throw new RangeError(`not a timestamp: ${JSON.stringify(iso)}`);
  // Instant.toString drops whole zero groups; what zeros remain end a fraction.
  return instantText(micros).replace(/(\.\d*?)0+Z$/, '$1Z');
}

/** Microseconds since the epoch, as proto3 JSON writes them, of an RFC 3339 time; undefined when it is not one or has more than microseconds. */
export function timestampMicrosOf(iso: string): string | undefined {
  const parsed = parseTimestampMicros(iso);
  if (!parsed || !parsed.exact) return undefined;
  const text = parsed.micros.toString();
  return isTimestampMicros(text) ? text : undefined;
}

/** Java `LocalDate.toString` of days since 1970-01-01 (`2025-12-10`). */
export function dateText(days: number): string {
  return dayText(new Date(days * 86_400_000));
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; undefined when it is not a date that exists. */
export function dateDaysOf(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const parsed = parseTimestampMicros(`${text}T00:00:00Z`);
  if (!parsed) return undefined;
  const days = Number(parsed.micros / 86_400_000_000n);
  return isDateDays(days) ? days : undefined;
}
