import Box from '@mui/material/Box';
import { formatUtc, relativeTime } from '../lib/format';

/** A UTC timestamp with its relative time (`2026-01-02 03:04:05 UTC · 5 minutes ago`). */
export function Time({ iso, relative = true }: { iso: string; relative?: boolean }) {
  return (
    <Box component="time" dateTime={iso} title={iso}>
      {formatUtc(iso)}
      {relative && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          · {relativeTime(iso)}
        </Box>
      )}
    </Box>
  );
}
