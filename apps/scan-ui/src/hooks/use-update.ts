import { queryOptions, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { ApiError, scanClient, unwrap } from '../api/client';

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

/**
 * `GET /v0/events/{update_id}`: the update's mediator verdict, traffic summary and app activity.
 * `null` when this node holds no verdict for it (404: none recorded; 503: a node that carries no
 * verdicts, such as a mirror) — the page then says so instead of failing.
 */
export function useUpdateEvent(updateId: string) {
  return useQuery({
    queryKey: ['event', updateId],
    queryFn: async () => {
      try {
        return await unwrap(scanApi.getEventById({ client: scanClient, path: { update_id: updateId } }));
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 503)) return { missing: e.status };
        throw e;
      }
    },
    staleTime: Infinity,
  });
}
