import { toCompact } from './compact';
import { fromCompact, T } from './daml-type';
import { V } from './daml-value.builders';

const ALICE = `alice::1220${'ab'.repeat(32)}`;

describe('fromCompact', () => {
  const type = T.record({
    owner: T.party,
    amount: T.numeric,
    round: T.record({ number: T.int64 }),
    lock: T.optional(T.record({ holders: T.list(T.party), expiresAt: T.timestamp })),
    nested: T.optional(T.optional(T.text)),
    state: T.enum('DS_Bootstrapping', 'DS_Operational'),
    outcome: T.variant({ VRO_Accepted: T.record({ effectiveAt: T.timestamp }), VRO_Rejected: T.unit }),
    values: T.textMap(T.text),
    svs: T.genMap(T.party, T.bool),
    required: T.set(T.text),
    pair: T.tuple2(T.date, T.contractId),
  });

  const compact = {
    owner: ALICE,
    amount: '1.5000000000',
    round: { number: '42' },
    lock: { holders: [ALICE], expiresAt: '2026-01-05T10:00:00.000001Z' },
    nested: [],
    state: 'DS_Operational',
    outcome: { tag: 'VRO_Rejected', value: {} },
    values: { a: 'b' },
    svs: [[ALICE, true]],
    required: { map: [['sync', {}]] },
    pair: { _1: '2026-01-05', _2: '00ab' },
  };

  it('rebuilds the lossless value whose compact form it was', () => {
    const lossless = fromCompact(type, compact);
    expect(toCompact(lossless)).toEqual(compact);
    expect(lossless).toEqual(
      V.record({
        owner: V.party(ALICE),
        amount: V.numeric('1.5000000000'),
        round: V.record({ number: V.int64(42) }),
        lock: V.some(
          V.record({
            holders: V.list([V.party(ALICE)]),
            expiresAt: V.timestamp('2026-01-05T10:00:00.000001Z'),
          }),
        ),
        nested: V.some(V.none()),
        state: V.enum('DS_Operational'),
        outcome: V.variant('VRO_Rejected', V.unit()),
        values: V.textMap({ a: V.text('b') }),
        svs: V.genMap([[V.party(ALICE), V.bool(true)]]),
        required: V.record({ map: V.genMap([[V.text('sync'), V.unit()]]) }),
        pair: V.tuple(V.date('2026-01-05'), V.contractId('00ab')),
      }),
    );
  });

  it('follows the declared field order, not the order of the JSON keys', () => {
    const lossless = fromCompact(T.record({ a: T.text, b: T.text }), { b: 'y', a: 'x' });
    expect(lossless).toEqual(V.record({ a: V.text('x'), b: V.text('y') }));
  });

  it('rebuilds nested optionals from [] and [x]', () => {
    const nested = T.optional(T.optional(T.int64));
    expect(fromCompact(nested, null)).toEqual(V.none());
    expect(fromCompact(nested, [])).toEqual(V.some(V.none()));
    expect(fromCompact(nested, ['5'])).toEqual(V.some(V.some(V.int64(5))));
  });

  it.each<[string, unknown, RegExp]>([
    ['a missing field', { ...compact, amount: undefined }, /^\$\.amount: expected numeric text/],
    ['an unknown field', { ...compact, extra: 1 }, /^\$\.extra: unknown record field/],
    [
      'an unknown variant constructor',
      { ...compact, outcome: { tag: 'VRO_Maybe', value: {} } },
      /^\$\.outcome\.tag: unknown constructor/,
    ],
    ['an unknown enum constructor', { ...compact, state: 'DS_Gone' }, /^\$\.state: unknown enum constructor/],
    [
      'a malformed gen map entry',
      { ...compact, svs: [[ALICE]] },
      /^\$\.svs\[0\]: expected a \[key, value\] pair/,
    ],
    [
      'a number where text is due',
      { ...compact, round: { number: 42 } },
      /^\$\.round\.number: expected int64 text/,
    ],
    [
      'a nested optional that is not a list',
      { ...compact, nested: 'x' },
      /^\$\.nested: nested optional must be/,
    ],
  ])('rejects %s, naming its path', (_what, bad, message) => {
    expect(() => fromCompact(type, bad)).toThrow(message);
  });

  it('reports a missing field by name', () => {
    const { owner: _owner, ...withoutOwner } = compact;
    expect(() => fromCompact(type, withoutOwner)).toThrow(/^\$\.owner: missing record field/);
  });
});
