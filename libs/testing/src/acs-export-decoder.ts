import { gunzipSync } from 'node:zlib';

/**
 * A reader of Canton's ACS export for tests, written from the .proto field numbers alone
 * (independent of the writer in libs/domain): Ledger API v2 value.proto, event.proto
 * CreatedEvent, state_service.proto ActiveContract, participant admin v30 ActiveContract and
 * Canton's UntypedVersionedMessage. Values come back in the lossless JSON form's shape, without
 * ids or labels (the export is non-verbose).
 */

type Field = { no: number; wire: number; varint?: bigint; bytes?: Buffer; fixed?: bigint };

function readVarint(buf: Buffer, pos: { at: number }): bigint {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos.at >= buf.length) throw new Error('truncated varint');
    const b = buf[pos.at++];
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return result;
    shift += 7n;
  }
}

/** Every field of one message, in wire order. */
export function readFields(buf: Buffer): Field[] {
  const pos = { at: 0 };
  const fields: Field[] = [];
  while (pos.at < buf.length) {
    const key = Number(readVarint(buf, pos));
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ no, wire, varint: readVarint(buf, pos) });
    else if (wire === 2) {
      const len = Number(readVarint(buf, pos));
      fields.push({ no, wire, bytes: buf.subarray(pos.at, pos.at + len) });
      pos.at += len;
    } else if (wire === 1) {
      fields.push({ no, wire, fixed: buf.readBigInt64LE(pos.at) });
      pos.at += 8;
    } else throw new Error(`unexpected wire type ${wire}`);
  }
  return fields;
}

const one = (fields: Field[], no: number) => fields.find((f) => f.no === no);
const all = (fields: Field[], no: number) => fields.filter((f) => f.no === no);
const str = (f: Field | undefined) => (f?.bytes ?? Buffer.alloc(0)).toString('utf8');

export type DecodedValue = Record<string, unknown>;

/** A `Value` message as the lossless JSON shape (int64 and timestamp as decimal strings). */
export function decodeValue(buf: Buffer): DecodedValue {
  const [f] = readFields(buf);
  const sub = () => readFields(f.bytes!);
  switch (f.no) {
    case 1:
      return { unit: {} };
    case 2:
      return { bool: f.varint === 1n };
    case 3: {
      const z = f.varint!;
      return { int64: ((z >> 1n) ^ -(z & 1n)).toString() };
    }
    case 4:
      return { date: Number(BigInt.asIntN(32, f.varint!)) };
    case 5:
      return { timestamp: f.fixed!.toString() };
    case 6:
      return { numeric: str(f) };
    case 7:
      return { party: str(f) };
    case 8:
      return { text: str(f) };
    case 9:
      return { contractId: str(f) };
    case 10: {
      const v = one(sub(), 1);
      return { optional: v ? { value: decodeValue(v.bytes!) } : {} };
    }
    case 11:
      return { list: { elements: all(sub(), 1).map((e) => decodeValue(e.bytes!)) } };
    case 12:
      return {
        textMap: {
          entries: all(sub(), 1).map((e) => {
            const x = readFields(e.bytes!);
            return { key: str(one(x, 1)), value: decodeValue(one(x, 2)!.bytes!) };
          }),
        },
      };
    case 13:
      return {
        genMap: {
          entries: all(sub(), 1).map((e) => {
            const x = readFields(e.bytes!);
            return { key: decodeValue(one(x, 1)!.bytes!), value: decodeValue(one(x, 2)!.bytes!) };
          }),
        },
      };
    case 14:
      return { record: decodeRecord(f.bytes!) };
    case 15: {
      const x = sub();
      if (one(x, 1)) throw new Error('a variant id in a non-verbose value');
      return { variant: { constructor: str(one(x, 2)), value: decodeValue(one(x, 3)!.bytes!) } };
    }
    case 16: {
      const x = sub();
      if (one(x, 1)) throw new Error('an enum id in a non-verbose value');
      return { enum: { constructor: str(one(x, 2)) } };
    }
    default:
      throw new Error(`unknown Value field ${f.no}`);
  }
}

export function decodeRecord(buf: Buffer): { fields: DecodedValue[] } {
  const x = readFields(buf);
  if (one(x, 1)) throw new Error('a record id in a non-verbose value');
  return {
    fields: all(x, 2).map((rf) => {
      const y = readFields(rf.bytes!);
      if (one(y, 1)) throw new Error('a field label in a non-verbose value');
      return { value: decodeValue(one(y, 2)!.bytes!) };
    }),
  };
}

