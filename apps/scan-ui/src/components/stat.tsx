import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One figure of the overview: a label, the value and a line under it. */
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
      sx={{ p: 2, flex: '1 1 220px', minWidth: 0 }}
    >
      <Typography component="h2" variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
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
