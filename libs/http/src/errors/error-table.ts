import { DomainErrorCode } from '@canton-scan/domain';

/** gRPC-style categories of the ledger error body (docs/ledger-api.md "Error categories"). */
export const LEDGER_ERROR_CATEGORIES = {
  UNAVAILABLE: { category: 1, grpc: 14 },
  ABORTED: { category: 2, grpc: 10 },
  INTERNAL: { category: 4, grpc: 13 },
  UNAUTHENTICATED: { category: 6, grpc: 16 },
  UNIMPLEMENTED: { category: 14, grpc: 12 },
  PERMISSION_DENIED: { category: 7, grpc: 7 },
  INVALID_ARGUMENT: { category: 8, grpc: 3 },
  FAILED_PRECONDITION: { category: 9, grpc: 9 },
  NOT_FOUND: { category: 11, grpc: 5 },
  OUT_OF_RANGE: { category: 12, grpc: 11 },
} as const;
export type LedgerErrorCategory = keyof typeof LEDGER_ERROR_CATEGORIES;

/** How one error is answered: its HTTP status and, for the ledger node group, its category and code id. */
export interface ErrorMapping {
  readonly status: number;
  /** gRPC-style category of the ledger error body. */
  readonly category: LedgerErrorCategory;
  /** `code` of the ledger error body. */
  readonly ledgerCode: string;
}

export interface DomainErrorMapping extends ErrorMapping {
  /**
   * The ledger node group answers it over HTTP as a `text/plain` 400 naming the invalid value
   * instead of the ledger error body (the WebSocket, which has no such form, sends the body).
   */
  readonly ledgerPlainText: boolean;
}

const entry = (
  status: number,
  category: LedgerErrorCategory,
  ledgerCode: string,
  ledgerPlainText = false,
): DomainErrorMapping => Object.freeze({ status, category, ledgerCode, ledgerPlainText });

/**
 * THE table of domain errors: every code, its HTTP status (all groups), its ledger category and
 * ledger code id. Exhaustive by type, so a new `DomainErrorCode` cannot be left unmapped. The
 * HTTP exception filter and the ledger WebSocket gateway both answer from it; nothing else maps
 * domain codes to statuses.
 */
