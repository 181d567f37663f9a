import { V } from './daml-value.builders';
import { assertDamlValue } from './daml-value.validation';

const ALICE = `alice::1220${'ab'.repeat(32)}`;
const CID = `00${'cd'.repeat(68)}`;
const ID = {
  packageId: 'b0ae3cc03e418790305a3c15f761fe495572de5827f8d322fb8b96996b783c13',
  moduleName: 'Splice.Amulet',
  entityName: 'Amulet',
};

/** A value exercising every kind, so each malformation below sits at a known path. */
function wellFormed(): unknown {
  return V.record({
    owner: V.party(ALICE),
    amount: V.numeric('-12.5'),
    count: V.int64(-9223372036854775808n),
    note: V.text(''),
    cid: V.contractId(CID),
    at: V.timestamp('2024-02-29T23:59:59.999999Z'),
    imported: V.timestamp('0001-01-01T00:00:00Z'),
    day: V.date('2026-12-31'),
    flag: V.bool(true),
    nothing: V.unit(),
    state: V.enum('DS_Operational'),
    holders: V.list([V.party(ALICE)]),
    lock: V.some(V.some(V.none())),
    action: V.variant('SRARC_OffboardSv', V.record({ sv: V.party(ALICE) })),
    values: V.textMap({ k: V.text('v') }),
    svs: V.genMap([[V.party(ALICE), V.int64(1)]]),
    nested: V.record({}),
  });
}

/** `wellFormed()` with the value at a record label replaced. */
function withField(label: string, value: unknown): unknown {
  const root = wellFormed() as { record: { fields: { label: string; value: unknown }[] } };
  root.record.fields.find((f) => f.label === label)!.value = value;
  return root;
}

