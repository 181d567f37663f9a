import { toCompact } from './compact';
import { V } from './daml-value.builders';
import type { DamlValue } from './daml-value.types';

const ALICE = `alice::1220${'ab'.repeat(32)}`;
const CID = `00${'cd'.repeat(68)}`;

describe('toCompact', () => {
  it.each<[string, DamlValue, unknown]>([
    ['party', V.party(ALICE), ALICE],
    ['numeric', V.numeric('12.5000000000'), '12.5000000000'],
    ['zero numeric (BigDecimal.toString)', { numeric: '0.0000000000' }, '0E-10'],
    ['small negative numeric', { numeric: '-0.0000000143' }, '-1.43E-8'],
    ['numeric of another scale', { numeric: '570.0' }, '570.0'],
    ['text', V.text('héllo'), 'héllo'],
    ['int64 (as a string, beyond 2^53)', V.int64(9223372036854775807n), '9223372036854775807'],
    ['contract id', V.contractId(CID), CID],
    ['timestamp with microseconds', { timestamp: '1719263314404896' }, '2024-06-24T21:08:34.404896Z'],
    ['timestamp with milliseconds', { timestamp: '1765384233930000' }, '2025-12-10T16:30:33.930Z'],
    ['timestamp at a whole second', { timestamp: '1765384233000000' }, '2025-12-10T16:30:33Z'],
    ['date', { date: 20432 }, '2025-12-10'],
    ['bool', V.bool(false), false],
    ['unit', V.unit(), {}],
    ['enum', V.enum('DS_Operational'), 'DS_Operational'],
    ['list', V.list([V.int64(1), V.int64(2)]), ['1', '2']],
    ['empty list', { list: {} }, []],
    ['empty text map', { textMap: {} }, {}],
    ['empty gen map', { genMap: {} }, []],
    ['record without fields', { record: {} }, {}],
    ['text map entry with the empty key', { textMap: { entries: [{ value: { text: 'x' } }] } }, { '': 'x' }],
    [
      'record with ids (ids are not part of the compact form)',
      {
        record: {
          recordId: { packageId: 'ab', moduleName: 'M', entityName: 'R' },
          fields: [
            {
              label: 'e',
              value: {
                enum: { enumId: { packageId: 'ab', moduleName: 'M', entityName: 'E' }, constructor: 'A' },
              },
            },
          ],
        },
      },
      { e: 'A' },
    ],
    [
      'record whose fields have no labels (positional, as Daml-LF JSON allows)',
      { record: { fields: [{ value: { text: 'a' } }, { value: { int64: '2' } }] } },
      ['a', '2'],
    ],
    [
      'variant',
      V.variant('SRARC_OffboardSv', V.record({ sv: V.party(ALICE) })),
      { tag: 'SRARC_OffboardSv', value: { sv: ALICE } },
    ],
    ['variant without payload', V.variant('VRO_Rejected'), { tag: 'VRO_Rejected', value: {} }],
    ['text map', V.textMap({ a: V.text('x'), b: V.text('y') }), { a: 'x', b: 'y' }],
    ['gen map', V.genMap([[V.party(ALICE), V.int64(3)]]), [[ALICE, '3']]],
    [
      'set (record of a gen map to unit)',
      V.record({ map: V.genMap([[V.text('s'), V.unit()]]) }),
      { map: [['s', {}]] },
    ],
  ])('renders a %s', (_kind, value, compact) => {
    expect(toCompact(value)).toEqual(compact);
  });

  it('renders a record as an object keyed by label, in field order', () => {
    const value = V.record({
      dso: V.party(ALICE),
      amount: V.record({ initialAmount: V.numeric('1.0000000000') }),
    });
    const compact = toCompact(value);
    expect(compact).toEqual({ dso: ALICE, amount: { initialAmount: '1.0000000000' } });
    expect(Object.keys(compact as object)).toEqual(['dso', 'amount']);
  });

  describe('optionals (Daml JSON encoding)', () => {
    it('renders None as null and Some x as x', () => {
      expect(toCompact(V.none())).toBeNull();
      expect(toCompact(V.some(V.party(ALICE)))).toBe(ALICE);
    });

    it('renders Some None as [] and Some (Some x) as [x]', () => {
      expect(toCompact(V.some(V.none()))).toEqual([]);
      expect(toCompact(V.some(V.some(V.int64(7))))).toEqual(['7']);
    });

    it('nests deeper optionals unambiguously', () => {
      expect(toCompact(V.some(V.some(V.none())))).toEqual([[]]);
      expect(toCompact(V.some(V.some(V.some(V.text('x')))))).toEqual([['x']]);
    });

    it('keeps a list inside Some as the list itself', () => {
      expect(toCompact(V.some(V.list([V.text('x')])))).toEqual(['x']);
    });
  });

  it('keeps a __proto__ label or key as an ordinary property', () => {
    const compact = toCompact(V.textMap({ ['__proto__']: V.text('x') })) as Record<string, unknown>;
    expect(Object.getPrototypeOf(compact)).toBe(Object.prototype);
    expect(Object.keys(compact)).toEqual(['__proto__']);
    expect(JSON.stringify(compact)).toBe('{"__proto__":"x"}');
  });

  it('writes numerics as the ledger does in the ledger style', () => {
    const value = V.record({ zero: V.numeric('0.0000000000'), small: V.numeric('-0.0000000143') });
    expect(toCompact(value, 'ledger')).toEqual({ zero: '0.0000000000', small: '-0.0000000143' });
    expect(toCompact(value)).toEqual({ zero: '0E-10', small: '-1.43E-8' });
  });

  it('throws on something that is not a Daml value', () => {
    expect(() => toCompact({ money: '1' } as unknown as DamlValue)).toThrow(/not a lossless Daml value/);
  });
});
