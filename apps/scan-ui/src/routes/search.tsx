import { Navigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IdLink, pathOf } from '../components/id-link';
import { Page, Section } from '../components/page';
import { Empty, QueryView } from '../components/query-view';
import { useExplorerSearch } from '../hooks/use-explorer';

const KIND_NAMES = { update: 'Update', contract: 'Contract', party: 'Party' } as const;

/**
 * `/search?q=`: one match goes straight to its page; several are listed; none says so plainly.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const query = useExplorerSearch(q);
  return (
    <Page title="Search">
      {q === '' ? (
        <Empty>Type an update id, a contract id or a party id in the search box.</Empty>
      ) : (
        <QueryView query={query} what="search results">
          {({ matches }) =>
            matches.length === 1 ? (
              <Navigate replace to={pathOf(matches[0].kind, matches[0].id)} />
            ) : matches.length === 0 ? (
              <Section title="No match">
                <Typography role="status">
                  Nothing matched “
                  <Box component="span" sx={{ wordBreak: 'break-all' }}>
                    {q}
                  </Box>
                  ”: it is not the id of an update, a contract or a party in this scan’s history.
                </Typography>
              </Section>
            ) : (
              <Section title={`${matches.length} matches`}>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {matches.map((m) => (
                    <li key={`${m.kind}:${m.id}`}>
                      {KIND_NAMES[m.kind]}: <IdLink kind={m.kind} id={m.id} full />
                    </li>
                  ))}
                </Box>
              </Section>
            )
          }
        </QueryView>
      )}
    </Page>
  );
}
