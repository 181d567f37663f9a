import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** Copies `value` to the clipboard; its accessible name says what it copies. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => setCopied(false),
    );
  };
  return (
    <Tooltip title={copied ? 'Copied' : `Copy ${label}`}>
      <IconButton
        size="small"
        aria-label={`Copy ${label}`}
        onClick={copy}
        sx={{ fontSize: '0.9rem', p: 0.5 }}
      >
        <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
      </IconButton>
    </Tooltip>
  );
}
