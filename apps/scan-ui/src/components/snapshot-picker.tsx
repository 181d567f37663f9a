import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/** `2026-01-05T04:51:05.123456Z` → `2026-01-05T04:51:05` (a datetime-local value, read as UTC). */
export const toPickerValue = (iso: string) => iso.slice(0, 19);
/** The picker's value as a UTC timestamp (seconds precision). */
export const fromPickerValue = (value: string) => (value.length === 16 ? `${value}:00Z` : `${value}Z`);

/**
 * A migration and a UTC time: the snapshot served is the latest at or before it
 * (`record_time_match: at_or_before`).
 */
export function SnapshotPicker({
  migration,
  at,
  onChange,
}: {
  migration: number;
  at: string;
  onChange: (migration: number, at: string) => void;
}) {
  const [m, setM] = useState(String(migration));
  const [t, setT] = useState(toPickerValue(at));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (t && /^\d+$/.test(m)) onChange(Number(m), fromPickerValue(t));
  };
  return (
    <Box
      component="form"
      onSubmit={apply}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <TextField
        size="small"
        label="Migration"
        value={m}
        onChange={(e) => setM(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        sx={{ width: 110 }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label="At or before (UTC)"
        value={t}
        onChange={(e) => setT(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
      />
      <Button type="submit" variant="outlined">
        Show
      </Button>
    </Box>
  );
}
