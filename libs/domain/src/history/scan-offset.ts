const INT64_MAX = 2n ** 63n - 1n;
const ENCODED = /^00[0-9a-f]{16}$/;

/**
 * Scan's string form of a ledger offset (docs/offsets-and-ids.md "Scan offsets"): 0 is `""`; any other N is `00` (a version
 * byte) followed by N as a big-endian 8-byte integer in hex, so string order equals numeric order.
 */
export function encodeScanOffset(offset: bigint | number): string {
  const n = typeof offset === 'number' ? safeInteger(offset) : offset;
  if (n < 0n || n > INT64_MAX) throw new RangeError(`ledger offset out of range: ${n}`);
  return n === 0n ? '' : `00${n.toString(16).padStart(16, '0')}`;
}

/** Inverse of `encodeScanOffset`; rejects anything that is not exactly that encoding. */
export function decodeScanOffset(encoded: string): bigint {
  if (encoded === '') return 0n;
  if (!ENCODED.test(encoded))
    throw new Error(`malformed scan offset "${encoded}" (want "" or 00 + 16 hex digits)`);
  const n = BigInt(`0x${encoded.slice(2)}`);
  if (n > INT64_MAX) throw new RangeError(`scan offset beyond int64: "${encoded}"`);
  return n;
}

function safeInteger(n: number): bigint {
  if (!Number.isSafeInteger(n)) throw new RangeError(`ledger offset must be a safe integer, got ${n}`);
  return BigInt(n);
}