export interface DecodedExportEntry {
  version: number;
  synchronizerId: string;
  reassignmentCounter: number;
  offset: number;
  nodeId: number;
  contractId: string;
  templateId: string;
  createArguments: { fields: DecodedValue[] };
  createdEventBlob: string;
  witnessParties: string[];
  signatories: string[];
  observers: string[];
  createdAt: { seconds: number; nanos: number };
  packageName: string;
  acsDelta: boolean;
  representativePackageId: string;
  /** Field numbers of the created event that were present (to see none unexpected is). */
  createdEventFields: number[];
}

/** Decodes base64 of a gzipped stream of length-delimited versioned ActiveContracts. */
export function decodeAcsExport(base64: string): DecodedExportEntry[] {
  const stream = gunzipSync(Buffer.from(base64, 'base64'));
  const pos = { at: 0 };
  const entries: DecodedExportEntry[] = [];
  while (pos.at < stream.length) {
    const len = Number(readVarint(stream, pos));
    const versioned = readFields(stream.subarray(pos.at, pos.at + len));
    pos.at += len;
    const admin = readFields(one(versioned, 1)!.bytes!);
    const lapi = readFields(one(admin, 1)!.bytes!);
    const ev = readFields(one(lapi, 1)!.bytes!);
    const tpl = readFields(one(ev, 4)!.bytes!);
    const ts = readFields(one(ev, 12)!.bytes!);
    entries.push({
      version: Number(one(versioned, 2)?.varint ?? 0n),
      synchronizerId: str(one(lapi, 2)),
      reassignmentCounter: Number(one(lapi, 3)?.varint ?? 0n),
      offset: Number(one(ev, 1)?.varint ?? 0n),
      nodeId: Number(one(ev, 2)?.varint ?? 0n),
      contractId: str(one(ev, 3)),
      templateId: [1, 2, 3].map((n) => str(one(tpl, n))).join(':'),
      createArguments: decodeRecord(one(ev, 6)!.bytes!),
      createdEventBlob: (one(ev, 7)?.bytes ?? Buffer.alloc(0)).toString('base64'),
      witnessParties: all(ev, 9).map(str),
      signatories: all(ev, 10).map(str),
      observers: all(ev, 11).map(str),
      createdAt: { seconds: Number(one(ts, 1)?.varint ?? 0n), nanos: Number(one(ts, 2)?.varint ?? 0n) },
      packageName: str(one(ev, 13)),
      acsDelta: one(ev, 14)?.varint === 1n,
      representativePackageId: str(one(ev, 15)),
      createdEventFields: [...new Set(ev.map((f) => f.no))],
    });
  }
  return entries;
}

/** The lossless JSON value as a non-verbose export carries it: no ids, no labels, empties explicit. */
export function nonVerbose(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nonVerbose);
  if (value === null || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  const [kind] = Object.keys(v);
  const inner = v[kind] as Record<string, unknown>;
  switch (kind) {
    case 'record':
      return { record: nonVerboseRecord(inner) };
    case 'variant':
      return { variant: { constructor: inner.constructor, value: nonVerbose(inner.value) } };
    case 'enum':
      return { enum: { constructor: inner.constructor } };
    case 'optional':
      return { optional: inner.value === undefined ? {} : { value: nonVerbose(inner.value) } };
    case 'list':
      return { list: { elements: ((inner.elements as unknown[]) ?? []).map(nonVerbose) } };
    case 'textMap':
      return {
        textMap: {
          entries: ((inner.entries as { key?: string; value: unknown }[]) ?? []).map((e) => ({
            key: e.key ?? '',
            value: nonVerbose(e.value),
          })),
        },
      };
    case 'genMap':
      return {
        genMap: {
          entries: ((inner.entries as { key: unknown; value: unknown }[]) ?? []).map((e) => ({
            key: nonVerbose(e.key),
            value: nonVerbose(e.value),
          })),
        },
      };
    default:
      return value;
  }
}

export function nonVerboseRecord(record: Record<string, unknown>): { fields: unknown[] } {
  return {
    fields: ((record.fields as { value: unknown }[]) ?? []).map((f) => ({ value: nonVerbose(f.value) })),
  };
}
