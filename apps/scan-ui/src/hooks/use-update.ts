import { queryOptions, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

/** `GET /v2/updates/{update_id}`: one update with its whole event tree. */
export const updateQuery = (updateId: string) =>
  queryOptions({
    queryKey: ['update', updateId],
    queryFn: () => unwrap(scanApi.getUpdateByIdV2({ client: scanClient, path: { update_id: updateId } })),
    // A recorded update never changes.
    staleTime: Infinity,
  });

export function useUpdate(updateId: string) {
  return useQuery(updateQuery(updateId));
}

/** `POST /v2/updates`: the page of updates after a position (ascending), polled for new ones. */
export function useUpdatesAfter(
  after: scanApi.UpdateHistoryRequestAfter | undefined,
  pageSize: number,
  pollMs?: number,
) {
  return useQuery({
    queryKey: ['updates-after', after, pageSize],
    queryFn: () =>
      unwrap(scanApi.getUpdateHistoryV2({ client: scanClient, body: { after, page_size: pageSize } })),
    enabled: after !== undefined,
    refetchInterval: pollMs,
  });
}