export const DOMAIN_ERROR_TABLE: Readonly<Record<DomainErrorCode, DomainErrorMapping>> = Object.freeze({
  [DomainErrorCode.NotFound]: entry(404, 'NOT_FOUND', DomainErrorCode.NotFound),
  [DomainErrorCode.UserNotFound]: entry(404, 'NOT_FOUND', DomainErrorCode.UserNotFound),
  [DomainErrorCode.InvalidArgument]: entry(400, 'INVALID_ARGUMENT', DomainErrorCode.InvalidArgument, true),
  [DomainErrorCode.ContractInFlight]: entry(409, 'ABORTED', DomainErrorCode.ContractInFlight),
  [DomainErrorCode.ContractNotActive]: entry(409, 'FAILED_PRECONDITION', DomainErrorCode.ContractNotActive),
  [DomainErrorCode.PrunedDataAccessed]: entry(400, 'FAILED_PRECONDITION', DomainErrorCode.PrunedDataAccessed),
  // The list limit is an ABORTED error answered with 413 (docs/ledger-api.md "List limit"), unlike an oversized body.
  [DomainErrorCode.ListLimitExceeded]: entry(413, 'ABORTED', DomainErrorCode.ListLimitExceeded),
  [DomainErrorCode.Unauthenticated]: entry(401, 'UNAUTHENTICATED', DomainErrorCode.Unauthenticated),
  [DomainErrorCode.PermissionDenied]: entry(403, 'PERMISSION_DENIED', DomainErrorCode.PermissionDenied),
  [DomainErrorCode.Unavailable]: entry(503, 'UNAVAILABLE', DomainErrorCode.Unavailable),
  [DomainErrorCode.InconsistentHistory]: entry(
    400,
    'FAILED_PRECONDITION',
    DomainErrorCode.InconsistentHistory,
  ),
  // Retryable: the mirror stores the blob once a peer serves it (docs/current-contracts.md "Created event blobs").
  [DomainErrorCode.CreatedEventBlobNotStored]: entry(
    503,
    'UNAVAILABLE',
    DomainErrorCode.CreatedEventBlobNotStored,
  ),
  // Not retryable: a compact-only update never has a lossless form (docs/compact-only.md).
  [DomainErrorCode.CompactOnlyHistory]: entry(409, 'FAILED_PRECONDITION', DomainErrorCode.CompactOnlyHistory),
  [DomainErrorCode.NotImplemented]: entry(501, 'UNIMPLEMENTED', DomainErrorCode.NotImplemented),
  // Not retryable on this node: another scan (one that ingests verdicts) can answer (docs/events.md).
  [DomainErrorCode.VerdictsNotHeld]: entry(503, 'UNAVAILABLE', DomainErrorCode.VerdictsNotHeld),
  // Not retryable on this node, as VerdictsNotHeld (docs/hosting.md).
  [DomainErrorCode.HostingNotHeld]: entry(503, 'UNAVAILABLE', DomainErrorCode.HostingNotHeld),
  // A mirror's member whose traffic state no quorum of peers gave yet; may come later (docs/traffic.md).
  [DomainErrorCode.TrafficNotHeld]: entry(503, 'UNAVAILABLE', DomainErrorCode.TrafficNotHeld),
  // Upstream's v0 participant-id lookup answers 500 for a party several participants host.
  [DomainErrorCode.HostedOnSeveralParticipants]: entry(
    500,
    'INTERNAL',
    DomainErrorCode.HostedOnSeveralParticipants,
  ),
});

/** The row of one domain error code. */
export function domainErrorMapping(code: DomainErrorCode): DomainErrorMapping {
  return DOMAIN_ERROR_TABLE[code];
}

/** HTTP status of each domain error (shared by every group; the body format is the group's). */
export function statusOf(code: DomainErrorCode): number {
  return DOMAIN_ERROR_TABLE[code].status;
}

/** Ledger category of an error the edge answers itself (routing, body parsing, validation, 5xx). */
const CATEGORY_BY_STATUS: Readonly<Record<number, LedgerErrorCategory>> = Object.freeze({
  400: 'FAILED_PRECONDITION',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'ABORTED',
  501: 'UNIMPLEMENTED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  503: 'UNAVAILABLE',
});

/** Ledger code id of an error of a category that has no domain code of its own. */
const DEFAULT_LEDGER_CODE: Readonly<Record<LedgerErrorCategory, string>> = Object.freeze({
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  NOT_FOUND: 'NOT_FOUND',
  UNAVAILABLE: 'SERVICE_NOT_RUNNING',
  ABORTED: 'ABORTED',
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  FAILED_PRECONDITION: 'FAILED_PRECONDITION',
  OUT_OF_RANGE: 'OUT_OF_RANGE',
  INTERNAL: 'INTERNAL_ERROR',
  UNIMPLEMENTED: 'UNSUPPORTED_OPERATION',
});

/** Ledger category of a status that is not a domain error (anything unlisted is INTERNAL). */
export function ledgerCategoryOfStatus(status: number): LedgerErrorCategory {
  return CATEGORY_BY_STATUS[status] ?? 'INTERNAL';
}

/** Ledger code id used when an error of `category` carries no code of its own. */
export function defaultLedgerCode(category: LedgerErrorCategory): string {
  return DEFAULT_LEDGER_CODE[category];
}

/** How an error that is not a domain error, answered with `status`, maps (e.g. 503 database down, 500). */
export function mappingOfStatus(status: number): ErrorMapping {
  const category = ledgerCategoryOfStatus(status);
  return { status, category, ledgerCode: defaultLedgerCode(category) };
}
