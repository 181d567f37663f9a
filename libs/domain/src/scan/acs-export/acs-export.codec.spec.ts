import { decodeAcsExport, nonVerbose, nonVerboseRecord, readFields } from '@canton-scan/testing';
import { gunzipSync } from 'node:zlib';
import type { DamlValue } from '../../daml-value/daml-value.types';
import { encodeAcsExport, encodeExportEntry, type ExportedContract } from './acs-export.codec';
import { ProtobufWriter } from './protobuf-writer';

const id = { packageId: 'pkg', moduleName: 'M', entityName: 'T' };

/** Every kind of value, verbose (ids and labels) as a scan stores it. */
const ARGS: DamlValue = {
  record: {
    recordId: id,
    fields: [
      { label: 'unit', value: { unit: {} } },
      { label: 'yes', value: { bool: true } },
      { label: 'no', value: { bool: false } },
      { label: 'neg', value: { int64: '-9223372036854775808' } },
      { label: 'zero', value: { int64: '0' } },
      { label: 'big', value: { int64: '9223372036854775807' } },
      { label: 'day', value: { date: -1 } },
      { label: 'ts', value: { timestamp: '-62135596800000000' } },
      { label: 'ts2', value: { timestamp: '1767225600123456' } },
      { label: 'amount', value: { numeric: '10.0000000000' } },
      { label: 'p', value: { party: 'dso::1220ab' } },
      { label: 'empty', value: { text: '' } },
      { label: 'txt', value: { text: 'héllo' } },
      { label: 'cid', value: { contractId: '00abc' } },
      { label: 'none', value: { optional: {} } },
      { label: 'some', value: { optional: { value: { int64: '5' } } } },
      { label: 'nil', value: { list: {} } },
      { label: 'xs', value: { list: { elements: [{ text: 'a' }, { unit: {} }] } } },
      {
        label: 'tm',
        value: {
          textMap: { entries: [{ value: { text: 'emptykey' } }, { key: 'k', value: { bool: false } }] },
        },
      },
      {
        label: 'gm',
        value: { genMap: { entries: [{ key: { int64: '1' }, value: { record: { recordId: id } } }] } },
      },
      { label: 'v', value: { variant: { variantId: id, constructor: 'Some', value: { unit: {} } } } },
      { label: 'e', value: { enum: { enumId: id, constructor: 'Red' } } },
    ],
  },
};

const storedFields = (ARGS as { record: { fields: { value: unknown }[] } }).record.fields;

const contract: ExportedContract = {
  offset: 300,
  nodeId: 0,
  contractId: '00cafe',
  templateId: 'abc123:Splice.Amulet:Amulet',
  packageName: 'splice-amulet',
  createArguments: ARGS,
  createdEventBlob: Buffer.from([1, 2, 3, 255]).toString('base64'),
  witnessParties: ['alice::1220aa'],
  signatories: ['dso::1220ab', 'alice::1220aa'],
  observers: ['bob::1220bb'],
  createdAt: '2026-01-30T12:00:00.123456Z',
  synchronizerId: 'global-domain::1220cc',
  reassignmentCounter: 2,
};

describe('ACS export codec', () => {
  it('writes varints, zigzag sint64 and little-endian sfixed64 as protobuf defines them', () => {
    expect(new ProtobufWriter().varint(300).finish()).toEqual(Buffer.from([0xac, 0x02]));
    expect(new ProtobufWriter().varint(-1).finish()).toEqual(Buffer.from([...Array(9).fill(0xff), 0x01]));
    // sint64 -1 -> zigzag 1; field 3, wire type 0.
    expect(new ProtobufWriter().sint64Field(3, -1n, true).finish()).toEqual(Buffer.from([0x18, 0x01]));
    expect(new ProtobufWriter().sfixed64Field(5, 1n, true).finish()).toEqual(
      Buffer.from([0x29, 1, 0, 0, 0, 0, 0, 0, 0]),
    );
    expect(new ProtobufWriter().varintField(1, 0).stringField(2, '').finish()).toHaveLength(0);
  });

  it('round-trips every field of a contract through the export bytes', () => {
    const [entry, ...rest] = decodeAcsExport(encodeAcsExport([contract]).toString('base64'));
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      version: 30,
      synchronizerId: contract.synchronizerId,
      reassignmentCounter: 2,
      offset: 300,
      nodeId: 0,
      contractId: '00cafe',
      templateId: 'abc123:Splice.Amulet:Amulet',
      createArguments: nonVerboseRecord((ARGS as { record: Record<string, unknown> }).record),
      createdEventBlob: contract.createdEventBlob,
      witnessParties: ['alice::1220aa'],
      signatories: ['dso::1220ab', 'alice::1220aa'],
      observers: ['bob::1220bb'],
      createdAt: { seconds: 1769774400, nanos: 123456000 },
      packageName: 'splice-amulet',
      acsDelta: true,
      representativePackageId: 'abc123',
      // No node id 0 (a proto3 default), no key, no interface views.
      createdEventFields: [1, 3, 4, 6, 7, 9, 10, 11, 12, 13, 14, 15],
    });
    // The values decoded equal the stored ones without ids and labels, defaults kept.
    const fields = entry.createArguments.fields as { value: unknown }[];
    expect(fields[2]).toEqual({ value: { bool: false } });
    expect(fields[4]).toEqual({ value: { int64: '0' } });
    expect(fields[11]).toEqual({ value: { text: '' } });
    expect(fields[19]).toEqual({ value: nonVerbose(storedFields[19].value) });
  });

  it('wraps each entry as UntypedVersionedMessage{data=1, version=2} around the admin ActiveContract', () => {
    const entry = encodeExportEntry(contract);
    const versioned = readFields(entry);
    expect(versioned.map((f) => [f.no, f.wire])).toEqual([
      [1, 2],
      [2, 0],
    ]);
    expect(versioned[1].varint).toBe(30n);
    const admin = readFields(versioned[0].bytes!);
    expect(admin.map((f) => f.no)).toEqual([1]);
    const lapi = readFields(admin[0].bytes!);
    expect(lapi.map((f) => f.no)).toEqual([1, 2, 3]);
  });

  it('length-delimits the entries in order and gzips the stream; an empty export is an empty gzip stream', () => {
    const second = { ...contract, contractId: '00beef', offset: 301, reassignmentCounter: 0 };
    const raw = gunzipSync(encodeAcsExport([contract, second]));
    const first = encodeExportEntry(contract);
    expect(raw.subarray(2, 2 + first.length)).toEqual(first);
    expect(
      decodeAcsExport(encodeAcsExport([contract, second]).toString('base64')).map((e) => e.contractId),
    ).toEqual(['00cafe', '00beef']);
    expect(gunzipSync(encodeAcsExport([]))).toHaveLength(0);
  });
});
