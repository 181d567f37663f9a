import { useQueries, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

/** `POST /v0/open-and-issuing-mining-rounds`: the current open and issuing rounds. */
export function useMiningRounds() {
  return useQuery({
    queryKey: ['mining-rounds'],
    queryFn: () =>
      unwrap(
        scanApi.getOpenAndIssuingMiningRounds({
          client: scanClient,
          body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
        }),
      ),
    refetchInterval: 30_000,
  });
}

/** The CIP-0104 activity totals of each round (one call per round, as the API serves them). */
export function useActivityTotals(rounds: readonly number[]) {
  return useQueries({
    queries: rounds.map((round) => ({
      queryKey: ['activity-totals', round],
      queryFn: () =>
        unwrap(
          scanApi.getRewardAccountingActivityTotals({ client: scanClient, path: { round_number: round } }),
        ),
    })),
  });
}
