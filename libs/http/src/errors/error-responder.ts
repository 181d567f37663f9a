import type { Response } from 'express';
import {
  defaultLedgerCode,
  LEDGER_ERROR_CATEGORIES,
  ledgerCategoryOfStatus,
  type LedgerErrorCategory,
} from './error-table';

/** Writes an error in one group's own error format. */
export interface ErrorResponder {
  (res: Response, status: number, message: string, details?: ErrorDetails): void;
}

export interface ErrorDetails {
  /**
   * Ledger error code (e.g. PARTICIPANT_PRUNED_DATA_ACCESSED); ignored by the scan/registry format.
   * Without it a ledger 400 is `text/plain`.
   */
  code?: string;
  /** Ledger category (from the error table); without it, the category of the status. */
  category?: LedgerErrorCategory;
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
  const category = details.category ?? ledgerCategoryOfStatus(status);
  const code = details.code ?? defaultLedgerCode(category);
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify(ledgerErrorBody(category, code, message, details)));
};
