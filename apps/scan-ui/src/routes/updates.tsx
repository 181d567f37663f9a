import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page, Section } from '../components/page';
import { nextPages, Pager } from '../components/pager';
import { QueryView } from '../components/query-view';
import {
  filtersFromParams,
  filtersToParams,
  UpdateFilters,
  type UpdateFilterValues,
} from '../components/update-filters';
import { UpdatesTable } from '../components/updates-table';
import { useExplorerUpdates } from '../hooks/use-explorer';

const PAGE_SIZE = 25;

function UpdateList({ filters }: { filters: UpdateFilterValues }) {
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const query = useExplorerUpdates({ limit: PAGE_SIZE, page_token: tokens[page], ...filters });
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

/** The update list, filtered by what the URL's query says (`?party=&template=&choice=&contract_id=`), so a filtered list is a link. */
export default function UpdatesPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const key = filtersToParams(filters).toString();
  return (
    <Page title="Updates" subtitle="Transactions and reassignments, newest first">
      <Section title="Update list">
        <UpdateFilters key={`form:${key}`} value={filters} onApply={(f) => setParams(filtersToParams(f))} />
        {/* A new filter starts again at the first page. */}
        <UpdateList key={`list:${key}`} filters={filters} />
      </Section>
    </Page>
  );
}
