import { isDateDays, isLedgerNumeric, isTimestampMicros } from './daml-scalars';
import type { DamlValue } from './daml-value.types';

/*
 * The rules of a lossless Daml value: the proto3 JSON that protobuf's standard printer writes for
 * a Ledger API v2 `Value` (docs/daml-values.md), and nothing else: one kind member per value,
 * only the members the message has, empty repeated fields and empty labels/keys omitted, oneof
 * scalars always written, 64-bit integers and timestamps as decimal strings, dates as numbers.
 *
 * The check allocates nothing while a value is well formed (the ingest runs it on every payload
 * of every update); on the first malformed node it returns where and why.
 */

// Daml-LF PartyIdString (at most 255 of these characters) in Canton's `hint::fingerprint` form.
const PARTY = /^(?=.{1,255}$)[A-Za-z0-9:\-_ ]+::[0-9a-f]+$/;
const CONTRACT_ID = /^(?:[0-9a-f]{2})+$/;
const INT64 = /^-?(?:0|[1-9]\d{0,18})$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** A Daml name: a constructor, an entity, a module segment. */
const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MODULE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const PACKAGE_ID = /^[A-Za-z0-9\-_ ]{1,64}$/;

/** Where a value is malformed: the path segments from the value's root, and why. */
interface Malformation {
  /** Innermost first (pushed on the way out of the recursion). */
  segments: string[];
  problem: string;
}

/**
 * Checks that `value` is a lossless Daml value, throwing an Error that names the path of the
 * first malformed node (`payload.amount.initialAmount`, `payload.holders[2]`, ...). Paths extend
 * `path` with `.label` for record fields (`.fields[i]` for a field without a label), `[i]` for
 * list elements, `.<Constructor>` for variant payloads, `["key"]` for text-map entries and
 * `[i].key` / `[i].value` for gen-map entries.
 */
export function assertDamlValue(value: unknown, path: string): asserts value is DamlValue {
  const bad = malformation(value);
  if (bad !== undefined) {
    throw new Error(`${path}${bad.segments.reverse().join('')}: ${bad.problem}`);
  }
}

