/**
 * The lossless form of a Daml value: the canonical proto3 JSON mapping of the Ledger API v2
 * message `com.daml.ledger.api.v2.Value` (Canton's `value.proto`), as protobuf's standard JSON
 * printer writes it and Splice's scans store and serve it (`daml_value_encoding: protobuf_json`).
 * A value is an object with exactly one member naming its kind. Empty repeated fields and empty
 * strings outside a oneof are omitted by the printer, so an empty list is `{"list": {}}`, None is
 * `{"optional": {}}`, a field without a label has no `label` member (docs/daml-values.md).
 *
 * The store keeps this form as it arrived and serves it back unchanged; the compact JSON form
 * (`CompactValue`) is derived from it by `toCompact`.
 */
export type DamlValue =
  | { unit: Record<string, never> }
  | { bool: boolean }
  /** A decimal string (proto3 JSON writes 64-bit integers as strings). */
  | { int64: string }
  /** Days since 1970-01-01, a JSON number. */
  | { date: number }
  /** Microseconds since the epoch (UTC), a decimal string. */
  | { timestamp: string }
  /** The ledger's decimal text, its scale kept (`"10.0000000000"`, `"0.05"`). */
  | { numeric: string }
  | { party: string }
  | { text: string }
  | { contractId: string }
  | { optional: DamlOptional }
  | { list: DamlList }
  | { textMap: DamlTextMap }
  | { genMap: DamlGenMap }
  | { record: DamlRecord }
  | { variant: DamlVariant }
  | { enum: DamlEnum };

/** `Identifier`: the package, module and entity of a record, variant or enum type. */
export interface DamlIdentifier {
  packageId: string;
  moduleName: string;
  entityName: string;
}

/** `{}` is None, `{"value": V}` is Some V. */
export interface DamlOptional {
  value?: DamlValue;
}

export interface DamlList {
  elements?: DamlValue[];
}

export interface DamlTextMap {
  entries?: DamlTextMapEntry[];
}

/** A text map entry; the key `""` has no `key` member. */
export interface DamlTextMapEntry {
  key?: string;
  value: DamlValue;
}

export interface DamlGenMap {
  entries?: DamlGenMapEntry[];
}

export interface DamlGenMapEntry {
  key: DamlValue;
  value: DamlValue;
}

/** A record: `recordId` only when the ledger sent it; a record without fields is `{}`. */
export interface DamlRecord {
  recordId?: DamlIdentifier;
  fields?: DamlRecordField[];
}

/** A record field; a positional field (the ledger's non-verbose form) has no `label`. */
export interface DamlRecordField {
  label?: string;
  value: DamlValue;
}

export interface DamlVariant {
  variantId?: DamlIdentifier;
  constructor: string;
  value: DamlValue;
}

export interface DamlEnum {
  enumId?: DamlIdentifier;
  constructor: string;
}

/** Compact JSON form of a Daml value (what most clients read). */
export type CompactValue = string | boolean | null | CompactValue[] | { [key: string]: CompactValue };

/** A compact Daml record: field names to compact values. */
export type CompactRecord = { [key: string]: CompactValue };
