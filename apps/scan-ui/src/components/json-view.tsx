import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** Payloads longer than this (as JSON text) start collapsed. */
export const COLLAPSE_AT = 600;

/** Every leaf of a JSON value as `path = value` (`amount.initialAmount = "10.0"`). */
export function leaves(value: unknown, path = ''): [string, string][] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) return [[path || '(root)', Array.isArray(value) ? '[]' : '{}']];
    return entries.flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  }
  return [[path || '(root)', JSON.stringify(value) ?? 'undefined']];
}

/** A payload as indented JSON, collapsed past {@link COLLAPSE_AT} characters, with a field search. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = useMemo(() => JSON.stringify(value, null, 2) ?? 'undefined', [value]);
  const large = text.length > COLLAPSE_AT;
  const [open, setOpen] = useState(!large);
  const [search, setSearch] = useState('');
  const id = useId();
  const matches = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q
      ? leaves(value).filter(([p, v]) => p.toLowerCase().includes(q) || v.toLowerCase().includes(q))
      : [];
  }, [search, value]);
  return (
    <Box sx={{ my: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h4" variant="subtitle2" id={id}>
          {label}
        </Typography>
        {large && (
          <Button
            size="small"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={`${id}-json`}
          >
            {open ? 'Collapse' : `Show all (${text.length.toLocaleString('en')} characters)`}
          </Button>
        )}
        <TextField
          size="small"
          label={`Search fields of ${label.toLowerCase()}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: '0 1 20rem', minWidth: 0 }}
        />
      </Box>
      {search.trim() !== '' && (
        <Box
          component="ul"
          aria-label={`Fields matching ${search}`}
          sx={{ fontFamily: 'monospace', fontSize: '0.8rem', pl: 2 }}
        >
          {matches.length === 0 && <li>No field matches “{search}”.</li>}
          {matches.slice(0, 200).map(([p, v]) => (
            <li key={p}>
              {p} = {v}
            </li>
          ))}
        </Box>
      )}
      <Box
        component="pre"
        id={`${id}-json`}
        tabIndex={0}
        aria-labelledby={id}
        sx={{
          fontSize: '0.8rem',
          bgcolor: 'action.hover',
          p: 1,
          borderRadius: 1,
          overflow: 'auto',
          maxHeight: open ? 480 : 120,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          m: 0,
        }}
      >
        {open ? text : `${text.slice(0, COLLAPSE_AT)}…`}
      </Box>
    </Box>
  );
}
