import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scanApi } from '@canton-scan/contracts/browser';
import { scanClient, unwrap } from '../api/client';

/** `POST /v0/state/acs`: a page of the ACS snapshot at or before a time. */
export function useAcsPage(body: scanApi.AcsRequest | undefined) {
  return useQuery({
    queryKey: ['acs', body],
    queryFn: () => unwrap(scanApi.getAcsSnapshotAt({ client: scanClient, body: body! })),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `POST /v1/holdings/summary` of some owners at or before a time. */
export function useHoldings(body: scanApi.HoldingsSummaryRequest | undefined) {
  return useQuery({
    queryKey: ['holdings', body],
    queryFn: () => unwrap(scanApi.getHoldingsSummaryAtV1({ client: scanClient, body: body! })),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /v0/validators/validator-faucets` of these validators (none asked: no call). */
export function useValidatorFaucets(validatorIds: readonly string[]) {
  return useQuery({
    queryKey: ['validator-faucets', validatorIds],
    queryFn: () =>
      unwrap(
        scanApi.getValidatorFaucetsByValidator({
          client: scanClient,
          query: { validator_ids: [...validatorIds] },
        }),
      ),
    enabled: validatorIds.length > 0,
  });
}

/** `GET /v0/explorer/acs-template-counts`: contracts per template of the snapshot at or before a time. */
export function useAcsTemplateCounts(migrationId: number, recordTime: string) {
  return useQuery({
    queryKey: ['acs-template-counts', migrationId, recordTime],
    queryFn: () =>
      unwrap(
        scanApi.getAcsTemplateCounts({
          client: scanClient,
          query: { migration_id: migrationId, record_time: recordTime, record_time_match: 'at_or_before' },
        }),
      ),
  });
}
