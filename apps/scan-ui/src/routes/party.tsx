import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { CopyButton } from '../components/copy-button';
import { Page, Section } from '../components/page';
import { nextPages, Pager } from '../components/pager';
import { QueryView } from '../components/query-view';
import { UpdatesTable } from '../components/updates-table';
import { useExplorerUpdates } from '../hooks/use-explorer';
import { partyHint } from '../lib/format';

function PartyUpdates({ party }: { party: string }) {
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const query = useExplorerUpdates({ limit: 10, page_token: tokens[page], party });
  const next = query.data?.next_page_token;
  return (
    <Section title="Updates it took part in">
      <QueryView
        query={query}
        what="updates"
        isEmpty={(d) => d.updates.length === 0}
        empty="No update involves this party."
      >
        {(d) => (
          <>
            <UpdatesTable updates={d.updates} label="Updates of the party, newest first" />
            <Pager
              page={page}
              hasNext={next !== undefined}
              onPrev={() => setPage(page - 1)}
              onNext={() => {
                setTokens(nextPages(tokens, page, next));
                setPage(page + 1);
              }}
            />
          </>
        )}
      </QueryView>
    </Section>
  );
}

export default function PartyPage() {
  const { partyId = '' } = useParams();
  return (
    <Page
      title={`Party ${partyHint(partyId)}`}
      subtitle={
        <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {partyId} <CopyButton value={partyId} label="party id" />
        </Box>
      }
    >
      <PartyUpdates key={partyId} party={partyId} />
    </Page>
  );
}
