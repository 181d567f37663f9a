import { queryOptions, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { ApiError, scanClient, unwrap } from '../api/client';

/**
 * A party's ANS entry (`GET /v0/ans-entries/by-party/{party}`: the DSO's and SVs' own names, else
 * the party's first current entry by name), or null when it has none (the scan's 404). One
 * request per party, cached for the session: use it where one party is shown (a page's header),
 * not per row of a table.
 */
export async function ansEntryOrNull(
  call: ReturnType<typeof scanApi.lookupAnsEntryByParty>,
): Promise<scanApi.AnsEntry | null> {
  try {
    return (await unwrap(call)).entry;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export const ansEntryByPartyQuery = (party: string) =>
  queryOptions({
    queryKey: ['ans-by-party', party],
    queryFn: () => ansEntryOrNull(scanApi.lookupAnsEntryByParty({ client: scanClient, path: { party } })),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useAnsEntryByParty(party: string) {
  return useQuery(ansEntryByPartyQuery(party));
}
