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
    expect(V.textMap([['k', V.bool(true)]])).toEqual({
      textMap: { entries: [{ key: 'k', value: { bool: true } }] },
    });
    expect(V.textMap([['', V.bool(true)]])).toEqual({ textMap: { entries: [{ value: { bool: true } }] } });
    expect(V.textMap({})).toEqual({ textMap: {} });
    expect(V.genMap([[V.int64(1), V.text('x')]])).toEqual({
      genMap: { entries: [{ key: { int64: '1' }, value: { text: 'x' } }] },
    });
    expect(V.genMap([])).toEqual({ genMap: {} });
    expect(V.list([])).toEqual({ list: {} });
    expect(V.record({})).toEqual({ record: {} });
    expect(V.tuple(V.text('a'), V.text('b'))).toEqual(V.record({ _1: V.text('a'), _2: V.text('b') }));
    expect(V.optional(undefined)).toEqual({ optional: {} });
    expect(V.some(V.none())).toEqual({ optional: { value: { optional: {} } } });
    expect(V.variant('VRO_Expired')).toEqual({
      variant: { constructor: 'VRO_Expired', value: { unit: {} } },
    });
  });

  it('holds timestamps as microseconds and dates as days since the epoch', () => {
    expect(V.timestamp('2025-12-10T16:30:33.930Z')).toEqual({ timestamp: '1765384233930000' });
    expect(V.date('2025-12-10')).toEqual({ date: 20432 });
    expect(() => V.timestamp('2025-12-10T16:30:33.9300001Z')).toThrow(RangeError);
    expect(() => V.date('2025-02-30')).toThrow(RangeError);
  });

  it('returns fresh objects, so one value is never shared between two payloads', () => {
    expect(V.unit()).not.toBe(V.unit());
    expect((V.unit() as { unit: object }).unit).not.toBe((V.unit() as { unit: object }).unit);
  });
});
