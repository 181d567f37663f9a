import {
  bigDecimalText,
  dateDaysOf,
  dateText,
  fewestDigitsText,
  instantText,
  isDateDays,
  isLedgerNumeric,
  isTimestampMicros,
  plainDecimalText,
  timestampMicrosOf,
} from './daml-scalars';

// Vectors from real answers of Splice scans (facts.md "Wire encodings of Daml values", the
// MainNet samples) and from Java's own BigDecimal/Instant rules.
describe('numerics as Java BigDecimal.toString renders them', () => {
  it.each([
    ['10988.5749814750', '10988.5749814750'],
    ['0.0002608789', '0.0002608789'],
    ['0.0000000000', '0E-10'],
    ['-0.0000000143', '-1.43E-8'],
    ['0.0000190259', '0.0000190259'],
    ['0.05', '0.05'],
    ['0.2', '0.2'],
    ['570.0', '570.0'],
    ['140000', '140000'],
    ['0.000001', '0.000001'],
    ['0.0000001', '1E-7'],
    ['-0.0', '0.0'],
    ['-0.0000000000', '0E-10'],
    ['0.0000001230', '1.230E-7'],
    ['-12.5000000000', '-12.5000000000'],
  ])('%s is %s', (plain, java) => {
    expect(bigDecimalText(plain)).toBe(java);
  });

  it.each([
    ['0E-10', '0.0000000000'],
    ['-1.43E-8', '-0.0000000143'],
    ['1.230E-7', '0.0000001230'],
    ['10988.5749814750', '10988.5749814750'],
    ['1E+3', '1000'],
    ['+2.5', '2.5'],
  ])('reads %s back as %s (scale kept)', (java, plain) => {
    expect(plainDecimalText(java)).toBe(plain);
  });

  it('round-trips every ledger numeric through the compact form', () => {
    for (const plain of ['0.0000000000', '-0.0000000143', '123456789012345678.0000000001', '0.05', '7']) {
      expect(plainDecimalText(bigDecimalText(plain))).toBe(plain);
    }
  });

  it('refuses what is not a decimal', () => {
    expect(plainDecimalText('1e')).toBeUndefined();
    expect(plainDecimalText('abc')).toBeUndefined();
    expect(plainDecimalText('')).toBeUndefined();
  });

  it('knows the ledger numeric form (plain, 38 digits, scale at most 37)', () => {
    expect(isLedgerNumeric('10.0000000000')).toBe(true);
    expect(isLedgerNumeric('-0.05')).toBe(true);
    expect(isLedgerNumeric('0E-10')).toBe(false);
    expect(isLedgerNumeric('1.')).toBe(false);
    expect(isLedgerNumeric('1'.repeat(39))).toBe(false);
    expect(isLedgerNumeric(`0.${'1'.repeat(38)}`)).toBe(false);
  });
});

describe('timestamps: proto3 JSON microseconds and Java Instant.toString', () => {
  it.each([
    ['1765384233930000', '2025-12-10T16:30:33.930Z'],
    ['1719263314404896', '2024-06-24T21:08:34.404896Z'],
    ['1765384233000000', '2025-12-10T16:30:33Z'],
    ['1765384233000100', '2025-12-10T16:30:33.000100Z'],
    ['0', '1970-01-01T00:00:00Z'],
    ['-1', '1969-12-31T23:59:59.999999Z'],
    ['-62135596800000000', '0001-01-01T00:00:00Z'],
    ['253402300799999999', '9999-12-31T23:59:59.999999Z'],
  ])('%s is %s', (micros, iso) => {
    expect(instantText(micros)).toBe(iso);
    expect(timestampMicrosOf(iso)).toBe(micros);
  });

  it('reads any precision up to microseconds back, and refuses more', () => {
    expect(timestampMicrosOf('2025-12-10T16:30:33.930000Z')).toBe('1765384233930000');
    expect(timestampMicrosOf('2025-12-10T16:30:33.9300001Z')).toBeUndefined();
    expect(timestampMicrosOf('2025-12-10')).toBeUndefined();
  });

  it('accepts only decimal microsecond strings within the Daml range', () => {
    expect(isTimestampMicros('1765384233930000')).toBe(true);
    expect(isTimestampMicros('-62135596800000000')).toBe(true);
    expect(isTimestampMicros('-62135596800000001')).toBe(false);
    expect(isTimestampMicros('253402300800000000')).toBe(false);
    expect(isTimestampMicros('01')).toBe(false);
    expect(isTimestampMicros('-0')).toBe(false);
    expect(isTimestampMicros('2025-12-10T16:30:33Z')).toBe(false);
  });
});

describe("a created event's created_at: the fewest fraction digits", () => {
  it.each([
    ['2025-10-24T14:28:37.208560Z', '2025-10-24T14:28:37.20856Z'],
    ['2025-12-03T14:05:48.113581Z', '2025-12-03T14:05:48.113581Z'],
    ['2025-12-10T16:09:00.000000Z', '2025-12-10T16:09:00Z'],
    ['2025-12-10T16:09:10.100Z', '2025-12-10T16:09:10.1Z'],
    ['2025-12-10T16:09:10Z', '2025-12-10T16:09:10Z'],
  ])('%s is %s', (iso, fewest) => {
    expect(fewestDigitsText(iso)).toBe(fewest);
  });
});

describe('dates: days since the epoch and LocalDate.toString', () => {
  it.each([
    [20432, '2025-12-10'],
    [0, '1970-01-01'],
    [-1, '1969-12-31'],
    [-719162, '0001-01-01'],
    [2932896, '9999-12-31'],
  ])('%d is %s', (days, text) => {
    expect(dateText(days)).toBe(text);
    expect(dateDaysOf(text)).toBe(days);
  });

  it('refuses dates that do not exist or leave the Daml range', () => {
    expect(dateDaysOf('2025-02-29')).toBeUndefined();
    expect(isDateDays(2932897)).toBe(false);
    expect(isDateDays(1.5)).toBe(false);
    expect(isDateDays('20432')).toBe(false);
  });
});
