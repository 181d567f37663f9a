import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { scanApi } from '@canton-scan/contracts/browser';
import { formatCount, formatLag } from '../lib/format';
import { CopyButton } from './copy-button';
import { DataTable } from './data-table';
import { Time } from './time';

/** Whether the peer's last compared answers matched the quorum's: yes, no, or not compared yet. */
export function AgreesBadge({ agrees }: { agrees?: boolean }) {
  if (agrees === undefined) return <Chip size="small" variant="outlined" label="not compared yet" />;
  return <Chip size="small" color={agrees ? 'success' : 'error'} label={agrees ? 'yes' : 'no'} />;
}

/** What and when, or a dash. */
function Noted({ text, at, small = false }: { text?: string; at?: string; small?: boolean }) {
  if (text === undefined) return <>—</>;
  return (
    <Box sx={{ minWidth: 180, overflowWrap: 'anywhere', fontSize: small ? '0.8rem' : undefined }}>
      {text}
      {at && (
        <Box sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>
          <Time iso={at} />
        </Box>
      )}
    </Box>
  );
}

/** The mirror's peers (sortable): agreement, lag to the newest record time, last answer, failures. */
export function MirrorPeersTable({ peers }: { peers: readonly scanApi.MirrorPeerStatus[] }) {
  return (
    <DataTable<scanApi.MirrorPeerStatus>
      label="Peer scans"
      rows={peers}
      rowKey={(p) => p.url}
      columns={[
        {
          key: 'url',
          header: 'Peer scan',
          cell: (p) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 200 }}>
              <Box
                component="span"
                sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' }}
              >
                {p.url}
              </Box>
              <CopyButton value={p.url} label="peer URL" />
            </Box>
          ),
          sortValue: (p) => p.url,
        },
        {
          key: 'agrees',
          header: 'Agrees, last disagreement',
          cell: (p) => (
            <>
              <AgreesBadge agrees={p.agrees} />
              {p.last_disagreement !== undefined && (
                <Noted text={p.last_disagreement} at={p.last_disagreement_at} small />
              )}
            </>
          ),
          sortValue: (p) => (p.agrees === undefined ? 1 : p.agrees ? 2 : 0),
        },
        {
          key: 'lag',
          header: 'Lag',
          align: 'right',
          nowrap: true,
          cell: (p) => (p.lag_seconds === undefined ? '—' : formatLag(p.lag_seconds)),
          sortValue: (p) => p.lag_seconds ?? -1,
        },
        {
          key: 'newest',
          header: 'Newest record time',
          nowrap: true,
          cell: (p) =>
            p.newest_record_time ? (
              <>
                <Time iso={p.newest_record_time} relative={false} />
                {p.migration_id !== undefined && (
                  <Box sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>migration {p.migration_id}</Box>
                )}
              </>
            ) : (
              '—'
            ),
        },
        {
          key: 'poll',
          header: 'Last answered',
          cell: (p) => (p.last_poll_at ? <Time iso={p.last_poll_at} /> : 'never'),
          sortValue: (p) => p.last_poll_at ?? '',
        },
        {
          key: 'failures',
          header: 'Failures, last error',
          cell: (p) => (
            <>
              {formatCount(p.consecutive_failures)}
              {p.last_error !== undefined && <Noted text={p.last_error} at={p.last_error_at} small />}
            </>
          ),
          sortValue: (p) => p.consecutive_failures,
        },
      ]}
    />
  );
}
