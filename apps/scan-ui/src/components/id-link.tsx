import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { partyHint, shortId } from '../lib/format';
import { CopyButton } from './copy-button';

export type IdKind = 'update' | 'contract' | 'party';

const PATHS: Record<IdKind, string> = { update: '/updates/', contract: '/contracts/', party: '/parties/' };

export function pathOf(kind: IdKind, id: string): string {
  return PATHS[kind] + encodeURIComponent(id);
}

/** An id linking to its page, shortened unless `full`, with a copy button. */
export function IdLink({
  kind,
  id,
  full = false,
  copy = true,
}: {
  kind: IdKind;
  id: string;
  full?: boolean;
  copy?: boolean;
}) {
  const text =
    kind === 'party' && !full
      ? `${partyHint(id)}::${shortId(id.slice(id.indexOf('::') + 2), 6, 4)}`
      : full
        ? id
        : shortId(id);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%', gap: 0.25 }}>
      <Link
        component={RouterLink}
        to={pathOf(kind, id)}
        title={id}
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: '0.875rem' }}
      >
        {text}
      </Link>
      {copy && <CopyButton value={id} label={`${kind} id`} />}
    </Box>
  );
}
