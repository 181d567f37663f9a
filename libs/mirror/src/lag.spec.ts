import { formatLag, lagSeconds } from './lag';

describe('lagSeconds', () => {
  it('is the time from the stored newest record time to the peers newest', () => {
    expect(
      lagSeconds({
        lastRecordTime: '2024-01-01T00:00:00.000000Z',
        peersNewestRecordTime: '2024-01-01T03:02:00.500000Z',
      }),
    ).toBe(3 * 3600 + 120.5);
  });

  it('is 0 when the store is level with or ahead of the peers', () => {
    const t = '2024-01-01T00:00:00.000001Z';
    expect(lagSeconds({ lastRecordTime: t, peersNewestRecordTime: t })).toBe(0);
    expect(
      lagSeconds({ lastRecordTime: '2024-01-02T00:00:00Z', peersNewestRecordTime: '2024-01-01T00:00:00Z' }),
    ).toBe(0);
  });

  it('is 0 on a migration the peers hold only import updates of', () => {
    expect(lagSeconds({ peersNewestRecordTime: '0001-01-01T00:00:00.000000Z' })).toBe(0);
  });

  it('is unknown while either side is unknown', () => {
    expect(lagSeconds({ peersNewestRecordTime: '2024-01-01T00:00:00Z' })).toBeUndefined();
    expect(lagSeconds({ lastRecordTime: '2024-01-01T00:00:00Z' })).toBeUndefined();
  });
});

describe('formatLag', () => {
  it.each([
    [0, '0 s'],
    [59.4, '59 s'],
    [60, '1 min'],
    [725, '12 min 5 s'],
    [3 * 3600 + 120, '3 h 2 min'],
    [7200, '2 h'],
    [52 * 3600, '2 d 4 h'],
    [48 * 3600, '2 d'],
  ])('writes %p seconds as %p', (seconds, text) => {
    expect(formatLag(seconds)).toBe(text);
  });
});
