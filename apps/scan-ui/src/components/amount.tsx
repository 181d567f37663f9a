import { formatAmount } from '../lib/format';

/**
 * A Daml decimal amount as the API sent it, grouped for reading (never through a float). It never
 * wraps, its unit included (`.amount` in SharedStyles): a line break inside a number misreads it.
 */
export function Amount({ value, unit }: { value: string; unit?: string }) {
  return (
    <span className="amount" data-amount={value}>
      {formatAmount(value)}
      {unit && ` ${unit}`}
    </span>
  );
}
