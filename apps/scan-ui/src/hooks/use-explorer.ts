import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

export type ExplorerUpdatesQuery = NonNullable<scanApi.ListExplorerUpdatesData['query']>;

/** `GET /v0/explorer/updates`: a page of updates, newest first, filtered by party and template. */
export function useExplorerUpdates(query: ExplorerUpdatesQuery, pollMs?: number) {
  return useQuery({
    queryKey: ['explorer-updates', query],
    queryFn: () => unwrap(scanApi.listExplorerUpdates({ client: scanClient, query })),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}
