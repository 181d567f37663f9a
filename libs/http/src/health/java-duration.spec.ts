import { javaDurationString } from './java-duration';

const S = 1_000_000_000n;

describe('javaDurationString', () => {
  it("writes MainNet's uptime as Splice's scan does", () => {
    expect(javaDurationString((85n * 3600n + 26n * 60n) * S + 595_279_000n)).toBe('PT85H26M0.595279S');
  });

  it('leaves out zero parts, keeping the seconds when nothing else is there', () => {
    expect(javaDurationString(0n)).toBe('PT0S');
    expect(javaDurationString(60n * S)).toBe('PT1M');
    expect(javaDurationString(3600n * S)).toBe('PT1H');
    expect(javaDurationString(3600n * S + 5n * S)).toBe('PT1H5S');
    expect(javaDurationString(1n)).toBe('PT0.000000001S');
    expect(javaDurationString(1_500_000_000n)).toBe('PT1.5S');
  });

  it('counts days as hours, as Java does', () => {
    expect(javaDurationString(49n * 3600n * S + 61n * S)).toBe('PT49H1M1S');
  });

  it('refuses a negative duration', () => {
    expect(() => javaDurationString(-1n)).toThrow(RangeError);
  });
});
