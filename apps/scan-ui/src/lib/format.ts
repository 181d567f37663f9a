/**
 * Formatting of the API's values for display. Amounts arrive as Daml decimal strings and stay
 * strings: they are regrouped digit by digit, never parsed to a float (which would round them).
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Java `BigDecimal.toString`'s scientific form, which a scan's compact JSON uses for small values: `"0E-10"`, `"-1.43E-8"`. */
const SCIENTIFIC = /^(-?)(\d)(?:\.(\d+))?E([+-]?\d+)$/;

/** `"-1.43E-8"` → `"-0.0000000143"`: the plain digits of a decimal in scientific form (string work only). */
function plainDecimal(value: string): string {
  const m = SCIENTIFIC.exec(value);
  if (!m) return value;
  const [, sign, lead, rest = '', exponentText] = m;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > 400) return value;
  const digits = lead + rest;
  const point = 1 + exponent; // where the decimal point goes in `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * `"1234567.1200000000"` → `"1,234,567.12"`: thousands grouped, trailing fraction zeros dropped,
 * every significant digit kept. `maxFraction` cuts (never rounds) the fraction for compact
 * displays. The scientific form a scan writes for small values (`"0E-10"`, `"-1.43E-8"`) is read
 * too. Anything that is not a decimal string is returned unchanged.
 */
export function formatAmount(value: string, maxFraction?: number): string {
  const m = DECIMAL.exec(plainDecimal(value.trim()));
  if (!m) return value;
  const [, sign, whole, fraction = ''] = m;
  const digits = whole.replace(/^0+(?=\d)/, '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let frac = fraction.replace(/0+$/, '');
  if (maxFraction !== undefined && frac.length > maxFraction)
    frac = frac.slice(0, maxFraction).replace(/0+$/, '');
  const zero = /^0*$/.test(digits) && frac === '';
  return `${zero ? '' : sign}${grouped}${frac ? `.${frac}` : ''}`;
}

/** An integer count with thousands grouped. */
export function formatCount(value: number | string): string {
  return formatAmount(String(value));
}

/**
 * `"2026-01-02T03:04:05.123456Z"` → `"2026-01-02 03:04:05 UTC"`: the API's UTC timestamps as
 * written (the string is cut, not converted, so the display never depends on the browser's zone).
 */
export function formatUtc(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  if (!m) return iso;
  return `${m[1]} ${m[2]} UTC`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** `"3 hours ago"`, `"in 5 minutes"`: a timestamp relative to `now` (ms since the epoch). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const seconds = Math.round((t - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return relative.format(Math.trunc(seconds / size), unit);
  }
  return '';
}

/** `"1220ab…cdef"`: a long id shortened for tables (the full id stays in the link and the copy button). */
export function shortId(id: string, head = 10, tail = 6): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}

/** `"pkg:Splice.Amulet:Amulet"` → `"Splice.Amulet:Amulet"`: a template id without its package. */
export function templateName(templateId: string): string {
  const parts = templateId.split(':');
  return parts.length >= 3 ? parts.slice(-2).join(':') : templateId;
}

/** A party id's hint (`"alice::1220…"` → `"alice"`). */
export function partyHint(party: string): string {
  const i = party.indexOf('::');
  return i > 0 ? party.slice(0, i) : party;
}

/**
 * A lag in seconds for people: `0 s`, `29.5 s`, `12 min 5 s`, `3 h 2 min`, `2 d 4 h` — the units
 * the mirror's own log and `npm run mirror` print lags in (libs/mirror `formatLag`), which the
 * browser bundle cannot import; under a minute keeps a tenth of a second.
 */
export function formatLag(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const s = Math.round(seconds);
  if (s < 3600) return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
  const h = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  if (h < 24) return min === 0 ? `${h} h` : `${h} h ${min} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}
