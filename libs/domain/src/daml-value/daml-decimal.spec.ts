import {
  divDamlDecimal,
  formatDamlDecimal,
  mulDamlDecimal,
  parseDamlDecimal,
  wholeDamlDecimal,
} from './daml-decimal';

describe('Daml decimals', () => {
  it('parses to 10^-10 units and renders exactly 10 fractional digits', () => {
    expect(parseDamlDecimal('12.5')).toBe(125_000_000_000n);
    expect(formatDamlDecimal(parseDamlDecimal('12.5'))).toBe('12.5000000000');
    expect(formatDamlDecimal(parseDamlDecimal('-0.0000000001'))).toBe('-0.0000000001');
    expect(formatDamlDecimal(0n)).toBe('0.0000000000');
  });

  it('keeps amounts beyond the precision of a double exact', () => {
    const big = '123456789012345678.0000000001';
    expect(formatDamlDecimal(parseDamlDecimal(big))).toBe(big);
    expect(formatDamlDecimal(parseDamlDecimal(big) + parseDamlDecimal('0.0000000001'))).toBe(
      '123456789012345678.0000000002',
    );
  });

  it('rejects more than 10 fractional digits and non-decimal text', () => {
    expect(() => parseDamlDecimal('1.00000000001')).toThrow(/at most 10 fractional digits/);
    expect(() => parseDamlDecimal('1e')).toThrow();
    expect(() => parseDamlDecimal('1E-11')).toThrow(/at most 10 fractional digits/);
    expect(() => parseDamlDecimal('')).toThrow();
  });

  it('reads the BigDecimal forms a Splice scan writes', () => {
    expect(parseDamlDecimal('0E-10')).toBe(0n);
    expect(parseDamlDecimal('-1.43E-8')).toBe(-143n);
    expect(parseDamlDecimal('1E+3')).toBe(wholeDamlDecimal(1000));
  });

  it('multiplies and divides with truncation to 10 digits', () => {
    expect(formatDamlDecimal(mulDamlDecimal(parseDamlDecimal('0.01'), parseDamlDecimal('123.4567')))).toBe(
      '1.2345670000',
    );
    expect(formatDamlDecimal(mulDamlDecimal(parseDamlDecimal('0.0000000001'), parseDamlDecimal('0.5')))).toBe(
      '0.0000000000',
    );
    expect(formatDamlDecimal(divDamlDecimal(parseDamlDecimal('1'), parseDamlDecimal('3')))).toBe(
      '0.3333333333',
    );
    expect(() => divDamlDecimal(1n, 0n)).toThrow(/by zero/);
    expect(formatDamlDecimal(wholeDamlDecimal(7))).toBe('7.0000000000');
  });
});
