import { decodeScanOffset, encodeScanOffset } from './scan-offset';

describe('scan offsets', () => {
  it('encodes 0 as the empty string and N as 00 + 16 big-endian hex digits', () => {
    expect(encodeScanOffset(0)).toBe('');
    expect(encodeScanOffset(1)).toBe('000000000000000001');
    expect(encodeScanOffset(255n)).toBe('0000000000000000ff');
    expect(encodeScanOffset(2n ** 63n - 1n)).toBe('007fffffffffffffff');
  });

  it('decodes what it encodes', () => {
    for (const n of [0n, 1n, 16n, 1_000_000n, 2n ** 53n + 1n, 2n ** 63n - 1n]) {
      expect(decodeScanOffset(encodeScanOffset(n))).toBe(n);
    }
  });

  it('keeps string order equal to numeric order', () => {
    const offsets = [0n, 1n, 9n, 10n, 15n, 16n, 255n, 256n, 4096n, 2n ** 40n];
    const encoded = offsets.map(encodeScanOffset);
    expect([...encoded].sort()).toEqual(encoded);
  });

  it('rejects negative, fractional and out-of-range offsets', () => {
    expect(() => encodeScanOffset(-1)).toThrow(RangeError);
    expect(() => encodeScanOffset(1.5)).toThrow(RangeError);
    expect(() => encodeScanOffset(2n ** 63n)).toThrow(RangeError);
  });

  it.each([
    '1',
    '0000000000000001',
    '00000000000000000g',
    '010000000000000001',
    '00FFFFFFFFFFFFFFFF',
    '0080000000000000000',
  ])('rejects the malformed encoding %j', (bad) => {
    expect(() => decodeScanOffset(bad)).toThrow();
  });

  it('rejects an encoding beyond int64', () => {
    expect(() => decodeScanOffset('008000000000000000')).toThrow(/beyond int64/);
  });
});
