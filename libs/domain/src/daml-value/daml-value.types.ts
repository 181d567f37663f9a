/**
 * Lossless, typed form of a Daml value: every value is an object with exactly one key naming
 * its kind. This is the form the store keeps and the form scan returns with `lossless=true`;
 * the compact JSON form (plain objects keyed by field label, numbers as strings) is derived
 * from it by `toCompact`.
 */
export type DamlValue =
  | { record: DamlRecord }
  | { variant: { constructor: string; value: DamlValue } }
  | { enum: { constructor: string } }
  | { list: DamlValue[] }
  | { optional: DamlValue | null }
  | { textMap: DamlTextMapEntry[] }
  | { genMap: DamlGenMapEntry[] }
  | { party: string }
  | { numeric: string }
  | { text: string }
  | { int64: string }
  | { contractId: string }
  | { timestamp: string }
  | { date: string }
  | { bool: boolean }
  | { unit: Record<string, never> };

export interface DamlRecord {
  fields: DamlRecordField[];
}

export interface DamlRecordField {
  label: string;
  value: DamlValue;
}

export interface DamlTextMapEntry {
  key: string;
  value: DamlValue;
}

export interface DamlGenMapEntry {
  key: DamlValue;
  value: DamlValue;
}

/** Compact JSON form of a Daml value (what most clients read). */
export type CompactValue = string | boolean | null | CompactValue[] | { [key: string]: CompactValue };

/** A compact Daml record: field names to compact values. */
export type CompactRecord = { [key: string]: CompactValue };
