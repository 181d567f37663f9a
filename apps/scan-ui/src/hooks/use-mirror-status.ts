import { queryOptions, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

/** `GET /v0/explorer/mirror-status`: the scan mirror's peers, their agreement and lags, and the store's newest record time. */
export const mirrorStatusQuery = () =>
  queryOptions({
    queryKey: ['mirror-status'],
    queryFn: () => unwrap(scanApi.getMirrorStatus({ client: scanClient })),
  });

export function useMirrorStatus(pollMs?: number) {
  return useQuery({ ...mirrorStatusQuery(), refetchInterval: pollMs });
}
