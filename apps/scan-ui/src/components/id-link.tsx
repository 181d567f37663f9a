import { Link as RouterLink } from 'react-router';
import { shortId } from '../lib/format';
import { CopyButton } from './copy-button';

export type IdKind = 'update' | 'contract' | 'party';

const PATHS: Record<IdKind, string> = { update: '/updates/', contract: '/contracts/', party: '/parties/' };

export function pathOf(kind: IdKind, id: string): string {
  return PATHS[kind] + encodeURIComponent(id);
}

/**
 * An id linking to its page, shortened unless `full`, with a copy button (styled by SharedStyles).
 * An id wider than its place ends in an ellipsis, never wraps inside (a party id may wrap after
 * its hint's `::`): the whole id is the link's
 * `title` on hover, shown under it while the link or the copy button has the keyboard focus
 * (`data-full`), and what the copy button copies.
 */
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
  const at = kind === 'party' ? id.indexOf('::') : -1;
  const text =
    at > 0 ? (
      // A party id may wrap after its hint's `::`, and nowhere else.
      <>
        <span>{id.slice(0, at + 2)}</span>
        <wbr />
        <span>{full ? id.slice(at + 2) : shortId(id.slice(at + 2), 6, 4)}</span>
      </>
    ) : full ? (
      id
    ) : (
      shortId(id)
    );
  return (
    <span className="id-link" data-full={id}>
      <RouterLink to={pathOf(kind, id)} title={id} className={at > 0 ? 'id-parts' : undefined}>
        {text}
      </RouterLink>
      {copy && <CopyButton value={id} label={`${kind} id`} />}
    </span>
  );
}

/**
 * An id shown whole where it fits, with a copy button: the subject of a page (an update's,
 * contract's or party's id), an event or synchronizer id. Past the width of its place it ends in
 * an ellipsis like IdLink, with the same `title`, focus display and copy button.
 */
export function FullId({ id, label }: { id: string; label: string }) {
  return (
    <span className="id-link" data-full={id}>
      <span className="id-text" title={id}>
        {id}
      </span>
      <CopyButton value={id} label={label} />
    </span>
  );
}

/**
 * An id of something without a page here (a participant `PAR::<name>::<fingerprint>`), shortened
 * like a party's IdLink: whole up to its last `::`, its fingerprint cut in the middle; the whole id
 * is its `title`, shown under it while its copy button has the keyboard focus, and copied by it.
 */
export function ShortId({ id, label }: { id: string; label: string }) {
  const at = id.lastIndexOf('::');
  const shown = at > 0 ? `${id.slice(0, at + 2)}${shortId(id.slice(at + 2), 6, 4)}` : shortId(id);
  return (
    <span className="id-link" data-full={id}>
      <span className="id-text" title={id}>
        {shown}
      </span>
      <CopyButton value={id} label={label} />
    </span>
  );
}
