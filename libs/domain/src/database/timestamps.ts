import { types } from 'pg';
import { formatMicros, parseTimestampMicros } from '../time/micros';

/**
 * PostgreSQL keeps microseconds; JavaScript Date does not. Timestamps therefore travel as
 * strings: this parser turns the server's text form (`2026-01-05 10:00:00.123456+00`) into
 * ISO-8601 UTC with exactly six fractional digits (`2026-01-05T10:00:00.123456Z`).
 */
export function parseTimestamptz(text: string): string {
  const m =
    /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?( BC)?$/.exec(
      text,
    );
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac = '', oh, om = '00', os = '00', bc] = m;
  const micros = frac.padEnd(6, '0');
  const offsetSeconds =
    (Number(oh) < 0 || oh.startsWith('-') ? -1 : 1) *
    (Math.abs(Number(oh)) * 3600 + Number(om) * 60 + Number(os));
  if (offsetSeconds === 0 && !bc) return `${y}-${mo}-${d}T${h}:${mi}:${s}.${micros}Z`;
  // Rare (session time zone not UTC).
  const parsed = parseTimestampMicros(text);
  if (parsed) return formatMicros(parsed.micros);
  // Offsets with seconds or BC dates: shift through Date at second resolution, keep the micros.
  const base =
    Date.UTC(Number(y) * (bc ? -1 : 1), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) -
    offsetSeconds * 1000;
  const iso = new Date(base).toISOString();
  return `${iso.slice(0, 19)}.${micros}Z`;
}

/** Renders any ISO-8601 input as the canonical microsecond UTC form (floored) without going through Date. */
export function canonicalTimestamp(iso: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso)) return undefined;
  const parsed = parseTimestampMicros(iso);
  return parsed && formatMicros(parsed.micros);
}

let installed = false;

/** Installs the string parsers for timestamptz/timestamp on the process-wide pg type registry. */
export function installPgTypeParsers(): void {
  if (installed) return;
  installed = true;
  types.setTypeParser(types.builtins.TIMESTAMPTZ, parseTimestamptz);
  types.setTypeParser(types.builtins.TIMESTAMP, (text: string) => parseTimestamptz(`${text}+00`));
}
