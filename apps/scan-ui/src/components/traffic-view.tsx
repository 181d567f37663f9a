import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ParticipantTraffic, PartyTraffic } from '../hooks/use-traffic';
import { formatCount } from '../lib/format';
import { DataTable } from './data-table';
import { FullId, ShortId } from './id-link';

/** `1200000` → `"1,200,000 bytes"`. */
export function formatBytes(bytes: number): string {
  return `${formatCount(bytes)} bytes`;
}

/** What a traffic-status row shows: bought, the sequencer's limit, used, and what is left of the limit. */
function figures(status: NonNullable<ParticipantTraffic['status']>) {
  const { total_limit: limit, total_consumed: consumed } = status.actual;
  const purchased = status.target.total_purchased;
  return { purchased, limit, consumed, remaining: Math.max(0, limit - consumed), pending: purchased - limit };
}

const NONE = 'no traffic state';

/**
 * A party's participants' extra traffic on a synchronizer (`GET /v0/domains/{d}/members/{m}/traffic-status`
 * of each participant `GET /v1/domains/{d}/parties/{p}/participant-id` names): purchased, the
 * sequencer's limit, consumed and remaining per participant. A participant the sequencer has no
 * traffic state for (the scan's 404), a party no participant hosts, and a scan that does not hold
 * the synchronizer's state (its 503) are said as such.
 */
export function TrafficView({ traffic }: { traffic: PartyTraffic }) {
  const synchronizer = (
    <Typography component="div" sx={{ mb: 1, minWidth: 0 }}>
      On synchronizer <FullId id={traffic.synchronizer} label="synchronizer id" />
    </Typography>
  );
  if (traffic.kind === 'not-held')
    return (
      <>
        {synchronizer}
        <Alert severity="info" role="status">
          This scan does not hold the synchronizer’s topology and traffic state (it answered 503:{' '}
          {traffic.reason}).
        </Alert>
      </>
    );
  if (traffic.kind === 'not-hosted')
    return (
      <>
        {synchronizer}
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          No participant hosts this party on the synchronizer.
        </Typography>
      </>
    );
  const pending = traffic.participants.filter((p) => p.status && figures(p.status).pending > 0);
  return (
    <>
      {synchronizer}
      <DataTable<ParticipantTraffic>
        label="Traffic of the hosting participants"
        rows={traffic.participants}
        rowKey={(p) => p.participant}
        columns={[
          {
            key: 'participant',
            header: 'Participant',
            cell: (p) => <ShortId id={p.participant} label="participant id" />,
          },
          {
            key: 'purchased',
            header: 'Purchased',
            align: 'right',
            cell: (p) => (p.status ? formatBytes(figures(p.status).purchased) : NONE),
          },
          {
            key: 'limit',
            header: 'Limit',
            align: 'right',
            cell: (p) => (p.status ? formatBytes(figures(p.status).limit) : '—'),
          },
          {
            key: 'consumed',
            header: 'Consumed',
            align: 'right',
            cell: (p) => (p.status ? formatBytes(figures(p.status).consumed) : '—'),
          },
          {
            key: 'remaining',
            header: 'Remaining',
            align: 'right',
            cell: (p) => (p.status ? formatBytes(figures(p.status).remaining) : '—'),
          },
        ]}
      />
      {traffic.participants.some((p) => p.status === null) && (
        <Typography role="note" sx={{ mt: 1, color: 'text.secondary' }}>
          The synchronizer has no traffic state for a participant marked “{NONE}” (the scan answered 404): it
          has bought no extra traffic there.
        </Typography>
      )}
      {pending.length > 0 && (
        <Box role="note" sx={{ mt: 1 }}>
          {pending.map((p) => (
            <Typography key={p.participant}>
              {formatBytes(figures(p.status!).pending)} purchased for{' '}
              <ShortId id={p.participant} label="participant id" /> have not reached the sequencer’s limit
              yet.
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}
