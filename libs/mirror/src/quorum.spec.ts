import { agreedPrefix, faultsTolerated, quorumSize } from './quorum';

const id = (s: string) => s;

describe('quorum reads', () => {
  it('tolerates f = floor((n - 1) / 3) faulty peers and needs f + 1 alike', () => {
    expect([1, 2, 3, 4, 7].map(faultsTolerated)).toEqual([0, 0, 0, 1, 2]);
    expect([1, 3, 4, 7].map(quorumSize)).toEqual([1, 1, 2, 3]);
  });

  it('trusts a single peer', () => {
    expect(agreedPrefix([{ url: 'a', items: ['x', 'y'] }], 1, id)).toEqual({
      items: ['x', 'y'],
      dissenters: [],
      divergedAt: {},
    });
  });

  it('takes the majority item by item and reports the peer that differs', () => {
    const answers = [
      { url: 'a', items: ['x', 'y', 'z'] },
      { url: 'b', items: ['x', 'y', 'z'] },
      { url: 'c', items: ['x', 'Y', 'z'] },
    ];
    expect(agreedPrefix(answers, 1, id)).toEqual({
      items: ['x', 'y', 'z'],
      dissenters: ['c'],
      divergedAt: { c: 1 },
    });
  });

  it('stops at a tie and where fewer than f + 1 peers still answer', () => {
    expect(
      agreedPrefix(
        [
          { url: 'a', items: ['x'] },
          { url: 'b', items: ['y'] },
        ],
        1,
        id,
      ).items,
    ).toEqual([]);
    const lagging = [
      { url: 'a', items: ['x', 'y', 'z'] },
      { url: 'b', items: ['x', 'y'] },
      { url: 'c', items: ['x'] },
      { url: 'd', items: [] },
    ];
    expect(agreedPrefix(lagging, 2, id)).toEqual({ items: ['x', 'y'], dissenters: [], divergedAt: {} });
  });
});
