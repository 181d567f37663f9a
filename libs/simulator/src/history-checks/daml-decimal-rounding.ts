import { parseDamlDecimal } from '@canton-scan/domain';

/**
 * Daml `Decimal` (Numeric 10) arithmetic as the ledger does it: every product and quotient rounded
 * half to even to 10 fractional digits. Values are counts of 10^-10 units.
 */
const ONE = 10n ** 10n;

export function decimal(text: string): bigint {
  return parseDamlDecimal(text);
}

export function mulRounded(a: bigint, b: bigint): bigint {
  return divideHalfEven(a * b, ONE);
}

export function divRounded(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division of a Daml decimal by zero');
  return divideHalfEven(a * ONE, b);
}

function divideHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  const twice = (an % ad) * 2n;
  if (twice > ad || (twice === ad && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return `${negative ? '-' : ''}${abs / ONE}.${(abs % ONE).toString().padStart(10, '0')}`;
}
