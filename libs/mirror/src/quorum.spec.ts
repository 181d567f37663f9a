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

  describe('with a quick key compared first', () => {
    // Items as parsed JSON: field order is form, not content.
    type Item = Record<string, unknown>;
    const sorted = (item: Item): string =>
      JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1))));
    const asReceived = (item: Item): string => JSON.stringify(item);

    it('agrees by the quick key alone when every peer answered alike', () => {
      let slowCalls = 0;
      const slow = (item: Item) => (slowCalls++, sorted(item));
      const page = [{ a: 1, b: 2 }, { a: 3 }];
      const answers = ['p', 'q', 'r'].map((url) => ({ url, items: page.map((i) => ({ ...i })) }));
      expect(agreedPrefix(answers, 2, slow, asReceived)).toEqual({
        items: page,
        dissenters: [],
        divergedAt: {},
      });
      expect(slowCalls).toBe(0);
    });

    it('falls back to the full key where answers differ only in field order', () => {
      const answers = [
        {
          url: 'p',
          items: [
            { a: 1, b: 2 },
            { c: 1, d: 2 },
          ],
        },
        {
          url: 'q',
          items: [
            { a: 1, b: 2 },
            { d: 2, c: 1 },
          ],
        },
        {
          url: 'r',
          items: [
            { b: 2, a: 1 },
            { c: 1, d: 2 },
          ],
        },
      ];
      expect(agreedPrefix(answers, 2, sorted, asReceived)).toEqual({
        items: [answers[0].items[0], answers[0].items[1]],
        dissenters: [],
        divergedAt: {},
      });
    });

    it('finds the same dissenter, at the same item, as the full key alone', () => {
      const answers = [
        { url: 'p', items: [{ a: 1 }, { a: 2 }, { a: 3 }] },
        { url: 'q', items: [{ a: 1 }, { a: 2 }, { a: 3 }] },
        { url: 'r', items: [{ a: 1 }, { a: 2, forged: true }, { a: 3 }] },
        { url: 's', items: [{ a: 1 }, { a: 2 }] },
      ];
      const expected = agreedPrefix(answers, 2, sorted);
      expect(expected.dissenters).toEqual(['r']);
      expect(agreedPrefix(answers, 2, sorted, asReceived)).toEqual(expected);
    });

    it('accepts nothing at a tie, as the full key does', () => {
      const answers = [
        { url: 'p', items: [{ a: 1 }] },
        { url: 'q', items: [{ a: 2 }] },
      ];
      expect(agreedPrefix(answers, 1, sorted, asReceived).items).toEqual([]);
    });
  });
});
