import { votingThreshold } from './voting-threshold';

describe('votingThreshold', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 4],
    [6, 4],
    [7, 5],
    [10, 7],
    [13, 9],
    [16, 11],
  ])('needs the BFT majority of %i SVs: %i votes', (n, expected) => {
    expect(votingThreshold(n)).toBe(expected);
  });

  it('always exceeds half the SVs plus the tolerated faulty ones', () => {
    for (let n = 1; n <= 100; n++) {
      const f = Math.floor((n - 1) / 3);
      const t = votingThreshold(n);
      expect(2 * t).toBeGreaterThanOrEqual(n + f + 1);
      expect(t).toBeLessThanOrEqual(n);
    }
  });

  it('refuses a DSO without SVs', () => {
    expect(() => votingThreshold(0)).toThrow(RangeError);
  });
});
