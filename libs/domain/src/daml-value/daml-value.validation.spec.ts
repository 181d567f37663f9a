import { V } from './daml-value.builders';
import { assertDamlValue } from './daml-value.validation';

const ALICE = `alice::1220${'ab'.repeat(32)}`;
const CID = `00${'cd'.repeat(68)}`;

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
  });
}

/** `wellFormed()` with the value at a record label replaced. */
function withField(label: string, value: unknown): unknown {
  const root = wellFormed() as { record: { fields: { label: string; value: unknown }[] } };
  root.record.fields.find((f) => f.label === label)!.value = value;
  return root;
}

describe('assertDamlValue', () => {
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
      /^payload\.count: malformed or out-of-range int64/,
    ],
    ['an int64 as a JSON number', 'count', { int64: 5 }, /^payload\.count: malformed or out-of-range int64/],
    ['text that is not a string', 'note', { text: null }, /^payload\.note: text must be a string/],
    ['a contract id that is not hex', 'cid', { contractId: 'xyz' }, /^payload\.cid: malformed contract id/],
    [
      'a timestamp with nanoseconds',
      'at',
      { timestamp: '2026-01-05T10:00:00.1234567Z' },
      /^payload\.at: malformed timestamp/,
    ],
    [
      'a timestamp with an offset',
      'at',
      { timestamp: '2026-01-05T10:00:00+01:00' },
      /^payload\.at: malformed timestamp/,
    ],
    [
      'a timestamp on a day that does not exist',
      'at',
      { timestamp: '2025-02-29T00:00:00Z' },
      /^payload\.at: malformed timestamp/,
    ],
    ['a date with a time', 'day', { date: '2026-01-05T00:00:00Z' }, /^payload\.day: malformed date/],
    ['a bool as a string', 'flag', { bool: 'true' }, /^payload\.flag: bool must be/],
    ['a unit with content', 'nothing', { unit: { a: 1 } }, /^payload\.nothing: unit must be \{\}/],
    ['an enum without a constructor', 'state', { enum: {} }, /^payload\.state: enum needs a constructor/],
    ['a list that is not an array', 'holders', { list: {} }, /^payload\.holders: list must be an array/],
    [
      'a malformed list item',
      'holders',
      { list: [{ party: ALICE }, { party: '' }] },
      /^payload\.holders\[1\]: malformed party/,
    ],
    [
      'a malformed optional payload',
      'lock',
      { optional: { optional: { text: 1 } } },
      /^payload\.lock: text must be a string/,
    ],
    [
      'a variant without a constructor',
      'action',
      { variant: { value: { unit: {} } } },
      /^payload\.action: variant needs/,
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
      'a duplicate text map key',
      'values',
      {
        textMap: [
          { key: 'k', value: { text: '' } },
          { key: 'k', value: { text: '' } },
        ],
      },
      /^payload\.values\["k"\]: duplicate/,
    ],
    [
      'a malformed text map value',
      'values',
      { textMap: [{ key: 'k', value: { numeric: 'x' } }] },
      /^payload\.values\["k"\]: malformed numeric/,
    ],
    [
      'a malformed gen map key',
      'svs',
      { genMap: [{ key: { party: '' }, value: { int64: '1' } }] },
      /^payload\.svs\[0\]\.key: malformed party/,
    ],
    [
      'a gen map entry without a value',
      'svs',
      { genMap: [{ key: { party: ALICE } }] },
      /^payload\.svs\[0\]: expected \{key, value\}/,
    ],
    ['an unknown kind', 'note', { string: 'x' }, /^payload\.note: expected exactly one value kind key/],
    [
      'two kinds at once',
      'note',
      { text: 'x', party: ALICE },
      /^payload\.note: expected exactly one value kind key/,
    ],
    ['null', 'note', null, /^payload\.note: expected an object/],
  ])('rejects %s, naming its path', (_what, label, bad, message) => {
    expect(() => assertDamlValue(withField(label, bad), 'payload')).toThrow(message);
  });

  it('rejects a record without a fields array and duplicate labels', () => {
    expect(() => assertDamlValue({ record: {} }, 'x')).toThrow(/^x: record needs a fields array/);
    expect(() =>
      assertDamlValue(
        V.recordOf([
          ['a', V.unit()],
          ['a', V.unit()],
        ]),
        'x',
      ),
    ).toThrow(/^x\.a: duplicate record label/);
  });
});
