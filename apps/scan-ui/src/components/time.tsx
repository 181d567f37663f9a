import { formatUtc, relativeTime } from '../lib/format';

/**
 * A UTC timestamp with its relative time (`2026-01-02 03:04:05 UTC · 5 minutes ago`): each part
 * stays on one line, a narrow place breaks between them (`.time-*` in SharedStyles).
 */
export function Time({ iso, relative = true }: { iso: string; relative?: boolean }) {
  return (
    <time dateTime={iso} title={iso}>
      <span className="time-utc">{formatUtc(iso)}</span>
      {relative && (
        <>
          {' '}
          <span className="time-ago">· {relativeTime(iso)}</span>
        </>
      )}
    </time>
  );
}
