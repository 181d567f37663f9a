/*
 * The rules of a well-formed lossless Daml value, and a check of them that allocates nothing:
 * the ingest checks every payload of every update with it. `assertDamlValue` (which names the
 * path of the first malformed node) runs only when this check fails, so the two must agree.
 */

export const NUMERIC = /^-?\d+(\.\d+)?$/;
export const INT64 = /^-?\d+$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
// Daml-LF PartyIdString (at most 255 of these characters) in Canton's `hint::fingerprint` form.
export const PARTY = /^(?=.{1,255}$)[A-Za-z0-9:\-_ ]+::[0-9a-f]+$/;
export const CONTRACT_ID = /^(?:[0-9a-f]{2})+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const KINDS = new Set([
  'record',
  'variant',
  'enum',
  'list',
  'optional',
  'textMap',
  'genMap',
  'party',
  'numeric',
  'text',
  'int64',
  'contractId',
  'timestamp',
  'date',
  'bool',
  'unit',
]);

// Records and text maps this small are checked for duplicate labels or keys pairwise, without a Set.
const PAIRWISE_MAX = 16;

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function isIdentifier(x: unknown): x is string {
  return typeof x === 'string' && IDENTIFIER.test(x);
}

/** A decimal int64 within range (text that `INT64` accepts). */
export function int64InRange(text: string): boolean {
  // Up to 18 digits (with the sign, 19 characters) cannot leave the range.
  if (text.length <= 18 || (text.length === 19 && text.charCodeAt(0) === 45)) return true;
  const n = BigInt(text);
  return n >= INT64_MIN && n <= INT64_MAX;
}

/** ISO-8601 UTC with at most microseconds, on a day and at a time that exist. */
export function isTimestamp(text: string): boolean {
  return (
    TIMESTAMP.test(text) &&
    isCalendarDate(digits(text, 0, 4), digits(text, 5, 2), digits(text, 8, 2)) &&
    digits(text, 11, 2) < 24 &&
    digits(text, 14, 2) < 60 &&
    digits(text, 17, 2) < 60
  );
}

export function isDate(text: string): boolean {
  return DATE.test(text) && isCalendarDate(digits(text, 0, 4), digits(text, 5, 2), digits(text, 8, 2));
}

/** The number written by the `count` ASCII digits of `text` from `at` (checked digits already). */
function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** The one own key of `value`, or undefined when it has none or several. */
function onlyKey(value: Record<string, unknown>): string | undefined {
  let only: string | undefined;
  let count = 0;
  for (const k in value) {
    if (++count > 1) return undefined;
    only = k;
  }
  return only !== undefined && Object.prototype.hasOwnProperty.call(value, only) ? only : undefined;
}

/** Whether `value` is a well-formed lossless Daml value (what `assertDamlValue` accepts). */
export function isWellFormedDamlValue(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const kind = onlyKey(value);
  if (kind === undefined) return false;
  const inner = value[kind];
  switch (kind) {
    case 'record':
      return isPlainObject(inner) && Array.isArray(inner.fields) && wellFormedFields(inner.fields);
    case 'variant':
      return (
        isPlainObject(inner) &&
        isIdentifier(inner.constructor) &&
        'value' in inner &&
        isWellFormedDamlValue(inner.value)
      );
    case 'enum':
      return isPlainObject(inner) && isIdentifier(inner.constructor);
    case 'list':
      if (!Array.isArray(inner)) return false;
      for (let i = 0; i < inner.length; i++) if (!isWellFormedDamlValue(inner[i])) return false;
      return true;
    case 'optional':
      return inner === null || isWellFormedDamlValue(inner);
    case 'textMap':
      return Array.isArray(inner) && wellFormedEntries(inner, 'key', true);
    case 'genMap':
      return Array.isArray(inner) && wellFormedEntries(inner, 'key', false);
    case 'party':
      return typeof inner === 'string' && PARTY.test(inner);
    case 'numeric':
      return typeof inner === 'string' && NUMERIC.test(inner);
    case 'text':
      return typeof inner === 'string';
    case 'int64':
      return typeof inner === 'string' && INT64.test(inner) && int64InRange(inner);
    case 'contractId':
      return typeof inner === 'string' && CONTRACT_ID.test(inner);
    case 'timestamp':
      return typeof inner === 'string' && isTimestamp(inner);
    case 'date':
      return typeof inner === 'string' && isDate(inner);
    case 'bool':
      return typeof inner === 'boolean';
    case 'unit':
      return isPlainObject(inner) && Object.keys(inner).length === 0;
    default:
      return false;
  }
}

/** Record fields `{label, value}`, named labels unique (positional ones, empty, may repeat). */
function wellFormedFields(fields: unknown[]): boolean {
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (!isPlainObject(field) || typeof field.label !== 'string' || !('value' in field)) return false;
    if (!isWellFormedDamlValue(field.value)) return false;
  }
  return uniqueStrings(fields as { label: string }[], 'label', false);
}

/** Map entries `{key, value}`: text keys unique (text maps), or Daml value keys (gen maps). */
function wellFormedEntries(entries: unknown[], key: 'key', textKeys: boolean): boolean {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!isPlainObject(entry) || !('value' in entry)) return false;
    if (textKeys ? typeof entry.key !== 'string' : !(key in entry) || !isWellFormedDamlValue(entry.key))
      return false;
    if (!isWellFormedDamlValue(entry.value)) return false;
  }
  return !textKeys || uniqueStrings(entries as { key: string }[], key, true);
}

/** Whether the items' `field` strings are unique (empty ones too only when `emptyCounts`). */
function uniqueStrings<F extends string>(
  items: readonly Record<F, string>[],
  field: F,
  emptyCounts: boolean,
): boolean {
  if (items.length > PAIRWISE_MAX) {
    const seen = new Set<string>();
    for (const item of items) {
      const s = item[field];
      if ((emptyCounts || s !== '') && seen.has(s)) return false;
      seen.add(s);
    }
    return true;
  }
  for (let i = 1; i < items.length; i++) {
    const s = items[i][field];
    if (!emptyCounts && s === '') continue;
    for (let j = 0; j < i; j++) if (items[j][field] === s) return false;
  }
  return true;
}