/** Whether `value` is a lossless Daml value (what `assertDamlValue` accepts). */
export function isDamlValue(value: unknown): value is DamlValue {
  return malformation(value) === undefined;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function problem(text: string): Malformation {
  return { segments: [], problem: text };
}

function at(segment: string, inner: Malformation | undefined): Malformation | undefined {
  if (inner !== undefined) inner.segments.push(segment);
  return inner;
}

/** The first member of `o` that is not one of `allowed`, if any. */
function unknownMember(o: Record<string, unknown>, a: string, b?: string, c?: string): string | undefined {
  for (const k in o) if (k !== a && k !== b && k !== c) return k;
  return undefined;
}

function hasMember(o: Record<string, unknown>): boolean {
  for (const _ in o) return true;
  return false;
}

/** The one own member of `o`, or undefined when it has none or several. */
function onlyMember(o: Record<string, unknown>): string | undefined {
  let only: string | undefined;
  for (const k in o) {
    if (only !== undefined) return undefined;
    only = k;
  }
  return only;
}

function malformation(value: unknown): Malformation | undefined {
  if (!isObject(value)) return problem('expected an object with one member naming the value kind');
  const kind = onlyMember(value);
  if (kind === undefined) {
    return problem(
      `expected exactly one member naming the value kind, got ${JSON.stringify(Object.keys(value))}`,
    );
  }
  const inner = value[kind];
  switch (kind) {
    case 'record':
      return recordMalformation(inner);
    case 'variant': {
      if (!isObject(inner)) return problem('variant must be an object');
      const extra = unknownMember(inner, 'variantId', 'constructor', 'value');
      if (extra !== undefined) return problem(`variant has an unknown member ${JSON.stringify(extra)}`);
      if (inner.variantId !== undefined && !isIdentifier(inner.variantId))
        return problem(identifierProblem('variantId'));
      if (typeof inner.constructor !== 'string' || !NAME.test(inner.constructor))
        return problem('variant needs a constructor name');
      if (!('value' in inner)) return problem('variant needs a value (unit for a constructor without one)');
      return at(`.${inner.constructor}`, malformation(inner.value));
    }
    case 'enum':
      if (!isObject(inner)) return problem('enum must be an object');
      if (unknownMember(inner, 'enumId', 'constructor') !== undefined)
        return problem(
          `enum has an unknown member ${JSON.stringify(unknownMember(inner, 'enumId', 'constructor'))}`,
        );
      if (inner.enumId !== undefined && !isIdentifier(inner.enumId))
        return problem(identifierProblem('enumId'));
      if (typeof inner.constructor !== 'string' || !NAME.test(inner.constructor))
        return problem('enum needs a constructor name');
      return undefined;
    case 'list': {
      if (!isObject(inner)) return problem('list must be an object ({} when empty)');
      if (unknownMember(inner, 'elements') !== undefined)
        return problem('list has a member other than "elements"');
      if (inner.elements === undefined) return undefined;
      if (!Array.isArray(inner.elements) || inner.elements.length === 0)
        return problem('list elements must be a non-empty array (an empty list is {"list": {}})');
      for (let i = 0; i < inner.elements.length; i++) {
        const bad = malformation(inner.elements[i]);
        if (bad !== undefined) return at(`[${i}]`, bad);
      }
      return undefined;
    }
    case 'optional':
      if (!isObject(inner)) return problem('optional must be an object ({} for None)');
      if (unknownMember(inner, 'value') !== undefined)
        return problem('optional has a member other than "value"');
      return inner.value === undefined ? undefined : malformation(inner.value);
    case 'textMap':
      return textMapMalformation(inner);
    case 'genMap':
      return genMapMalformation(inner);
    case 'party':
      return typeof inner === 'string' && PARTY.test(inner)
        ? undefined
        : problem(`malformed party id ${JSON.stringify(inner)}`);
    case 'numeric':
      return typeof inner === 'string' && isLedgerNumeric(inner)
        ? undefined
        : problem(
            `malformed numeric ${JSON.stringify(inner)} (want the ledger's decimal text, e.g. "10.0000000000")`,
          );
    case 'text':
      return typeof inner === 'string' ? undefined : problem('text must be a string');
    case 'int64':
      return typeof inner === 'string' && INT64.test(inner) && int64InRange(inner)
        ? undefined
        : problem(`malformed or out-of-range int64 ${JSON.stringify(inner)} (want a decimal string)`);
    case 'contractId':
      return typeof inner === 'string' && CONTRACT_ID.test(inner)
        ? undefined
        : problem(`malformed contract id ${JSON.stringify(inner)}`);
    case 'timestamp':
      return typeof inner === 'string' && isTimestampMicros(inner)
        ? undefined
        : problem(
            `malformed timestamp ${JSON.stringify(inner)} (want microseconds since the epoch as a decimal string, 0001-01-01 to 9999-12-31)`,
          );
    case 'date':
      return isDateDays(inner)
        ? undefined
        : problem(`malformed date ${JSON.stringify(inner)} (want days since 1970-01-01 as a number)`);
    case 'bool':
      return typeof inner === 'boolean' ? undefined : problem('bool must be true or false');
    case 'unit':
      return isObject(inner) && !hasMember(inner) ? undefined : problem('unit must be {}');
    default:
      return problem(`unknown value kind ${JSON.stringify(kind)}`);
  }
}

function int64InRange(text: string): boolean {
  // Up to 18 digits (with the sign, 19 characters) cannot leave the range.
  if (text.length <= 18 || (text.length === 19 && text.charCodeAt(0) === 45)) return true;
  const n = BigInt(text);
  return n >= INT64_MIN && n <= INT64_MAX;
}

function isIdentifier(x: unknown): boolean {
  return (
    isObject(x) &&
    unknownMember(x, 'packageId', 'moduleName', 'entityName') === undefined &&
    typeof x.packageId === 'string' &&
    PACKAGE_ID.test(x.packageId) &&
    typeof x.moduleName === 'string' &&
    MODULE_NAME.test(x.moduleName) &&
    typeof x.entityName === 'string' &&
    MODULE_NAME.test(x.entityName)
  );
}

function identifierProblem(member: string): string {
  return `${member} must be {packageId, moduleName, entityName}`;
}

function recordMalformation(inner: unknown): Malformation | undefined {
  if (!isObject(inner)) return problem('record must be an object ({} when it has no fields)');
  const extra = unknownMember(inner, 'recordId', 'fields');
  if (extra !== undefined) return problem(`record has an unknown member ${JSON.stringify(extra)}`);
  if (inner.recordId !== undefined && !isIdentifier(inner.recordId))
    return problem(identifierProblem('recordId'));
  const fields = inner.fields;
  if (fields === undefined) return undefined;
  if (!Array.isArray(fields) || fields.length === 0)
    return problem('record fields must be a non-empty array (a record without fields is {"record": {}})');
  for (let i = 0; i < fields.length; i++) {
    const field: unknown = fields[i];
    if (!isObject(field) || unknownMember(field, 'label', 'value') !== undefined || !('value' in field))
      return at(`.fields[${i}]`, problem('expected {label, value} (label omitted when empty)'));
    const label = field.label;
    if (label !== undefined) {
      if (typeof label !== 'string' || label === '')
        return at(`.fields[${i}]`, problem('a label is a non-empty string (omitted when empty)'));
      for (let j = 0; j < i; j++) {
        if ((fields[j] as { label?: string }).label === label)
          return at(`.${label}`, problem('duplicate record label'));
      }
    }
    const bad = malformation(field.value);
    if (bad !== undefined) return at(label === undefined ? `.fields[${i}]` : `.${label}`, bad);
  }
  return undefined;
}

function textMapMalformation(inner: unknown): Malformation | undefined {
  if (!isObject(inner)) return problem('textMap must be an object ({} when empty)');
  if (unknownMember(inner, 'entries') !== undefined)
    return problem('textMap has a member other than "entries"');
  const entries = inner.entries;
  if (entries === undefined) return undefined;
  if (!Array.isArray(entries) || entries.length === 0)
    return problem('textMap entries must be a non-empty array (an empty map is {"textMap": {}})');
  const seen = entries.length > 16 ? new Set<string>() : undefined;
  for (let i = 0; i < entries.length; i++) {
    const entry: unknown = entries[i];
    if (!isObject(entry) || unknownMember(entry, 'key', 'value') !== undefined || !('value' in entry))
      return at(`[${i}]`, problem('expected {key, value} (key omitted when empty)'));
    if (entry.key !== undefined && (typeof entry.key !== 'string' || entry.key === ''))
      return at(`[${i}]`, problem('a key is a non-empty string (omitted when empty)'));
    const key = entry.key ?? '';
    const segment = `[${JSON.stringify(key)}]`;
    if (seen !== undefined) {
      if (seen.has(key)) return at(segment, problem('duplicate text map key'));
      seen.add(key);
    } else {
      for (let j = 0; j < i; j++) {
        if (((entries[j] as { key?: string }).key ?? '') === key)
          return at(segment, problem('duplicate text map key'));
      }
    }
    const bad = malformation(entry.value);
    if (bad !== undefined) return at(segment, bad);
  }
  return undefined;
}

function genMapMalformation(inner: unknown): Malformation | undefined {
  if (!isObject(inner)) return problem('genMap must be an object ({} when empty)');
  if (unknownMember(inner, 'entries') !== undefined)
    return problem('genMap has a member other than "entries"');
  const entries = inner.entries;
  if (entries === undefined) return undefined;
  if (!Array.isArray(entries) || entries.length === 0)
    return problem('genMap entries must be a non-empty array (an empty map is {"genMap": {}})');
  for (let i = 0; i < entries.length; i++) {
    const entry: unknown = entries[i];
    if (
      !isObject(entry) ||
      unknownMember(entry, 'key', 'value') !== undefined ||
      !('key' in entry) ||
      !('value' in entry)
    )
      return at(`[${i}]`, problem('expected {key, value}'));
    const badKey = malformation(entry.key);
    if (badKey !== undefined) return at(`[${i}].key`, badKey);
    const badValue = malformation(entry.value);
    if (badValue !== undefined) return at(`[${i}].value`, badValue);
  }
  return undefined;
}
