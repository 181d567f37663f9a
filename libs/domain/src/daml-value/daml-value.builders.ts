import type { DamlValue } from './daml-value.types';

type Entries<K, V> = ReadonlyArray<readonly [K, V]>;

/**
 * Builders for the lossless Daml value encoding, so code that produces payloads reads like the
 * Daml it mirrors: `V.record({ dso: V.party(dso), amount: V.numeric('1.0000000000') })`.
 *
 * Record fields keep the order of the object literal (labels are never integer-like, so JS key
 * order is insertion order); use `recordOf` when the order comes from data.
 */
export const V = {
  record(fields: Readonly<Record<string, DamlValue>>): DamlValue {
    return { record: { fields: Object.entries(fields).map(([label, value]) => ({ label, value })) } };
  },
  recordOf(fields: Entries<string, DamlValue>): DamlValue {
    return { record: { fields: fields.map(([label, value]) => ({ label, value })) } };
  },
  variant(constructor: string, value: DamlValue = V.unit()): DamlValue {
    return { variant: { constructor, value } };
  },
  enum(constructor: string): DamlValue {
    return { enum: { constructor } };
  },
  list(items: readonly DamlValue[]): DamlValue {
    return { list: [...items] };
  },
  optional(value: DamlValue | null | undefined): DamlValue {
    return { optional: value ?? null };
  },
  some(value: DamlValue): DamlValue {
    return { optional: value };
  },
  none(): DamlValue {
    return { optional: null };
  },
  textMap(entries: Readonly<Record<string, DamlValue>> | Entries<string, DamlValue>): DamlValue {
    const pairs = Array.isArray(entries) ? (entries as Entries<string, DamlValue>) : Object.entries(entries);
    return { textMap: pairs.map(([key, value]) => ({ key, value })) };
  },
  genMap(entries: Entries<DamlValue, DamlValue>): DamlValue {
    return { genMap: entries.map(([key, value]) => ({ key, value })) };
  },
  party(party: string): DamlValue {
    return { party };
  },
  /** A Daml decimal as text; callers pass the ledger form (10 fractional digits for Decimal). */
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
  /** Microsecond ISO-8601 UTC, e.g. `2026-01-05T10:00:00.123456Z`. */
  timestamp(timestamp: string): DamlValue {
    return { timestamp };
  },
  /** `YYYY-MM-DD`. */
  date(date: string): DamlValue {
    return { date };
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
