import { formatMicros, parseRequestTime } from './request-time';

describe('parseRequestTime', () => {
  it('reduces a UTC time to canonical microseconds', () => {
    expect(parseRequestTime('2026-01-05T10:00:00Z')).toEqual({
      floor: '2026-01-05T10:00:00.000000Z',
      ceil: '2026-01-05T10:00:00.000000Z',
      exact: true,
    });
    expect(parseRequestTime('2026-01-05T10:00:00.123456Z')?.floor).toBe('2026-01-05T10:00:00.123456Z');
    expect(parseRequestTime('2026-01-05t10:00:00.5z')?.floor).toBe('2026-01-05T10:00:00.500000Z');
  });

  it('converts other zones to UTC without losing microseconds', () => {
    expect(parseRequestTime('2026-01-05T11:30:00.000007+01:30')?.floor).toBe('2026-01-05T10:00:00.000007Z');
    expect(parseRequestTime('2026-01-05T00:00:00.000001-02:00')?.floor).toBe('2026-01-05T02:00:00.000001Z');
    expect(parseRequestTime('2026-01-01T00:30:00+0100')?.floor).toBe('2025-12-31T23:30:00.000000Z');
    expect(parseRequestTime('2026-01-05 10:00:00+00')?.floor).toBe('2026-01-05T10:00:00.000000Z');
  });

  it('floors and ceils digits beyond the microsecond, and says whether there were any', () => {
    expect(parseRequestTime('2026-01-05T10:00:00.1234561Z')).toEqual({
      floor: '2026-01-05T10:00:00.123456Z',
      ceil: '2026-01-05T10:00:00.123457Z',
      exact: false,
    });
    expect(parseRequestTime('2026-01-05T10:00:00.1234560000Z')).toEqual({
      floor: '2026-01-05T10:00:00.123456Z',
      ceil: '2026-01-05T10:00:00.123456Z',
      exact: true,
    });
    expect(parseRequestTime('2026-12-31T23:59:59.9999999Z')?.ceil).toBe('2027-01-01T00:00:00.000000Z');
  });

  it('handles years before 100 and before 1970 literally', () => {
    expect(parseRequestTime('0001-01-01T00:00:00Z')?.floor).toBe('0001-01-01T00:00:00.000000Z');
    expect(parseRequestTime('1969-12-31T23:59:59.5Z')?.floor).toBe('1969-12-31T23:59:59.500000Z');
    expect(formatMicros(-1n)).toBe('1969-12-31T23:59:59.999999Z');
  });

  it('rejects what is not an RFC 3339 date-time or names an impossible instant', () => {
    for (const bad of [
      'yesterday',
      '2026-01-05',
      '2026-01-05T10:00:00',
      '2026-02-30T00:00:00Z',
      '2026-01-05T24:00:00Z',
      '2026-01-05T23:59:60Z',
      '2026-01-05T10:00:00+25:00',
    ]) {
      expect(parseRequestTime(bad)).toBeUndefined();
    }
  });
});
