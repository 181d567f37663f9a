import { dateDaysOf, timestampMicrosOf } from './daml-scalars';
import type { DamlIdentifier, DamlValue } from './daml-value.types';

type Entries<K, V> = ReadonlyArray<readonly [K, V]>;

/**
 * Builders of lossless values (the proto3 JSON of a Ledger API `Value`), so code that produces
 * payloads reads like the Daml it mirrors: `V.record({ dso: V.party(dso), amount: V.numeric('1.0000000000') })`.
 * They write what protobuf's printer writes: empty lists, maps and records without their
 * repeated member, None as `{}`, an empty label or map key left out.
 *
 * Record fields keep the order of the object literal (labels are never integer-like, so JS key
 * order is insertion order); use `recordOf` when the order comes from data.
 */
export const V = {
  record(fields: Readonly<Record<string, DamlValue>>, recordId?: DamlIdentifier): DamlValue {
    return V.recordOf(Object.entries(fields), recordId);
  },
  recordOf(fields: Entries<string, DamlValue>, recordId?: DamlIdentifier): DamlValue {
    const record: { recordId?: DamlIdentifier; fields?: { label?: string; value: DamlValue }[] } = {};
    if (recordId !== undefined) record.recordId = recordId;
    if (fields.length > 0)
      record.fields = fields.map(([label, value]) => (label === '' ? { value } : { label, value }));
    return { record };
  },
  variant(constructor: string, value: DamlValue = V.unit(), variantId?: DamlIdentifier): DamlValue {
    return { variant: variantId === undefined ? { constructor, value } : { variantId, constructor, value } };
  },
  enum(constructor: string, enumId?: DamlIdentifier): DamlValue {
    return { enum: enumId === undefined ? { constructor } : { enumId, constructor } };
  },
  list(items: readonly DamlValue[]): DamlValue {
    return { list: items.length === 0 ? {} : { elements: [...items] } };
  },
  optional(value: DamlValue | null | undefined): DamlValue {
    return { optional: value === null || value === undefined ? {} : { value } };
  },
  some(value: DamlValue): DamlValue {
    return { optional: { value } };
  },
  none(): DamlValue {
    return { optional: {} };
  },
  textMap(entries: Readonly<Record<string, DamlValue>> | Entries<string, DamlValue>): DamlValue {
    const pairs = Array.isArray(entries) ? (entries as Entries<string, DamlValue>) : Object.entries(entries);
    if (pairs.length === 0) return { textMap: {} };
    return { textMap: { entries: pairs.map(([key, value]) => (key === '' ? { value } : { key, value })) } };
  },
  genMap(entries: Entries<DamlValue, DamlValue>): DamlValue {
    if (entries.length === 0) return { genMap: {} };
    return { genMap: { entries: entries.map(([key, value]) => ({ key, value })) } };
  },
  party(party: string): DamlValue {
    return { party };
  },
  /** A Daml numeric as the ledger writes it (`"10.0000000000"` for a Decimal). */
  numeric(numeric: string): DamlValue {
    return { numeric };
  },
  text(text: string): DamlValue {
    return { text };
  },
  /** Int64 travels as a decimal string so values beyond 2^53 survive JSON. */
  int64(value: number | bigint | string): DamlValue {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`int64 needs a safe integer or a bigint, got ${value}`);
    }
    return { int64: String(value) };
  },
  contractId(contractId: string): DamlValue {
    return { contractId };
  },
  /** From an ISO-8601 time (`2026-01-05T10:00:00.123456Z`); held as microseconds since the epoch. */
  timestamp(iso: string): DamlValue {
    const micros = timestampMicrosOf(iso);
    if (micros === undefined) throw new RangeError(`not a Daml timestamp: ${JSON.stringify(iso)}`);
    return { timestamp: micros };
  },
  /** From `YYYY-MM-DD`; held as days since 1970-01-01. */
  date(date: string): DamlValue {
    const days = dateDaysOf(date);
    if (days === undefined) throw new RangeError(`not a Daml date: ${JSON.stringify(date)}`);
    return { date: days };
  },
  bool(bool: boolean): DamlValue {
    return { bool };
  },
  unit(): DamlValue {
    return { unit: {} };
  },
  /** `DA.Types.Tuple2`, a record with fields `_1` and `_2`. */
  tuple(first: DamlValue, second: DamlValue): DamlValue {
    return V.record({ _1: first, _2: second });
  },
} as const;
