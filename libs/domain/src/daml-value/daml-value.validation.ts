import type { DamlValue } from './daml-value.types';
import {
  CONTRACT_ID,
  int64InRange,
  INT64,
  isDate,
  isIdentifier,
  isPlainObject,
  isTimestamp,
  isWellFormedDamlValue,
  KINDS,
  NUMERIC,
  PARTY,
} from './daml-value.well-formed';

/**
 * Checks that `value` is a well-formed lossless Daml value, throwing an Error that names the path
 * of the first malformed node (`payload.amount.initialAmount`, `payload.holders[2]`, ...).
 * Paths extend `path` with `.label` for record fields, `[i]` for list items, `.<Constructor>` for
 * variant payloads, `["key"]` for text-map entries and `[i].key` / `[i].value` for gen-map entries.
 */
export function assertDamlValue(value: unknown, path: string): asserts value is DamlValue {
  if (!isWellFormedDamlValue(value)) explainMalformation(value, path);
}

/** Throws the Error naming the path of the first malformed node of `value`; returns when it has none. */
export function explainMalformation(value: unknown, path: string): void {
  if (!isPlainObject(value)) fail(path, 'expected an object with one key naming the value kind');
  const keys = Object.keys(value);
  if (keys.length !== 1 || !KINDS.has(keys[0])) {
    fail(path, `expected exactly one value kind key, got ${JSON.stringify(keys)}`);
  }
  const kind = keys[0];
  const inner = value[kind];
  switch (kind) {
    case 'record':
      return assertRecord(inner, path);
    case 'variant': {
      if (!isPlainObject(inner) || !isIdentifier(inner.constructor) || !('value' in inner)) {
        fail(path, 'variant needs a constructor name and a value');
      }
      return explainMalformation(inner.value, `${path}.${String(inner.constructor)}`);
    }
    case 'enum':
      if (!isPlainObject(inner) || !isIdentifier(inner.constructor))
        fail(path, 'enum needs a constructor name');
      return;
    case 'list':
      if (!Array.isArray(inner)) fail(path, 'list must be an array');
      inner.forEach((item: unknown, i: number) => explainMalformation(item, `${path}[${i}]`));
      return;
    case 'optional':
      if (inner !== null) explainMalformation(inner, path);
      return;
    case 'textMap':
      return assertTextMap(inner, path);
    case 'genMap':
      if (!Array.isArray(inner)) fail(path, 'genMap must be an array of {key, value} entries');
      inner.forEach((entry: unknown, i: number) => {
        if (!isPlainObject(entry) || !('key' in entry) || !('value' in entry))
          fail(`${path}[${i}]`, 'expected {key, value}');
        explainMalformation(entry.key, `${path}[${i}].key`);
        explainMalformation(entry.value, `${path}[${i}].value`);
      });
      return;
    case 'party':
      if (typeof inner !== 'string' || !PARTY.test(inner))
        fail(path, `malformed party id ${JSON.stringify(inner)}`);
      return;
    case 'numeric':
      if (typeof inner !== 'string' || !NUMERIC.test(inner))
        fail(path, `malformed numeric ${JSON.stringify(inner)}`);
      return;
    case 'text':
      if (typeof inner !== 'string') fail(path, 'text must be a string');
      return;
    case 'int64':
      if (typeof inner !== 'string' || !INT64.test(inner) || !int64InRange(inner)) {
        fail(path, `malformed or out-of-range int64 ${JSON.stringify(inner)}`);
      }
      return;
    case 'contractId':
      if (typeof inner !== 'string' || !CONTRACT_ID.test(inner))
        fail(path, `malformed contract id ${JSON.stringify(inner)}`);
      return;
    case 'timestamp':
      if (typeof inner !== 'string' || !isTimestamp(inner)) {
        fail(path, `malformed timestamp ${JSON.stringify(inner)} (want ISO-8601 UTC, at most microseconds)`);
      }
      return;
    case 'date':
      if (typeof inner !== 'string' || !isDate(inner)) fail(path, `malformed date ${JSON.stringify(inner)}`);
      return;
    case 'bool':
      if (typeof inner !== 'boolean') fail(path, 'bool must be true or false');
      return;
    case 'unit':
      if (!isPlainObject(inner) || Object.keys(inner).length !== 0) fail(path, 'unit must be {}');
      return;
    default:
      fail(path, `unknown value kind ${kind}`);
  }
}

function assertRecord(inner: unknown, path: string): void {
  if (!isPlainObject(inner) || !Array.isArray(inner.fields)) fail(path, 'record needs a fields array');
  const seen = new Set<string>();
  inner.fields.forEach((field: unknown, i: number) => {
    if (!isPlainObject(field) || typeof field.label !== 'string' || !('value' in field)) {
      fail(`${path}.fields[${i}]`, 'expected {label, value}');
    }
    // Daml records may be positional (empty labels); only named labels must be unique.
    if (field.label !== '' && seen.has(field.label)) fail(`${path}.${field.label}`, 'duplicate record label');
    seen.add(field.label);
    explainMalformation(field.value, `${path}.${field.label === '' ? `fields[${i}]` : field.label}`);
  });
}

function assertTextMap(inner: unknown, path: string): void {
  if (!Array.isArray(inner)) fail(path, 'textMap must be an array of {key, value} entries');
  const seen = new Set<string>();
  inner.forEach((entry: unknown, i: number) => {
    if (!isPlainObject(entry) || typeof entry.key !== 'string' || !('value' in entry)) {
      fail(`${path}[${i}]`, 'expected {key: string, value}');
    }
    const entryPath = `${path}[${JSON.stringify(entry.key)}]`;
    if (seen.has(entry.key)) fail(entryPath, 'duplicate text map key');
    seen.add(entry.key);
    explainMalformation(entry.value, entryPath);
  });
}

function fail(path: string, problem: string): never {
  throw new Error(`${path}: ${problem}`);
}
