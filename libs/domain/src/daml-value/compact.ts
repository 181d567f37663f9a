import type { CompactValue, DamlValue } from './daml-value.types';

/**
 * Derives the compact JSON form (the Daml JSON encoding most clients read) from a lossless value:
 * records become objects keyed by label, variants `{tag, value}`, enums their constructor, maps
 * objects (text maps) or `[key, value]` pair arrays (gen maps), scalars their text.
 *
 * Optionals follow the Daml JSON rule that keeps nesting unambiguous: `None` is `null`, `Some x` is
 * `x` unless `x` is itself optional, in which case `Some None` is `[]` and `Some (Some x)` is `[x]`.
 */
export function toCompact(value: DamlValue): CompactValue {
  if ('record' in value) {
    const out: Record<string, CompactValue> = {};
    for (const field of value.record.fields) setOwn(out, field.label, toCompact(field.value));
    return out;
  }
  if ('variant' in value) return { tag: value.variant.constructor, value: toCompact(value.variant.value) };
  if ('enum' in value) return value.enum.constructor;
  if ('list' in value) return value.list.map(toCompact);
  if ('optional' in value) return value.optional === null ? null : someToCompact(value.optional);
  if ('textMap' in value) {
    const out: Record<string, CompactValue> = {};
    for (const entry of value.textMap) setOwn(out, entry.key, toCompact(entry.value));
    return out;
  }
  if ('genMap' in value) return value.genMap.map((entry) => [toCompact(entry.key), toCompact(entry.value)]);
  if ('party' in value) return value.party;
  if ('numeric' in value) return value.numeric;
  if ('text' in value) return value.text;
  if ('int64' in value) return value.int64;
  if ('contractId' in value) return value.contractId;
  if ('timestamp' in value) return value.timestamp;
  if ('date' in value) return value.date;
  if ('bool' in value) return value.bool;
  if ('unit' in value) return {};
  return unreachable(value);
}

function someToCompact(inner: DamlValue): CompactValue {
  if (!('optional' in inner)) return toCompact(inner);
  return inner.optional === null ? [] : [someToCompact(inner.optional)];
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
