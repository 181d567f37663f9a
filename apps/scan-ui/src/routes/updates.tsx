import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { Page, Section } from '../components/page';
import { nextPages, Pager } from '../components/pager';
import { QueryView } from '../components/query-view';
import { UpdatesTable } from '../components/updates-table';
import { useExplorerUpdates } from '../hooks/use-explorer';

const PAGE_SIZE = 25;

/** Filter fields whose values live in the URL (`?party=&template=`), so a filtered list is a link. */
function Filters() {
  const [params, setParams] = useSearchParams();
  const [party, setParty] = useState(params.get('party') ?? '');
  const [template, setTemplate] = useState(params.get('template') ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (party.trim()) next.set('party', party.trim());
    if (template.trim()) next.set('template', template.trim());
    setParams(next);
  };
  return (
    <Box component="form" onSubmit={apply} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <TextField
        size="small"
        label="Party id"
        value={party}
        onChange={(e) => setParty(e.target.value)}
        sx={{ flex: '1 1 260px' }}
      />
      <TextField
        size="small"
        label="Template (Module:Entity)"
        placeholder="Splice.Amulet:Amulet"
        value={template}
        onChange={(e) => setTemplate(e.target.value)}
        sx={{ flex: '1 1 220px' }}
      />
      <Button type="submit" variant="contained">
        Filter
      </Button>
    </Box>
  );
}

function UpdateList({ party, template }: { party?: string; template?: string }) {
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const query = useExplorerUpdates({ limit: PAGE_SIZE, page_token: tokens[page], party, template });
  const next = query.data?.next_page_token;
  return (
    <QueryView
      query={query}
      what="updates"
      isEmpty={(d) => d.updates.length === 0}
      empty="No update matches."
    >
      {(d) => (
        <>
          <UpdatesTable updates={d.updates} label="Updates, newest first" />
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
  );
}

export default function UpdatesPage() {
  const [params] = useSearchParams();
  const party = params.get('party') || undefined;
  const template = params.get('template') || undefined;
  return (
    <Page title="Updates" subtitle="Transactions and reassignments, newest first">
      <Section title="Update list">
        <Filters />
        {/* A new filter starts again at the first page. */}
        <UpdateList key={`${party}|${template}`} party={party} template={template} />
      </Section>
    </Page>
  );
}
