/**
 * The token standard metadata of the amulet registry (docs/token-registry.md "Metadata"): the
 * APIs it serves and its one instrument, Amulet, named as Splice's registry names it.
 */

/** Token standard APIs with endpoints in this registry, each with the minor version served. */
export const REGISTRY_APIS: Readonly<Record<string, number>> = Object.freeze({
  'splice-api-token-metadata-v1': 1,
  'splice-api-token-allocation-instruction-v1': 1,
  'splice-api-token-allocation-v1': 1,
  'splice-api-token-allocation-instruction-v2': 1,
  'splice-api-token-allocation-v2': 1,
  'splice-api-token-transfer-instruction-v1': 1,
});

/**
 * The APIs Amulet implements: the registry's, and the holding interface its Amulet and
 * LockedAmulet contracts implement (read on the ledger, no registry endpoint).
 */
export const AMULET_APIS: Readonly<Record<string, number>> = Object.freeze({
  ...REGISTRY_APIS,
  'splice-api-token-holding-v1': 1,
});

export const AMULET_INSTRUMENT_ID = 'Amulet';

export interface InstrumentMetadata {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: string;
  totalSupplyAsOf: string;
  supportedApis: Record<string, number>;
}

/** The page size when a request names none (the token standard's default). */
export const DEFAULT_INSTRUMENT_PAGE_SIZE = 25;

export interface InstrumentPageRequest {
  pageSize?: number;
  pageToken?: string;
}

/**
 * Which of the registry's instrument ids (sorted) a page holds, and the token of the next page:
 * the page starts after `pageToken` (the last id of the previous page) and the token is present
 * only while ids follow the page.
 */
export function pageOfInstrumentIds(
  sortedIds: readonly string[],
  request: InstrumentPageRequest,
): { ids: string[]; nextPageToken?: string } {
  const after = request.pageToken;
  const rest = after === undefined ? [...sortedIds] : sortedIds.filter((id) => id > after);
  const ids = rest.slice(0, request.pageSize ?? DEFAULT_INSTRUMENT_PAGE_SIZE);
  return rest.length > ids.length ? { ids, nextPageToken: ids[ids.length - 1] } : { ids };
}
