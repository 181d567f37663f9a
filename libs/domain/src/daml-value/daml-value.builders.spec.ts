import { V } from './daml-value.builders';

describe('V (lossless value builders)', () => {
  it('keeps record fields in the order written', () => {
    expect(V.record({ b: V.text('1'), a: V.text('2') })).toEqual({
      record: {
        fields: [
          { label: 'b', value: { text: '1' } },
          { label: 'a', value: { text: '2' } },
        ],
      },
    });
    expect(V.recordOf([['z', V.unit()]])).toEqual({
      record: { fields: [{ label: 'z', value: { unit: {} } }] },
    });
  });

  it('renders int64 as decimal text and refuses numbers a double cannot hold exactly', () => {
    expect(V.int64(42)).toEqual({ int64: '42' });
    expect(V.int64(2n ** 62n)).toEqual({ int64: '4611686018427387904' });
    expect(() => V.int64(2 ** 60)).toThrow(RangeError);
    expect(() => V.int64(1.5)).toThrow(RangeError);
  });

  it('builds maps, tuples, optionals and variants in the lossless shape', () => {
    expect(V.textMap([['k', V.bool(true)]])).toEqual({ textMap: [{ key: 'k', value: { bool: true } }] });
    expect(V.genMap([[V.int64(1), V.text('x')]])).toEqual({
      genMap: [{ key: { int64: '1' }, value: { text: 'x' } }],
    });
    expect(V.tuple(V.text('a'), V.text('b'))).toEqual(V.record({ _1: V.text('a'), _2: V.text('b') }));
    expect(V.optional(undefined)).toEqual({ optional: null });
    expect(V.some(V.none())).toEqual({ optional: { optional: null } });
    expect(V.variant('VRO_Expired')).toEqual({
      variant: { constructor: 'VRO_Expired', value: { unit: {} } },
    });
  });

  it('returns fresh objects, so one value is never shared between two payloads', () => {
    expect(V.unit()).not.toBe(V.unit());
    expect((V.unit() as { unit: object }).unit).not.toBe((V.unit() as { unit: object }).unit);
  });
});
