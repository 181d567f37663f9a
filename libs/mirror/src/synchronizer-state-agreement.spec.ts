import {
  agreedAnswer,
  hostingAnswerOf,
  trafficAnswerOf,
  validHosting,
  validTraffic,
  type TrafficAnswer,
} from './synchronizer-state-agreement';
import { quorumSize } from './quorum';

const P = (name: string) => `PAR::${name}::1220${'ab'.repeat(32)}`;
const state = (consumed: number, limit: number): TrafficAnswer => ({
  total_consumed: consumed,
  total_limit: limit,
});

describe('agreement on the synchronizer state the mirror copies', () => {
  it('accepts the traffic state f + 1 of four peers answer alike and names the forger', () => {
    const answers = [
      { url: 'a', value: state(10, 1000) },
      { url: 'b', value: state(10, 1000) },
      { url: 'c', value: state(99, 1000) },
      { url: 'd', value: state(10, 1000) },
    ];
    expect(quorumSize(4)).toBe(2);
    expect(agreedAnswer(answers, 2)).toEqual({
      agreed: true,
      value: state(10, 1000),
      dissenters: ['c'],
      divergedAt: { c: 0 },
    });
  });

  it('compares content, not key order', () => {
    const reordered = { total_limit: 1000, total_consumed: 10 } as TrafficAnswer;
    expect(
      agreedAnswer(
        [
          { url: 'a', value: state(10, 1000) },
          { url: 'b', value: reordered },
        ],
        2,
      ),
    ).toMatchObject({
      agreed: true,
      dissenters: [],
    });
  });

  it('agrees on nothing when the peers read their sequencers at different moments (no group of f + 1)', () => {
    const answers = [
      { url: 'a', value: state(10, 1000) },
      { url: 'b', value: state(11, 1000) },
      { url: 'c', value: state(12, 1000) },
    ];
    expect(agreedAnswer(answers, 1)).toEqual({ agreed: false, dissenters: [], divergedAt: {} });
  });

  it('a tie agrees on nothing; one peer alone is trusted', () => {
    const tie = agreedAnswer(
      [
        { url: 'a', value: [P('x')] },
        { url: 'b', value: [P('y')] },
      ],
      1,
    );
    expect(tie.agreed).toBe(false);
    expect(agreedAnswer([{ url: 'a', value: [P('x')] }], 1)).toMatchObject({ agreed: true, value: [P('x')] });
  });

  it('an agreed 404 is an answer (null), distinct from an empty list and from a state', () => {
    const absent = agreedAnswer(
      [
        { url: 'a', value: null },
        { url: 'b', value: null },
        { url: 'c', value: [] as string[] },
      ],
      1,
    );
    expect(absent).toEqual({ agreed: true, value: null, dissenters: ['c'], divergedAt: { c: 0 } });
    expect(
      agreedAnswer(
        [
          { url: 'a', value: null },
          { url: 'b', value: state(0, 0) },
        ],
        2,
      ).agreed,
    ).toBe(false);
  });

  it("reads a peer's answers: 404 as null, `actual` only (a peer's `target` may differ), malformed kept as such", () => {
    expect(trafficAnswerOf({ absent: true })).toBeNull();
    const served = { traffic_status: { actual: state(5, 9), target: { total_purchased: 12 } } };
    expect(trafficAnswerOf({ absent: false, value: served })).toEqual(state(5, 9));
    const malformed = trafficAnswerOf({ absent: false, value: {} });
    expect(validTraffic(malformed)).toBe(false);
    expect(validTraffic(state(5, 9))).toBe(true);
    expect(validTraffic(null)).toBe(true);
    expect(validTraffic({ total_consumed: -1, total_limit: 9 })).toBe(false);
    expect(validTraffic({ total_consumed: 1.5, total_limit: 9 })).toBe(false);

    expect(hostingAnswerOf({ absent: true })).toBeNull();
    expect(hostingAnswerOf({ absent: false, value: { participant_ids: [P('x'), P('y')] } })).toEqual([
      P('x'),
      P('y'),
    ]);
    const v0Shaped = { participant_id: P('x') } as { participant_ids?: unknown };
    expect(validHosting(hostingAnswerOf({ absent: false, value: v0Shaped }))).toBe(false);
    expect(validHosting([P('x'), P('x')])).toBe(false);
    expect(validHosting(['SEQ::x::1220ab'])).toBe(false);
    expect(validHosting([])).toBe(true);
  });
});
