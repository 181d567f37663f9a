import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

export type ExplorerUpdatesQuery = NonNullable<scanApi.ListExplorerUpdatesData['query']>;

/** `GET /v0/explorer/updates`: a page of updates, newest first, filtered by party, template, choice and contract id. */
export const explorerUpdatesQuery = (query: ExplorerUpdatesQuery) =>
  queryOptions({
    queryKey: ['explorer-updates', query],
    queryFn: () => unwrap(scanApi.listExplorerUpdates({ client: scanClient, query })),
  });

export function useExplorerUpdates(query: ExplorerUpdatesQuery, pollMs?: number) {
  return useQuery({
    ...explorerUpdatesQuery(query),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** `GET /v0/explorer/contracts/{contract_id}`: a contract, its parties and its creating and archiving updates. */
export function useExplorerContract(contractId: string) {
  return useQuery({
    queryKey: ['explorer-contract', contractId],
    queryFn: () =>
      unwrap(scanApi.getExplorerContract({ client: scanClient, path: { contract_id: contractId } })),
  });
}

/** `GET /v0/explorer/search?q=`: what the text is the exact id of (update, contract, party). */
export function useExplorerSearch(q: string) {
  return useQuery({
    queryKey: ['explorer-search', q],
    queryFn: () => unwrap(scanApi.searchExplorer({ client: scanClient, query: { q } })),
    enabled: q.trim() !== '',
  });
}

/** `GET /v0/explorer/network-summary`: newest record time, round, supply, validator and SV counts. */
export const networkSummaryQuery = () =>
  queryOptions({
    queryKey: ['network-summary'],
    queryFn: () => unwrap(scanApi.getNetworkSummary({ client: scanClient })),
  });

export function useNetworkSummary(pollMs?: number) {
  return useQuery({ ...networkSummaryQuery(), refetchInterval: pollMs });
}
