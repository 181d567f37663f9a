import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { scanApi } from '@canton-scan/contracts/browser';
import { MirrorPeersTable } from '../components/mirror-peers-table';
import { Page, Section } from '../components/page';
import { Empty, QueryView } from '../components/query-view';
import { Stat } from '../components/stat';
import { Time } from '../components/time';
import { useMirrorStatus } from '../hooks/use-mirror-status';
import { formatLag } from '../lib/format';

const POLL_MS = 5_000;

function Position({ status }: { status: scanApi.MirrorStatusResponse }) {
  const mirror = status.mirror;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Stat
        label="Store's newest record time"
        detail={status.migration_id !== undefined && `migration ${status.migration_id}`}
      >
        {status.record_time ? <Time iso={status.record_time} /> : 'no update yet'}
      </Stat>
      {mirror && (
        <Stat
          label="Mirror lag"
          detail={
            <>
              to the peers' newest record time, as of <Time iso={mirror.updated_at} />
            </>
          }
        >
          {mirror.lag_seconds === undefined ? 'unknown' : formatLag(mirror.lag_seconds)}
        </Stat>
      )}
      {mirror && (
        <Stat label="Mirror position" detail={`migration ${mirror.migration_id}`}>
          {mirror.record_time ? <Time iso={mirror.record_time} relative={false} /> : 'its start'}
        </Stat>
      )}
    </Box>
  );
}

export default function MirrorPage() {
  const status = useMirrorStatus(POLL_MS);
  return (
    <Page
      title="Mirror"
      subtitle="The scan mirror filling this store: its peer scans, which agree, and their lag"
    >
      <QueryView query={status} what="mirror status">
        {(s) => (
          <>
            <Section title="This store">
              <Position status={s} />
            </Section>
            <Section title="Peers">
              {s.peers.length === 0 ? (
                <Empty>
                  No mirror feeds this store: no scan mirror has written to it. Its history comes from
                  elsewhere (the simulator, an ingested file or a ledger feed).
                </Empty>
              ) : (
                <>
                  <Typography sx={{ mb: 1 }}>
                    A page is stored where f + 1 of the {s.peers.length} peers answer alike; lag is how far a
                    peer's newest record time is behind the newest known.
                  </Typography>
                  <MirrorPeersTable peers={s.peers} />
                </>
              )}
            </Section>
          </>
        )}
      </QueryView>
    </Page>
  );
}
