import { gzipSync } from 'node:zlib';
import type { DamlRecord, DamlValue } from '../../daml-value/daml-value.types';
import { parseTimestampMicros } from '../../time/micros';
import { ProtobufWriter } from './protobuf-writer';

/**
 * Canton's ACS export (participant admin `ExportAcs`, what Splice's scan returns base64-encoded
 * at `/v0/acs/{party}`), written from the store. The bytes are a gzip stream of length-delimited
 * `UntypedVersionedMessage { bytes data = 1; int32 version = 2 }`, version 30, each `data` a
 * participant admin v30 `ActiveContract { bytes active_contract = 1 }` whose bytes are a Ledger
 * API v2 `state_service.ActiveContract { CreatedEvent created_event = 1; string synchronizer_id = 2;
 * uint64 reassignment_counter = 3 }`. The created event is the one the participant's internal ACS
 * read gives: non-verbose values (no record, variant or enum ids, no field labels), the
 * created event blob included, `acs_delta` true (docs/acs-export.md).
 */

/** One active contract of the export, as the store knows it. */
export interface ExportedContract {
  /** Ledger offset of the contract's activation (creation, or its latest assignment). */
  offset: number;
  nodeId: number;
  contractId: string;
  /** `PACKAGE_ID:MODULE_NAME:ENTITY_NAME`. */
  templateId: string;
  packageName: string;
  /** The lossless create arguments (a `record` value). */
  createArguments: DamlValue;
  /** Base64 of the created event blob; null when the store has none (the field is then empty). */
  createdEventBlob: string | null;
  witnessParties: readonly string[];
  signatories: readonly string[];
  observers: readonly string[];
  /** Ledger effective time of the creating transaction (RFC 3339). */
  createdAt: string;
  synchronizerId: string;
  reassignmentCounter: number;
}

/** The proto version `ActiveContract` is written with (its versioning table's only entry). */
export const ACTIVE_CONTRACT_PROTO_VERSION = 30;

// Value's oneof members (Ledger API v2 value.proto).
const V = {
  unit: 1,
  bool: 2,
  int64: 3,
  date: 4,
  timestamp: 5,
  numeric: 6,
  party: 7,
  text: 8,
  contractId: 9,
  optional: 10,
  list: 11,
  textMap: 12,
  genMap: 13,
  record: 14,
  variant: 15,
  enum: 16,
} as const;

/** A Daml value's `Value` message, non-verbose: ids and labels are not written. */
export function writeValue(w: ProtobufWriter, value: DamlValue): void {
  if ('unit' in value) w.messageField(V.unit, () => undefined);
  else if ('bool' in value) w.varintField(V.bool, value.bool, true);
  else if ('int64' in value) w.sint64Field(V.int64, BigInt(value.int64), true);
  else if ('date' in value) w.varintField(V.date, value.date, true);
  else if ('timestamp' in value) w.sfixed64Field(V.timestamp, BigInt(value.timestamp), true);
  else if ('numeric' in value) w.stringField(V.numeric, value.numeric, true);
  else if ('party' in value) w.stringField(V.party, value.party, true);
  else if ('text' in value) w.stringField(V.text, value.text, true);
  else if ('contractId' in value) w.stringField(V.contractId, value.contractId, true);
  else if ('optional' in value) {
    const inner = value.optional.value;
    w.messageField(V.optional, (o) => {
      if (inner !== undefined) o.messageField(1, (x) => writeValue(x, inner));
    });
  } else if ('list' in value) {
    const elements = value.list.elements ?? [];
    w.messageField(V.list, (l) => {
      for (const e of elements) l.messageField(1, (x) => writeValue(x, e));
    });
  } else if ('textMap' in value) {
    const entries = value.textMap.entries ?? [];
    w.messageField(V.textMap, (m) => {
      for (const e of entries)
        m.messageField(1, (x) =>
          x.stringField(1, e.key ?? '').messageField(2, (y) => writeValue(y, e.value)),
        );
    });
  } else if ('genMap' in value) {
    const entries = value.genMap.entries ?? [];
    w.messageField(V.genMap, (m) => {
      for (const e of entries)
        m.messageField(1, (x) =>
          x.messageField(1, (y) => writeValue(y, e.key)).messageField(2, (y) => writeValue(y, e.value)),
        );
    });
  } else if ('record' in value) {
    w.messageField(V.record, (r) => writeRecord(r, value.record));
  } else if ('variant' in value) {
    const variant = value.variant;
    w.messageField(V.variant, (x) =>
      x.stringField(2, variant.constructor).messageField(3, (y) => writeValue(y, variant.value)),
    );
  } else if ('enum' in value) {
    const constructor = value.enum.constructor;
    w.messageField(V.enum, (x) => x.stringField(2, constructor));
  } else {
    throw new Error(`not a Daml value: ${JSON.stringify(value).slice(0, 80)}`);
  }
}

