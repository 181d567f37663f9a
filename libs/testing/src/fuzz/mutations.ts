import type { Prng } from './prng';
import { RawJson } from './schema-values';

/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are walked as plain JSON */

const NUMBER_EDGES: RawJson[] = [
  '0',
  '-1',
  '1',
  '-0',
  '0.5',
  '1e-7',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '1e308',
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
].map((t) => new RawJson(t));

const DATE_EDGES = [
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000001Z',
  '9999-12-31T23:59:59.999999Z',
  '0000-12-31T23:59:59Z',
  '10000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+00:01',
  '9999-12-31T23:59:59-00:01',
  '1969-12-31T23:59:59.999999Z',
  '1970-01-01T00:00:00Z',
  '2026-02-29T00:00:00Z',
  '2026-06-30T23:59:60Z',
  '2026-01-05T24:00:00Z',
  '2026-01-05T00:00:00.1234567891Z',
  '2026-01-05T00:00:00',
  '2026-01-05',
  '+275760-09-13T00:00:00Z',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\ufeff',
  '\u202e',
  'e\u0301',
  '\u{1f642}',
  '%',
  '%00',
  '../../etc/passwd',
  "'; DROP TABLE updates; --",
  '\\',
  '\n\r\t',
  '1220' + 'A'.repeat(64),
  'a'.repeat(256),
  'a'.repeat(10_000),
];

const WRONG_TYPES: unknown[] = [null, true, false, 'abc', 12, 1.5, [], {}, [null], '1e3', ' 1', '0x10'];

/** Raw (already percent-encoded) path or query values that are not a plain encoded string. */
export const RAW_URL_VALUES = [
  '%00',
  '%',
  '%zz',
  '%2F',
  '%ED%A0%80',
  '%C0%AE',
  '..',
  '%20',
  'a'.repeat(5_000),
  '00' + 'f'.repeat(10_000),
  '9223372036854775808',
  '-1',
  '1.5',
  'true',
  '',
];

const looksLikeDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v);

/** A boundary value of the same kind as `current` (numbers, dates, strings, lists). */
export function boundaryFor(rng: Prng, current: unknown, maxItems?: number): unknown {
  if (typeof current === 'number' || (typeof current === 'string' && /^-?\d+$/.test(current)))
    return rng.pick(NUMBER_EDGES);
  if (looksLikeDate(current)) return rng.pick(DATE_EDGES);
  if (typeof current === 'string')
    return rng.pick(['', 'a'.repeat(256), 'a'.repeat(70_000), current + current]);
  if (Array.isArray(current)) {
    const n = rng.pick([0, (maxItems ?? 1000) + 1, 1001]);
    return n === 0 ? [] : Array.from({ length: n }, () => current[0] ?? 'x');
  }
  return rng.pick([{}, []]);
}

/** An invalid value: a wrong type or an odd string. */
export function invalidValue(rng: Prng): unknown {
  return rng.chance(0.5) ? rng.pick(WRONG_TYPES) : rng.pick(ODD_STRINGS);
}

/** A date-time or number edge as query text. */
export function boundaryText(rng: Prng, current: string): string {
  const v = boundaryFor(rng, current);
  const text = v instanceof RawJson ? v.text : typeof v === 'string' ? v : JSON.stringify(v);
  return encodeURIComponent(text);
}

/** Every (container, key) position of a JSON value, the root excluded. */
export function positions(value: unknown): { container: any; key: string | number; depth: number }[] {
  const out: { container: any; key: string | number; depth: number }[] = [];
  const walk = (node: unknown, depth: number) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        out.push({ container: node, key: i, depth });
        walk(child, depth + 1);
      });
    } else if (node !== null && typeof node === 'object' && !(node instanceof RawJson)) {
      for (const [k, child] of Object.entries(node)) {
        out.push({ container: node, key: k, depth });
        walk(child, depth + 1);
      }
    }
  };
  walk(value, 0);
  return out;
}

/** Every object inside a JSON value, the root included. */
export function objectsIn(value: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object' && !(node instanceof RawJson)) {
      out.push(node as Record<string, unknown>);
      Object.values(node).forEach(walk);
    }
  };
  walk(value);
  return out;
}

/** Sets `obj[key]` as an own enumerable property, `__proto__` included. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

export const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'a\u0000b', '', 'x'.repeat(1000)];

export const MALFORMED_BODIES: (string | Uint8Array)[] = [
  '{"oops": ',
  '{',
  '{"a":1}}',
  "{'a': 1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a": 1e999999}',
  '['.repeat(10_000),
  Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
];

export const WRONG_BODY_TYPES = ['[]', '[1,2]', '1', '"text"', 'null', 'true'];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
  '',
];
