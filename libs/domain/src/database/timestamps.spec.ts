import { canonicalTimestamp, parseTimestamptz } from './timestamps';

describe('parseTimestamptz', () => {
  it('keeps microseconds and renders UTC as Z', () => {
    expect(parseTimestamptz('2026-01-05 10:00:00.123456+00')).toBe('2026-01-05T10:00:00.123456Z');
    expect(parseTimestamptz('2026-01-05 10:00:00+00')).toBe('2026-01-05T10:00:00.000000Z');
    expect(parseTimestamptz('2026-01-05 10:00:00.1+00')).toBe('2026-01-05T10:00:00.100000Z');
  });

  it('shifts other zones to UTC without losing microseconds', () => {
    expect(parseTimestamptz('2026-01-05 12:30:00.000007+02:30')).toBe('2026-01-05T10:00:00.000007Z');
  });

  it('handles the import record time of year 1', () => {
    expect(parseTimestamptz('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000000Z');
  });
});

describe('canonicalTimestamp', () => {
  it('normalises precision and zone', () => {
    expect(canonicalTimestamp('2026-01-05T10:00:00Z')).toBe('2026-01-05T10:00:00.000000Z');
    expect(canonicalTimestamp('2026-01-05T10:00:00.123456789Z')).toBe('2026-01-05T10:00:00.123456Z');
    expect(canonicalTimestamp('2026-01-05T11:00:00.5+01:00')).toBe('2026-01-05T10:00:00.500000Z');
  });

  it('rejects what is not ISO-8601', () => {
    expect(canonicalTimestamp('yesterday')).toBeUndefined();
    expect(canonicalTimestamp('2026-01-05 10:00:00')).toBeUndefined();
  });
});
