import { dateDaysOf, isLedgerNumeric, timestampMicrosOf } from './daml-scalars';
import type { DamlGenMapEntry, DamlRecordField, DamlTextMapEntry, DamlValue } from './daml-value.types';

/*
 * The lossless form the store kept before it spoke proto3 JSON (releases up to 6579eed): every
 * value an object with one kind member, but lists, text maps and gen maps as bare arrays, None
 * as `null` and Some as the value itself, timestamps as ISO-8601 text, dates as `YYYY-MM-DD`,
 * records' fields always with a `label` (`""` when the ledger gave none). Only the conversion of
 * stores written by those releases reads it (migration ProtobufJsonPayloads1795450000000).
 */

/**
 * The proto3 JSON form (`DamlValue`) of a value in the legacy dialect, as protobuf's printer
 * would write it: empty lists, maps and records without their repeated member, None as `{}`,
 * empty labels and text-map keys left out, timestamps as microseconds, dates as days. Nothing
 * is lost: the dialect never held record, variant or enum ids. Throws an Error naming the path
 * of the first node that is not in the dialect (`path` is the root's name).
 */
export function fromLegacyDialect(old: unknown, path = 'value'): DamlValue {
  if (typeof old !== 'object' || old === null || Array.isArray(old))
    throw legacyError(path, 'expected an object with one member naming the value kind');
  const keys = Object.keys(old);
  if (keys.length !== 1)
    throw legacyError(path, `expected exactly one member naming the value kind, got ${JSON.stringify(keys)}`);
  const kind = keys[0];
  const inner: unknown = (old as Record<string, unknown>)[kind];
  switch (kind) {
    case 'record':
      return { record: recordOf(inner, path) };
    case 'variant': {
      const v = objectOf(inner, path, 'variant');
      return {
        variant: {
          constructor: stringOf(v.constructor, path, 'variant constructor'),
          value: fromLegacyDialect(v.value, `${path}.${String(v.constructor)}`),
        },
      };
    }
    case 'enum':
      return {
        enum: { constructor: stringOf(objectOf(inner, path, 'enum').constructor, path, 'enum constructor') },
      };
    case 'list': {
      const items = arrayOf(inner, path, 'list');
      if (items.length === 0) return { list: {} };
      return { list: { elements: items.map((item, i) => fromLegacyDialect(item, `${path}[${i}]`)) } };
    }
    case 'optional':
      return { optional: inner === null ? {} : { value: fromLegacyDialect(inner, path) } };
    case 'textMap': {
      const entries = arrayOf(inner, path, 'textMap');
      if (entries.length === 0) return { textMap: {} };
      return {
        textMap: {
          entries: entries.map((entry, i): DamlTextMapEntry => {
            const e = objectOf(entry, `${path}[${i}]`, 'textMap entry');
            const key = stringOf(e.key, `${path}[${i}]`, 'textMap key');
            const value = fromLegacyDialect(e.value, `${path}[${JSON.stringify(key)}]`);
            return key === '' ? { value } : { key, value };
          }),
        },
      };
    }
    case 'genMap': {
      const entries = arrayOf(inner, path, 'genMap');
      if (entries.length === 0) return { genMap: {} };
      return {
        genMap: {
          entries: entries.map((entry, i): DamlGenMapEntry => {
            const e = objectOf(entry, `${path}[${i}]`, 'genMap entry');
            return {
              key: fromLegacyDialect(e.key, `${path}[${i}].key`),
              value: fromLegacyDialect(e.value, `${path}[${i}].value`),
            };
          }),
        },
      };
    }
    case 'party':
      return { party: stringOf(inner, path, 'party') };
    case 'text':
      return { text: stringOf(inner, path, 'text') };
    case 'contractId':
      return { contractId: stringOf(inner, path, 'contractId') };
    case 'numeric': {
      const text = stringOf(inner, path, 'numeric');
      if (!isLedgerNumeric(text)) throw legacyError(path, `not a ledger numeric: ${JSON.stringify(text)}`);
      return { numeric: text };
    }
    case 'int64': {
      const text = stringOf(inner, path, 'int64');
      // The dialect allowed leading zeros (`"007"`); proto3 JSON writes the integer's own digits.
      if (!/^-?\d+$/.test(text)) throw legacyError(path, `not an int64: ${JSON.stringify(text)}`);
      return { int64: BigInt(text).toString() };
    }
    case 'timestamp': {
      const text = stringOf(inner, path, 'timestamp');
      const micros = timestampMicrosOf(text);
      if (micros === undefined) throw legacyError(path, `not a Daml timestamp: ${JSON.stringify(text)}`);
      return { timestamp: micros };
    }
    case 'date': {
      const text = stringOf(inner, path, 'date');
      const days = dateDaysOf(text);
      if (days === undefined) throw legacyError(path, `not a Daml date: ${JSON.stringify(text)}`);
      return { date: days };
    }
    case 'bool':
      if (typeof inner !== 'boolean') throw legacyError(path, 'bool must be true or false');
      return { bool: inner };
    case 'unit':
      objectOf(inner, path, 'unit');
      return { unit: {} };
    default:
      throw legacyError(path, `unknown value kind ${JSON.stringify(kind)}`);
  }
}

function recordOf(inner: unknown, path: string): { fields?: DamlRecordField[] } {
  const fields = arrayOf(objectOf(inner, path, 'record').fields, path, 'record fields');
  if (fields.length === 0) return {};
  return {
    fields: fields.map((field, i): DamlRecordField => {
      const f = objectOf(field, `${path}.fields[${i}]`, 'record field');
      const label = stringOf(f.label, `${path}.fields[${i}]`, 'record label');
      const value = fromLegacyDialect(f.value, label === '' ? `${path}.fields[${i}]` : `${path}.${label}`);
      return label === '' ? { value } : { label, value };
    }),
  };
}

function objectOf(x: unknown, path: string, what: string): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x))
    throw legacyError(path, `${what} must be an object`);
  return x as Record<string, unknown>;
}

function arrayOf(x: unknown, path: string, what: string): unknown[] {
  if (!Array.isArray(x)) throw legacyError(path, `${what} must be an array in the legacy dialect`);
  return x;
}

function stringOf(x: unknown, path: string, what: string): string {
  if (typeof x !== 'string') throw legacyError(path, `${what} must be a string`);
  return x;
}

function legacyError(path: string, problem: string): Error {
  return new Error(`${path}: ${problem} (legacy lossless dialect)`);
}
