import type { Response } from 'express';

/** Writes an error in one group's own error format. */
export interface ErrorResponder {
  (res: Response, status: number, message: string, details?: ErrorDetails): void;
}

export interface ErrorDetails {
  /** Ledger error code (e.g. PARTICIPANT_PRUNED_DATA_ACCESSED); ignored by the scan/registry format. */
  code?: string;
  correlationId?: string;
  context?: Record<string, string>;
}

/** Scan, validator proxy and registry groups: `{"error": "..."}`. */
export const jsonErrorResponder: ErrorResponder = (res, status, message) => {
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ error: message }));
};

/** gRPC-style categories of the ledger error body (docs/ledger-api.md "Error categories"). */
export const LEDGER_ERROR_CATEGORIES = {
  UNAVAILABLE: { category: 1, grpc: 14 },
  ABORTED: { category: 2, grpc: 10 },
  INTERNAL: { category: 4, grpc: 13 },
  UNAUTHENTICATED: { category: 6, grpc: 16 },
  PERMISSION_DENIED: { category: 7, grpc: 7 },
  INVALID_ARGUMENT: { category: 8, grpc: 3 },
  FAILED_PRECONDITION: { category: 9, grpc: 9 },
  NOT_FOUND: { category: 11, grpc: 5 },
  OUT_OF_RANGE: { category: 12, grpc: 11 },
} as const;
export type LedgerErrorCategory = keyof typeof LEDGER_ERROR_CATEGORIES;

const CATEGORY_BY_STATUS: Record<number, LedgerErrorCategory> = {
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  503: 'UNAVAILABLE',
};

const LIST_LIMIT_CODE = 'JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED';

export interface LedgerErrorBody {
  code: string;
  cause: string;
  correlationId?: string;
  context: Record<string, string>;
  errorCategory: number;
  grpcCodeValue?: number;
  definiteAnswer?: boolean;
}

export function ledgerErrorBody(
  category: LedgerErrorCategory,
  code: string,
  cause: string,
  details: ErrorDetails = {},
): LedgerErrorBody {
  const { category: errorCategory, grpc } = LEDGER_ERROR_CATEGORIES[category];
  const body: LedgerErrorBody = {
    code,
    cause,
    context: details.context ?? {},
    errorCategory,
    grpcCodeValue: grpc,
  };
  if (details.correlationId) body.correlationId = details.correlationId;
  return body;
}

/**
 * Ledger node group: a plain 400 is `text/plain` (the invalid value named); every other status,
 * and a 400 that carries a ledger error code, is the ledger error body.
 */
export const ledgerErrorResponder: ErrorResponder = (res, status, message, details = {}) => {
  if (status === 400 && !details.code) {
    res.status(400).type('text/plain').send(message);
    return;
  }
  const category: LedgerErrorCategory =
    status === 400
      ? 'FAILED_PRECONDITION'
      : // The list limit is an ABORTED error answered with 413 (docs/ledger-api.md "List limit"), unlike an oversized body.
        details.code === LIST_LIMIT_CODE
        ? 'ABORTED'
        : (CATEGORY_BY_STATUS[status] ?? 'INTERNAL');
  const code = details.code ?? defaultLedgerCode(category);
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify(ledgerErrorBody(category, code, message, details)));
};

function defaultLedgerCode(category: LedgerErrorCategory): string {
  switch (category) {
    case 'UNAUTHENTICATED':
      return 'UNAUTHENTICATED';
    case 'PERMISSION_DENIED':
      return 'PERMISSION_DENIED';
    case 'NOT_FOUND':
      return 'NOT_FOUND';
    case 'UNAVAILABLE':
      return 'SERVICE_NOT_RUNNING';
    case 'ABORTED':
      return 'ABORTED';
    case 'INVALID_ARGUMENT':
      return 'INVALID_ARGUMENT';
    case 'FAILED_PRECONDITION':
      return 'FAILED_PRECONDITION';
    case 'OUT_OF_RANGE':
      return 'OUT_OF_RANGE';
    case 'INTERNAL':
      return 'INTERNAL_ERROR';
  }
}
