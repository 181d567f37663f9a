import { plainDecimalText } from './daml-scalars';

/**
 * Daml `Decimal` (Numeric 10) arithmetic on BigInt. Amounts never pass through JS floats: a value
 * is held as an integer count of 10^-10 units, which is exactly what the ledger stores.
 */
export const DAML_DECIMAL_SCALE = 10;

const UNITS_PER_ONE = 10n ** BigInt(DAML_DECIMAL_SCALE);
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d{1,10}))?$/;

/**
 * Parses `"12.5"`, `"-0.0000000001"` or the scientific form a Splice scan's compact JSON writes
 * (`"0E-10"`, `"-1.43E-8"`) into 10^-10 units; more than 10 fractional digits is an error.
 */
export function parseDamlDecimal(text: string): bigint {
  const m = DECIMAL_TEXT.exec(text) ?? DECIMAL_TEXT.exec(plainDecimalText(text) ?? '');
  if (!m)
    throw new Error(`not a Daml decimal with at most ${DAML_DECIMAL_SCALE} fractional digits: "${text}"`);
  const [, sign, whole, fraction = ''] = m;
  const units = BigInt(whole) * UNITS_PER_ONE + BigInt(fraction.padEnd(DAML_DECIMAL_SCALE, '0'));
  return sign === '-' ? -units : units;
}

/** Renders 10^-10 units the way the ledger does: always exactly 10 fractional digits. */
export function formatDamlDecimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNITS_PER_ONE;
  const fraction = (abs % UNITS_PER_ONE).toString().padStart(DAML_DECIMAL_SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Converts a whole number of amulets (or any integer quantity) into 10^-10 units. */
export function wholeDamlDecimal(whole: number | bigint): bigint {
  return BigInt(whole) * UNITS_PER_ONE;
}

/** Product of two decimals, truncated toward zero to 10 fractional digits (callers needing another rounding adjust). */
export function mulDamlDecimal(a: bigint, b: bigint): bigint {
  return (a * b) / UNITS_PER_ONE;
}

/** Quotient of two decimals, truncated toward zero to 10 fractional digits. */
export function divDamlDecimal(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division of a Daml decimal by zero');
  return (a * UNITS_PER_ONE) / b;
}
