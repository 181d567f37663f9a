import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

/** `GET /v0/dso`: DSO party, rules, SV node states, amulet rules and the latest mining round. */
export const dsoInfoQuery = () =>
  queryOptions({ queryKey: ['dso'], queryFn: () => unwrap(scanApi.getDsoInfo({ client: scanClient })) });

export function useDsoInfo() {
  return useQuery(dsoInfoQuery());
}

/** `POST /v0/admin/sv/voteresults/count` with the given filters. */
export function useVoteCount(filters: scanApi.VoteResultsCountRequest) {
  return useQuery({
    queryKey: ['vote-count', filters],
    queryFn: () => unwrap(scanApi.countVoteResults({ client: scanClient, body: filters })),
    placeholderData: keepPreviousData,
  });
}

/** `POST /v0/admin/sv/voteresults`: a page of the closed vote requests' results matching the filters, newest first. */
export function useVoteResults(filters: scanApi.VoteResultsCountRequest, limit: number, pageToken?: number) {
  return useQuery({
    queryKey: ['vote-results', filters, limit, pageToken],
    queryFn: () =>
      unwrap(
        scanApi.listVoteRequestResults({
          client: scanClient,
          body: { ...filters, limit, ...(pageToken === undefined ? {} : { pageToken }) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v0/admin/sv/voterequests`: the open vote requests. */
export function useVoteRequests() {
  return useQuery({
    queryKey: ['vote-requests'],
    queryFn: () => unwrap(scanApi.listDsoRulesVoteRequests({ client: scanClient })),
  });
}
