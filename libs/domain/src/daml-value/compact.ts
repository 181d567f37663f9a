import { bigDecimalText, dateText, instantText } from './daml-scalars';
import type { CompactValue, DamlRecordField, DamlValue } from './daml-value.types';

/**
 * How a numeric is written in compact JSON: `scan` as Splice's scan renders it (Java
 * `BigDecimal.toString`, `"0E-10"`), `ledger` as the JSON Ledger API does (the ledger's plain
 * decimal text, `"0.0000000000"`). Everything else is the same in both.
 */
export type NumericStyle = 'scan' | 'ledger';

/**
 * The compact JSON form of a lossless value (the Daml JSON of the JVM codegen, as Splice's scan
 * renders it; docs/daml-values.md): records become objects keyed by label (an array of the
 * field values when the record's fields have no labels), variants `{tag, value}`, enums their
 * constructor, unit `{}`, lists arrays, text maps objects, gen maps `[key, value]` pair arrays,
 * int64 decimal strings, dates `YYYY-MM-DD`, timestamps Java `Instant.toString`, numerics per
 * `style`. Optionals: None is `null`, `Some x` is `x` unless `x` is itself optional, in which
 * case `Some None` is `[]` and `Some (Some x)` is `[x]`.
 */
export function toCompact(value: DamlValue, style: NumericStyle = 'scan'): CompactValue {
  if ('record' in value) return recordToCompact(value.record.fields, style);
  if ('variant' in value)
    return { tag: value.variant.constructor, value: toCompact(value.variant.value, style) };
  if ('enum' in value) return value.enum.constructor;
  if ('list' in value) {
    const elements = value.list.elements;
    if (elements === undefined) return [];
    const out: CompactValue[] = new Array(elements.length);
    for (let i = 0; i < elements.length; i++) out[i] = toCompact(elements[i], style);
    return out;
  }
  if ('optional' in value) {
    const inner = value.optional.value;
    return inner === undefined ? null : someToCompact(inner, style);
  }
  if ('textMap' in value) {
    const out: Record<string, CompactValue> = {};
    for (const entry of value.textMap.entries ?? [])
      setOwn(out, entry.key ?? '', toCompact(entry.value, style));
    return out;
  }
  if ('genMap' in value)
    return (value.genMap.entries ?? []).map((entry) => [
      toCompact(entry.key, style),
      toCompact(entry.value, style),
    ]);
  if ('party' in value) return value.party;
  if ('numeric' in value) return style === 'scan' ? bigDecimalText(value.numeric) : value.numeric;
  if ('text' in value) return value.text;
  if ('int64' in value) return value.int64;
  if ('contractId' in value) return value.contractId;
  if ('timestamp' in value) return instantText(value.timestamp);
  if ('date' in value) return dateText(value.date);
  if ('bool' in value) return value.bool;
  if ('unit' in value) return {};
  return unreachable(value);
}

function recordToCompact(fields: DamlRecordField[] | undefined, style: NumericStyle): CompactValue {
  if (fields === undefined) return {};
  // A record whose fields carry no labels (the ledger's non-verbose form) is written positionally,
  // as Daml-LF JSON allows: an array of the field values in declaration order.
  if (fields[0].label === undefined) return fields.map((field) => toCompact(field.value, style));
  const out: Record<string, CompactValue> = {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    setOwn(out, field.label ?? `_${i + 1}`, toCompact(field.value, style));
  }
  return out;
}

function someToCompact(inner: DamlValue, style: NumericStyle): CompactValue {
  if (!('optional' in inner)) return toCompact(inner, style);
  const value = inner.optional.value;
  return value === undefined ? [] : [someToCompact(value, style)];
}

// A label or map key named `__proto__` must become an own property, not replace the prototype.
function setOwn(target: Record<string, CompactValue>, key: string, value: CompactValue): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

function unreachable(value: never): never {
  throw new Error(`not a lossless Daml value: ${JSON.stringify(value)}`);
}
