import type { QueryClient } from '@tanstack/react-query';
import { dsoInfoQuery } from '../hooks/use-dso';
import { explorerUpdatesQuery, networkSummaryQuery } from '../hooks/use-explorer';
import { updateQuery } from '../hooks/use-update';

/**
 * Starts the first page's main requests and its code chunk as soon as the entry runs (otherwise
 * the requests wait for the chunk, and the chunk for the first render): the overview's and an
 * update page's, the two pages with load-time targets.
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string): void {
  const update = /^\/updates\/([^/]+)$/.exec(pathname);
  if (update) {
    void queryClient.prefetchQuery(updateQuery(decodeURIComponent(update[1])));
    // The page's chunk too (React.lazy imports the same module later, already under way).
    void import('../routes/update');
  } else if (pathname === '/') {
    void import('../routes/overview');
    void queryClient.prefetchQuery(networkSummaryQuery());
    void queryClient.prefetchQuery(dsoInfoQuery());
    void queryClient.prefetchQuery(explorerUpdatesQuery({ limit: 10 }));
  }
}
