import { dollarsToAmulet } from './network-config.service';

describe('dollarsToAmulet', () => {
  it.each([
    ['0.0300000000', '0.0050000000', '6.0000000000'],
    ['1.0000000000', '3.0000000000', '0.3333333333'],
    ['2.0000000000', '3.0000000000', '0.6666666667'],
    // Ties go to the even last digit, as Daml's Numeric division rounds.
    ['0.0000000001', '2.0000000000', '0.0000000000'],
    ['0.0000000003', '2.0000000000', '0.0000000002'],
    ['0.0000000005', '2.0000000000', '0.0000000002'],
    ['0.0000000007', '2.0000000000', '0.0000000004'],
    ['-0.0000000003', '2.0000000000', '-0.0000000002'],
    ['0E-10', '0.005', '0.0000000000'],
    ['1.90259E-5', '0.005', '0.0038051800'],
  ])('%s USD at %s is %s amulet', (usd, price, amulet) => {
    expect(dollarsToAmulet(usd, price)).toBe(amulet);
  });

  it('refuses a zero price', () => {
    expect(() => dollarsToAmulet('1.0', '0E-10')).toThrow(RangeError);
  });
});
