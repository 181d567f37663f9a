import { toCompact } from './compact';
import { V } from './daml-value.builders';
import { assertDamlValue, isDamlValue } from './daml-value.validation';
import { fromLegacyDialect } from './legacy-dialect';

const ALICE = 'alice::1220aa';
const BOB = 'bob::1220bb';

/** Converts, and checks the result is a lossless value as the new validation has it. */
function convert(old: unknown): unknown {
  const value = fromLegacyDialect(old);
  assertDamlValue(value, 'converted');
  return value;
}

describe('fromLegacyDialect', () => {
  it.each<[string, unknown, unknown]>([
    ['unit', { unit: {} }, { unit: {} }],
    ['true', { bool: true }, { bool: true }],
    ['false', { bool: false }, { bool: false }],
    ['int64', { int64: '-42' }, { int64: '-42' }],
    ['int64 with leading zeros, written canonically', { int64: '007' }, { int64: '7' }],
    ['int64 at its minimum', { int64: '-9223372036854775808' }, { int64: '-9223372036854775808' }],
    ['numeric, scale kept', { numeric: '10.0000000000' }, { numeric: '10.0000000000' }],
    ['zero numeric', { numeric: '0.0000000000' }, { numeric: '0.0000000000' }],
    ['negative numeric', { numeric: '-0.0000000143' }, { numeric: '-0.0000000143' }],
    ['party', { party: ALICE }, { party: ALICE }],
    ['text', { text: 'hé "x"' }, { text: 'hé "x"' }],
    ['empty text', { text: '' }, { text: '' }],
    ['contract id', { contractId: '00ab' }, { contractId: '00ab' }],
    [
      'timestamp with micros',
      { timestamp: '2026-01-05T10:00:00.123456Z' },
      { timestamp: '1767607200123456' },
    ],
    ['timestamp with millis', { timestamp: '2025-12-10T16:30:33.930Z' }, { timestamp: '1765384233930000' }],
    ['timestamp at the epoch', { timestamp: '1970-01-01T00:00:00Z' }, { timestamp: '0' }],
    ['timestamp before 1970', { timestamp: '1969-12-31T23:59:59.999999Z' }, { timestamp: '-1' }],
    ['timestamp 0001-01-01', { timestamp: '0001-01-01T00:00:00Z' }, { timestamp: '-62135596800000000' }],
    [
      'timestamp 9999-12-31',
      { timestamp: '9999-12-31T23:59:59.999999Z' },
      { timestamp: '253402300799999999' },
    ],
    ['date', { date: '2025-12-10' }, { date: 20432 }],
    ['date at the epoch', { date: '1970-01-01' }, { date: 0 }],
    ['date before 1970', { date: '1969-12-31' }, { date: -1 }],
    ['date 0001-01-01', { date: '0001-01-01' }, { date: -719162 }],
    ['empty record', { record: { fields: [] } }, { record: {} }],
    [
      'record',
      {
        record: {
          fields: [
            { label: 'owner', value: { party: ALICE } },
            { label: 'n', value: { int64: '1' } },
          ],
        },
      },
      {
        record: {
          fields: [
            { label: 'owner', value: { party: ALICE } },
            { label: 'n', value: { int64: '1' } },
          ],
        },
      },
    ],
    [
      'record with empty labels (positional fields)',
      {
        record: {
          fields: [
            { label: '', value: { text: 'a' } },
            { label: '', value: { unit: {} } },
          ],
        },
      },
      { record: { fields: [{ value: { text: 'a' } }, { value: { unit: {} } }] } },
    ],
    [
      'variant',
      { variant: { constructor: 'Some', value: { date: '2026-01-05' } } },
      { variant: { constructor: 'Some', value: { date: 20458 } } },
    ],
    ['enum', { enum: { constructor: 'Red' } }, { enum: { constructor: 'Red' } }],
    ['empty list', { list: [] }, { list: {} }],
    [
      'list',
      { list: [{ party: ALICE }, { party: BOB }] },
      { list: { elements: [{ party: ALICE }, { party: BOB }] } },
    ],
    ['None', { optional: null }, { optional: {} }],
    ['Some', { optional: { text: 'x' } }, { optional: { value: { text: 'x' } } }],
    ['Some None', { optional: { optional: null } }, { optional: { value: { optional: {} } } }],
    [
      'Some (Some x)',
      { optional: { optional: { int64: '3' } } },
      { optional: { value: { optional: { value: { int64: '3' } } } } },
    ],
    ['empty text map', { textMap: [] }, { textMap: {} }],
    [
      'text map with an empty key',
      {
        textMap: [
          { key: '', value: { text: 'empty' } },
          { key: 'k', value: { bool: true } },
        ],
      },
      { textMap: { entries: [{ value: { text: 'empty' } }, { key: 'k', value: { bool: true } }] } },
    ],
    ['empty gen map', { genMap: [] }, { genMap: {} }],
    [
      'gen map',
      { genMap: [{ key: { list: [] }, value: { optional: null } }] },
      { genMap: { entries: [{ key: { list: {} }, value: { optional: {} } }] } },
    ],
  ])('converts %s', (_name, old, expected) => {
    expect(convert(old)).toEqual(expected);
  });

  it('converts values nested in every container', () => {
    const old = {
      record: {
        fields: [
          { label: 'when', value: { optional: { timestamp: '1960-06-01T12:00:00.5Z' } } },
          {
            label: 'byDay',
            value: {
              genMap: [{ key: { date: '1900-03-01' }, value: { list: [{ optional: { optional: null } }] } }],
            },
          },
          { label: 'meta', value: { textMap: [{ key: 'a', value: { record: { fields: [] } } }] } },
          {
            label: 'choice',
            value: { variant: { constructor: 'V', value: { enum: { constructor: 'E' } } } },
          },
        ],
      },
    };
    const expected = V.record({
      when: V.some(V.timestamp('1960-06-01T12:00:00.5Z')),
      byDay: V.genMap([[V.date('1900-03-01'), V.list([V.some(V.none())])]]),
      meta: V.textMap({ a: V.record({}) }),
      choice: V.variant('V', V.enum('E')),
    });
    expect(convert(old)).toEqual(expected);
    expect(toCompact(convert(old) as typeof expected)).toEqual({
      when: '1960-06-01T12:00:00.500Z',
      byDay: [['1900-03-01', [[]]]],
      meta: { a: {} },
      choice: { tag: 'V', value: 'E' },
    });
  });

  it('writes members in the order of protobuf’s printer', () => {
    const text = JSON.stringify(
      fromLegacyDialect({
        record: { fields: [{ value: { variant: { value: { unit: {} }, constructor: 'C' } }, label: 'l' }] },
      }),
    );
    expect(text).toBe(
      '{"record":{"fields":[{"label":"l","value":{"variant":{"constructor":"C","value":{"unit":{}}}}}]}}',
    );
  });

  it('keeps a label or key named __proto__ as data', () => {
    const old = JSON.parse('{"textMap":[{"key":"__proto__","value":{"text":"x"}}]}') as unknown;
    const converted = convert(old) as { textMap: { entries: { key: string }[] } };
    expect(converted.textMap.entries[0].key).toBe('__proto__');
  });

  it.each<[string, unknown, RegExp]>([
    ['a proto3 JSON list', { list: {} }, /^value: list must be an array/],
    ['a proto3 JSON timestamp', { timestamp: '1765384233930000' }, /^value: not a Daml timestamp/],
    ['a proto3 JSON date', { date: 20432 }, /^value: date must be a string/],
    ['a timestamp with nanoseconds', { timestamp: '2026-01-05T10:00:00.1234567Z' }, /not a Daml timestamp/],
    ['an impossible date', { date: '2026-02-30' }, /not a Daml date/],
    ['a numeric of 39 digits', { numeric: `${'9'.repeat(30)}.${'0'.repeat(9)}` }, /not a ledger numeric/],
    ['two kinds', { text: 'a', party: ALICE }, /exactly one member/],
    ['an unknown kind', { decimal: '1' }, /unknown value kind "decimal"/],
    [
      'a bad node deep inside',
      { record: { fields: [{ label: 'xs', value: { list: [{ int64: 'x' }] } }] } },
      /^value\.xs\[0\]: not an int64/,
    ],
  ])('rejects %s, naming the path', (_name, old, message) => {
    expect(() => fromLegacyDialect(old)).toThrow(message);
  });

  it('is the identity on values the two forms write alike', () => {
    // The conversion may skip a payload already in proto3 JSON: that is only sound if every value
    // valid in both forms means the same in both.
    const shared = V.record({ a: V.variant('C', V.party(ALICE)), b: V.enum('E'), c: V.numeric('1.5') });
    expect(isDamlValue(shared)).toBe(true);
    expect(fromLegacyDialect(shared)).toEqual(shared);
    for (const legacyOnly of [{ record: { fields: [] } }, { list: [] }, { optional: null }, { int64: '01' }])
      expect(isDamlValue(legacyOnly)).toBe(false);
  });
});
