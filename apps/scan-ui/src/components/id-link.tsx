import { Link as RouterLink } from 'react-router';
import { partyHint, shortId } from '../lib/format';
import { CopyButton } from './copy-button';

export type IdKind = 'update' | 'contract' | 'party';

const PATHS: Record<IdKind, string> = { update: '/updates/', contract: '/contracts/', party: '/parties/' };

export function pathOf(kind: IdKind, id: string): string {
  return PATHS[kind] + encodeURIComponent(id);
}

/** An id linking to its page, shortened unless `full`, with a copy button (styled by SharedStyles). */
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
    <span className="id-link">
      <RouterLink to={pathOf(kind, id)} title={id}>
        {text}
      </RouterLink>
      {copy && <CopyButton value={id} label={`${kind} id`} />}
    </span>
  );
}