/** A `Record` message, non-verbose: no `record_id`, positional fields without labels. */
export function writeRecord(w: ProtobufWriter, record: DamlRecord): void {
  for (const field of record.fields ?? [])
    w.messageField(2, (f) => f.messageField(2, (x) => writeValue(x, field.value)));
}

/** google.protobuf.Timestamp { int64 seconds = 1; int32 nanos = 2 } of an RFC 3339 instant. */
function writeTimestamp(w: ProtobufWriter, text: string): void {
  const parsed = parseTimestampMicros(text);
  if (!parsed) throw new Error(`not an RFC 3339 instant: ${text}`);
  const micros = parsed.micros;
  let seconds = micros / 1_000_000n;
  let rest = micros % 1_000_000n;
  if (rest < 0n) {
    seconds -= 1n;
    rest += 1_000_000n;
  }
  w.varintField(1, seconds).varintField(2, rest * 1000n);
}

function templateParts(templateId: string): [string, string, string] {
  const parts = templateId.split(':');
  if (parts.length !== 3) throw new Error(`not a PACKAGE_ID:MODULE:ENTITY template id: ${templateId}`);
  return [parts[0], parts[1], parts[2]];
}

/** The Ledger API v2 `CreatedEvent` of an active contract, as a participant's ACS read fills it. */
export function writeCreatedEvent(w: ProtobufWriter, c: ExportedContract): void {
  if (!('record' in c.createArguments))
    throw new Error(`create arguments of ${c.contractId} are not a record`);
  const args = c.createArguments.record;
  const [packageId, moduleName, entityName] = templateParts(c.templateId);
  w.varintField(1, c.offset)
    .varintField(2, c.nodeId)
    .stringField(3, c.contractId)
    .messageField(4, (t) => t.stringField(1, packageId).stringField(2, moduleName).stringField(3, entityName))
    .messageField(6, (r) => writeRecord(r, args))
    .bytesField(7, c.createdEventBlob === null ? Buffer.alloc(0) : Buffer.from(c.createdEventBlob, 'base64'));
  for (const p of c.witnessParties) w.stringField(9, p, true);
  for (const p of c.signatories) w.stringField(10, p, true);
  for (const p of c.observers) w.stringField(11, p, true);
  w.messageField(12, (t) => writeTimestamp(t, c.createdAt))
    .stringField(13, c.packageName)
    .varintField(14, true)
    .stringField(15, packageId);
}

/** One export entry: the versioned wrapper around the admin `ActiveContract` around the LAPI one. */
export function encodeExportEntry(c: ExportedContract): Buffer {
  const lapi = new ProtobufWriter()
    .messageField(1, (e) => writeCreatedEvent(e, c))
    .stringField(2, c.synchronizerId)
    .varintField(3, c.reassignmentCounter)
    .finish();
  const admin = new ProtobufWriter().bytesField(1, lapi).finish();
  // `data` is a oneof member: written even when empty.
  return new ProtobufWriter()
    .bytesField(1, admin, true)
    .varintField(2, ACTIVE_CONTRACT_PROTO_VERSION)
    .finish();
}

/** The export's bytes: every entry length-delimited, the whole stream gzipped. */
export function encodeAcsExport(contracts: Iterable<ExportedContract>): Buffer {
  const w = new ProtobufWriter();
  for (const c of contracts) w.delimited(encodeExportEntry(c));
  return gzipSync(w.finish());
}
