import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * One figure of the overview: a label, the value and a line under it. The card is at least as wide
 * as its value (an amount never wraps), so a long supply widens its card rather than splitting.
 */
export function Stat({
  label,
  children,
  detail,
  testId,
}: {
  label: string;
  children: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ p: 2, flex: '1 1 220px', minWidth: 'min-content' }}
    >
      <Typography component="h2" variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {children}
      </Typography>
      {detail && (
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}
