import Box from '@mui/material/Box';
import { formatAmount } from '../lib/format';

/** A Daml decimal amount as the API sent it, grouped for reading (never through a float). */
export function Amount({ value, unit }: { value: string; unit?: string }) {
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-amount={value}>
      {formatAmount(value)}
      {unit && ` ${unit}`}
    </Box>
  );
}
