import { invalidArgument } from '../errors/domain-error';

/**
 * Field checks shared by the registry's choice-argument validators (allocation and transfer
 * factories): each takes the value and its path in the request, and fails with INVALID_ARGUMENT
 * naming the path, e.g. `choiceArguments.transfer.amount must be positive, got "0"`.
 */

const PARTY = /^[^:\s]+::[0-9a-f]+$/;
const CONTRACT_ID = /^00[0-9a-f]+$/;
const DECIMAL = /^\d{1,28}(\.\d{1,10})?$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const MAX_TEXT = 4096;
/** The instrument id of Amulet, administered by the DSO party. */
export const AMULET_INSTRUMENT_ID = 'Amulet';
export const MAX_ID = 255;

export type Json = Record<string, unknown>;

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
export function fail(path: string, problem: string, value?: unknown): never {
  throw invalidArgument(`${path} ${problem}${value === undefined ? '' : `, got ${show(value)}`}`, {
    field: path,
  });
}
export const key = (path: string, name: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;

export function object(value: unknown, path: string): Json {
  if (value === undefined) fail(path, 'is required');
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail(path, 'must be an object', value);
  return value as Json;
}

export function text(value: unknown, path: string, { nonEmpty = true, max = MAX_TEXT } = {}): string {
  if (value === undefined) fail(path, 'is required');
  if (typeof value !== 'string') fail(path, 'must be a string', value);
  const s = value as string;
  if (nonEmpty && s.length === 0) fail(path, 'must not be empty');
  if (s.length > max) fail(path, `must be at most ${max} characters long`);
  return s;
}

export function party(value: unknown, path: string): string {
  const s = text(value, path, { max: MAX_ID });
  if (!PARTY.test(s)) fail(path, 'must be a party id (HINT::FINGERPRINT)', s);
  return s;
}

export function contractId(value: unknown, path: string): string {
  const s = text(value, path, { max: 1024 });
  if (!CONTRACT_ID.test(s)) fail(path, 'must be a contract id (lower-case hex starting with 00)', s);
  return s;
}

export function time(value: unknown, path: string): string {
  const s = text(value, path, { max: 64 });
  const m = TIME.exec(s);
  const [mo, d, h, mi, sec] = m ? m.slice(2, 7).map(Number) : [];
  if (!m || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59) {
    fail(path, 'must be an ISO-8601 time with a time zone (e.g. 2026-01-05T10:00:00.000000Z)', s);
  }
  return s;
}

export function amount(value: unknown, path: string): string {
  const s = text(value, path, { max: 64 });
  if (!DECIMAL.test(s))
    fail(path, 'must be a decimal string with at most 28 integer and 10 fractional digits', s);
  if (!/[1-9]/.test(s)) fail(path, 'must be positive', s);
  return s;
}

export function metadata(value: unknown, path: string): void {
  const values = object(object(value, path).values, `${path}.values`);
  for (const [k, v] of Object.entries(values)) {
    if (k.length === 0) fail(`${path}.values`, 'must not have an empty key');
    text(v, key(`${path}.values`, k), { nonEmpty: false });
  }
}

/** `Splice.Api.Token.MetadataV1:ChoiceContext`: `{values: {KEY: AnyValue}}`, AnyValue a tagged variant. */
export function choiceContext(value: unknown, path: string): void {
  const values = object(object(value, path).values, `${path}.values`);
  for (const [k, v] of Object.entries(values)) {
    const entry = object(v, key(`${path}.values`, k));
    text(entry.tag, `${key(`${path}.values`, k)}.tag`, { max: 64 });
  }
}

/** Ledger JSON `Optional ContractId`: absent, null or a contract id. */
export function optionalContractId(value: unknown, path: string): void {
  if (value !== undefined && value !== null) contractId(value, path);
}