describe('assertDamlValue (proto3 JSON of a Ledger API Value)', () => {
  it('accepts a well-formed value of every kind', () => {
    expect(() => assertDamlValue(wellFormed(), 'payload')).not.toThrow();
  });

  it.each<[string, string, unknown, RegExp]>([
    ['a malformed party', 'owner', { party: 'alice' }, /^payload\.owner: malformed party/],
    [
      'a party with forbidden characters',
      'owner',
      { party: 'al!ce::1220ab' },
      /^payload\.owner: malformed party/,
    ],
    ['a numeric in exponent form', 'amount', { numeric: '1e5' }, /^payload\.amount: malformed numeric/],
    ['a numeric in BigDecimal form', 'amount', { numeric: '0E-10' }, /^payload\.amount: malformed numeric/],
    ['a numeric as a JSON number', 'amount', { numeric: 1.5 }, /^payload\.amount: malformed numeric/],
    ['a numeric with a trailing dot', 'amount', { numeric: '1.' }, /^payload\.amount: malformed numeric/],
    [
      'an int64 with a fraction',
      'count',
      { int64: '1.0' },
      /^payload\.count: malformed or out-of-range int64/,
    ],
    [
      'an int64 beyond 2^63-1',
      'count',
      { int64: '9223372036854775808' },
      /^payload\.count: malformed or out-of-range/,
    ],
    ['an int64 as a JSON number', 'count', { int64: 5 }, /^payload\.count: malformed or out-of-range int64/],
    [
      'an int64 with a leading zero',
      'count',
      { int64: '05' },
      /^payload\.count: malformed or out-of-range int64/,
    ],
    ['text that is not a string', 'note', { text: null }, /^payload\.note: text must be a string/],
    ['a contract id that is not hex', 'cid', { contractId: 'xyz' }, /^payload\.cid: malformed contract id/],
    [
      'a timestamp as ISO text (the old dialect)',
      'at',
      { timestamp: '2026-01-05T10:00:00.123456Z' },
      /^payload\.at: malformed timestamp "2026-01-05T10:00:00.123456Z" \(want microseconds/,
    ],
    [
      'a timestamp as a JSON number',
      'at',
      { timestamp: 1765384233930000 },
      /^payload\.at: malformed timestamp/,
    ],
    [
      'a timestamp after 9999-12-31',
      'at',
      { timestamp: '253402300800000000' },
      /^payload\.at: malformed timestamp/,
    ],
    ['a timestamp with a leading zero', 'at', { timestamp: '0123' }, /^payload\.at: malformed timestamp/],
    ['a date as text (the old dialect)', 'day', { date: '2026-01-05' }, /^payload\.day: malformed date/],
    ['a date with a fraction', 'day', { date: 20432.5 }, /^payload\.day: malformed date/],
    ['a bool as a string', 'flag', { bool: 'true' }, /^payload\.flag: bool must be/],
    ['a unit with content', 'nothing', { unit: { a: 1 } }, /^payload\.nothing: unit must be \{\}/],
    ['an enum without a constructor', 'state', { enum: {} }, /^payload\.state: enum needs a constructor/],
    [
      'an enum with an unknown member',
      'state',
      { enum: { constructor: 'A', enumIdentifier: {} } },
      /^payload\.state: enum has an unknown member "enumIdentifier"/,
    ],
    [
      'a list as a bare array (the old dialect)',
      'holders',
      { list: [] },
      /^payload\.holders: list must be an object/,
    ],
    [
      'an empty list written with its elements',
      'holders',
      { list: { elements: [] } },
      /^payload\.holders: list elements must be a non-empty array/,
    ],
    [
      'a member the message does not have',
      'holders',
      { list: { items: [] } },
      /^payload\.holders: list has a member other than "elements"/,
    ],
    [
      'a malformed list element',
      'holders',
      { list: { elements: [{ party: ALICE }, { party: '' }] } },
      /^payload\.holders\[1\]: malformed party/,
    ],
    [
      'None as null (the old dialect)',
      'lock',
      { optional: null },
      /^payload\.lock: optional must be an object/,
    ],
    [
      'a malformed optional payload',
      'lock',
      { optional: { value: { optional: { value: { text: 1 } } } } },
      /^payload\.lock: text must be a string/,
    ],
    [
      'a variant without a constructor',
      'action',
      { variant: { value: { unit: {} } } },
      /^payload\.action: variant needs a constructor/,
    ],
    [
      'a variant without a value',
      'action',
      { variant: { constructor: 'C' } },
      /^payload\.action: variant needs a value/,
    ],
    [
      'a variant id that is not an identifier',
      'action',
      { variant: { variantId: 'X', constructor: 'C', value: { unit: {} } } },
      /^payload\.action: variantId must be/,
    ],
    [
      'a malformed variant payload',
      'action',
      {
        variant: {
          constructor: 'SRARC_OffboardSv',
          value: { record: { fields: [{ label: 'sv', value: { party: '?' } }] } },
        },
      },
      /^payload\.action\.SRARC_OffboardSv\.sv: malformed party/,
    ],
    [
      'a record id without its entity',
      'nested',
      { record: { recordId: { packageId: 'ab', moduleName: 'M' } } },
      /^payload\.nested: recordId must be \{packageId, moduleName, entityName\}/,
    ],
    [
      'a text map as a bare array (the old dialect)',
      'values',
      { textMap: [] },
      /^payload\.values: textMap must be an object/,
    ],
    [
      'a duplicate text map key',
      'values',
      {
        textMap: {
          entries: [
            { key: 'k', value: { text: '' } },
            { key: 'k', value: { text: '' } },
          ],
        },
      },
      /^payload\.values\["k"\]: duplicate/,
    ],
    [
      'a text map entry with an empty key written out',
      'values',
      { textMap: { entries: [{ key: '', value: { text: '' } }] } },
      /^payload\.values\[0\]: a key is a non-empty string \(omitted when empty\)/,
    ],
    [
      'a malformed text map value',
      'values',
      { textMap: { entries: [{ key: 'k', value: { numeric: 'x' } }] } },
      /^payload\.values\["k"\]: malformed numeric/,
    ],
    [
      'a gen map as a bare array (the old dialect)',
      'svs',
      { genMap: [] },
      /^payload\.svs: genMap must be an object/,
    ],
    [
      'a malformed gen map key',
      'svs',
      { genMap: { entries: [{ key: { party: '' }, value: { int64: '1' } }] } },
      /^payload\.svs\[0\]\.key: malformed party/,
    ],
    [
      'a gen map entry without a value',
      'svs',
      { genMap: { entries: [{ key: { party: ALICE } }] } },
      /^payload\.svs\[0\]: expected \{key, value\}/,
    ],
    ['an unknown kind', 'note', { string: 'x' }, /^payload\.note: unknown value kind "string"/],
    [
      'two kinds at once',
      'note',
      { text: 'x', party: ALICE },
      /^payload\.note: expected exactly one member naming the value kind/,
    ],
    ['null', 'note', null, /^payload\.note: expected an object/],
  ])('rejects %s, naming its path', (_what, label, bad, message) => {
    expect(() => assertDamlValue(withField(label, bad), 'payload')).toThrow(message);
  });

  it('rejects duplicate labels, empty labels written out and an empty fields array', () => {
    expect(() =>
      assertDamlValue(
        V.recordOf([
          ['a', V.unit()],
          ['a', V.unit()],
        ]),
        'x',
      ),
    ).toThrow(/^x\.a: duplicate record label/);
    expect(() => assertDamlValue({ record: { fields: [{ label: '', value: { unit: {} } }] } }, 'x')).toThrow(
      /^x\.fields\[0\]: a label is a non-empty string/,
    );
    expect(() => assertDamlValue({ record: { fields: [] } }, 'x')).toThrow(
      /^x: record fields must be a non-empty array/,
    );
  });

  it('names a field without a label by its position', () => {
    expect(() =>
      assertDamlValue({ record: { fields: [{ value: { text: 'a' } }, { value: { int64: 'x' } }] } }, 'x'),
    ).toThrow(/^x\.fields\[1\]: malformed or out-of-range int64/);
  });

  it("accepts every empty and omitted form protobuf's printer writes", () => {
    for (const value of [
      { record: {} },
      { list: {} },
      { textMap: {} },
      { genMap: {} },
      { optional: {} },
      { optional: { value: { optional: {} } } },
      { text: '' },
      { bool: false },
      { int64: '0' },
      { date: 0 },
      { timestamp: '0' },
      { record: { fields: [{ value: { unit: {} } }, { label: 'b', value: { unit: {} } }] } },
      { textMap: { entries: [{ value: { text: 'empty key' } }, { key: 'k', value: { text: '' } }] } },
    ]) {
      expect(() => assertDamlValue(value, 'x')).not.toThrow();
    }
  });

  it('accepts record, variant and enum ids', () => {
    const value = {
      record: {
        recordId: ID,
        fields: [
          {
            label: 'v',
            value: {
              variant: { variantId: ID, constructor: 'C', value: { enum: { enumId: ID, constructor: 'E' } } },
            },
          },
        ],
      },
    };
    expect(() => assertDamlValue(value, 'x')).not.toThrow();
  });
});
