import { describe, expect, it } from 'vitest';
import { formatAmount, formatLag, formatUtc, relativeTime, templateName } from './format';

describe('formatAmount', () => {
  it("reads the scientific form of a scan's compact numerics (Java BigDecimal.toString)", () => {
    expect(formatAmount('0E-10')).toBe('0');
    expect(formatAmount('-1.43E-8')).toBe('-0.0000000143');
    expect(formatAmount('1.230E-7')).toBe('0.000000123');
    expect(formatAmount('1E+3')).toBe('1,000');
  });

  it('groups thousands and drops trailing fraction zeros without changing a digit', () => {
    expect(formatAmount('1234567.1200000000')).toBe('1,234,567.12');
    expect(formatAmount('1000.0000000000')).toBe('1,000');
    expect(formatAmount('0.0000000001')).toBe('0.0000000001');
  });

  it('keeps digits a float would round away', () => {
    // 2^53 + 1 and a 10-digit fraction: a float would print 9007199254740992.
    expect(formatAmount('9007199254740993.0000000001')).toBe('9,007,199,254,740,993.0000000001');
    expect(formatAmount('123456789012345678901234567890.1234567891')).toBe(
      '123,456,789,012,345,678,901,234,567,890.1234567891',
    );
  });

  it('handles signs, zero and leading zeros', () => {
    expect(formatAmount('-1500.5')).toBe('-1,500.5');
    expect(formatAmount('-0.000')).toBe('0');
    expect(formatAmount('000123')).toBe('123');
  });

  it('cuts (never rounds) the fraction when asked for fewer digits', () => {
    expect(formatAmount('1.99999', 2)).toBe('1.99');
    expect(formatAmount('1.50001', 3)).toBe('1.5');
  });

  it('returns what is not a decimal unchanged', () => {
    expect(formatAmount('n/a')).toBe('n/a');
    expect(formatAmount('1e5')).toBe('1e5');
  });
});

describe('times', () => {
  it('shows the UTC time as the API wrote it', () => {
    expect(formatUtc('2026-03-04T05:06:07.123456Z')).toBe('2026-03-04 05:06:07 UTC');
  });

  it('says how long ago or how far ahead a time is', () => {
    const now = Date.parse('2026-03-04T05:10:00Z');
    expect(relativeTime('2026-03-04T05:06:07.123456Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-03-04T07:10:00Z', now)).toBe('in 2 hours');
    expect(relativeTime('2026-03-04T05:10:00Z', now)).toBe('now');
  });
});

describe('templateName', () => {
  it('drops the package id', () => {
    expect(templateName('abc123:Splice.Amulet:Amulet')).toBe('Splice.Amulet:Amulet');
  });
});

describe('formatLag', () => {
  it('writes a lag in the largest units that keep it short', () => {
    expect([0, 29.54, 60, 725, 3600, 10_920, 86_400, 187_200].map(formatLag)).toEqual([
      '0 s',
      '29.5 s',
      '1 min',
      '12 min 5 s',
      '1 h',
      '3 h 2 min',
      '1 d',
      '2 d 4 h',
    ]);
  });
});
