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

  describe('with an equality tried before the keys', () => {
    // Items as parsed JSON: field order is form, not content.
    type Item = Record<string, unknown>;
    const sorted = (item: Item): string =>
      JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1))));
    const same = (a: Item, b: Item) => sorted(a) === sorted(b);

    it('agrees without keying an item when every peer answered alike, lagging peers abstaining', () => {
      let keyed = 0;
      const key = (item: Item) => (keyed++, sorted(item));
      const page = [{ a: 1, b: 2 }, { a: 3 }, { a: 4 }];
      const answers = [
        { url: 'p', items: page.map((i) => ({ ...i })) },
        { url: 'q', items: page.slice(0, 2).map((i) => ({ ...i })) },
        { url: 'r', items: [{ b: 2, a: 1 }] },
      ];
      const expected = agreedPrefix(answers, 2, sorted);
      expect(expected.items).toEqual(page.slice(0, 2));
      const got = agreedPrefix(answers, 2, key, same);
      expect(got).toEqual(expected);
      // The same objects as the vote takes: the first answer's where it reaches.
      got.items.forEach((item, i) => expect(item).toBe(expected.items[i]));
      expect(keyed).toBe(0);
    });

    it('finds the same dissenter, at the same item, as the keys alone', () => {
      const answers = [
        { url: 'p', items: [{ a: 1 }, { a: 2 }, { a: 3 }] },
        { url: 'q', items: [{ a: 1 }, { a: 2 }, { a: 3 }] },
        { url: 'r', items: [{ a: 1 }, { a: 2, forged: true }, { a: 3 }] },
        { url: 's', items: [{ a: 1 }, { a: 2 }] },
      ];
      const expected = agreedPrefix(answers, 2, sorted);
      expect(expected.dissenters).toEqual(['r']);
      expect(agreedPrefix(answers, 2, sorted, same)).toEqual(expected);
    });

    it('accepts nothing at a tie, as the keys do', () => {
      const answers = [
        { url: 'p', items: [{ a: 1 }] },
        { url: 'q', items: [{ a: 2 }] },
      ];
      expect(agreedPrefix(answers, 1, sorted, same).items).toEqual([]);
    });
  });
});
