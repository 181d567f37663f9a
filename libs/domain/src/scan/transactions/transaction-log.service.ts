import type { scanApi } from '@canton-scan/contracts';
import { invalidArgument, notFound } from '../../errors/domain-error';
import { parseEventId, parseLogNode, type TransactionLogItem } from './transaction-log.parser';
import {
  LOG_END,
  LOG_START,
  type LogUnit,
  type TransactionLogRepository,
} from './transaction-log.repository';

export type TransactionHistoryRequest = scanApi.TransactionHistoryRequest;
export type TransactionHistoryPage = scanApi.TransactionHistoryResponse;

/** Upstream's largest page. */
export const MAX_TRANSACTION_LOG_PAGE = 1000;

interface Cursor {
  unit: LogUnit;
  /** Index of the page end item among its unit's items (in ledger order). */
  index: number;
}

/**
 * Scan's deprecated amulet transaction log (`POST /v0/transactions`), derived from the stored
 * exercises at read time (docs/transactions.md): units (the outermost log exercises) are paged in
 * SQL in write order, each parsed into its items; a page ends after `page_size` items.
 */
export class TransactionLogService {
  constructor(private readonly repository: TransactionLogRepository) {}

  async listTransactions(request: TransactionHistoryRequest): Promise<TransactionHistoryPage> {
    const pageSize = request.page_size;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_TRANSACTION_LOG_PAGE)
      throw invalidArgument(`page_size must be between 1 and ${MAX_TRANSACTION_LOG_PAGE}, got ${pageSize}`);
    const descending = request.sort_order === 'desc';
    // Upstream reads an empty page end as none.
    const cursor = request.page_end_event_id ? await this.cursorOf(request.page_end_event_id) : undefined;
    let from: { updateRowId: string; nodeId: number } = cursor?.unit ?? (descending ? LOG_END : LOG_START);
    const items: TransactionLogItem[] = [];
    const batch = pageSize + 1;
    for (;;) {
      const units = await this.repository.listUnits(from, descending, batch);
      const transactions = await this.repository.loadTransactions(units);
      for (const unit of units) {
        let unitItems = parseLogNode(transactions.get(unit.updateRowId)!, unit.nodeId);
        if (cursor && sameUnit(unit, cursor.unit))
          unitItems = descending ? unitItems.slice(0, cursor.index) : unitItems.slice(cursor.index + 1);
        items.push(...(descending ? unitItems.reverse() : unitItems));
        if (items.length >= pageSize) return { transactions: items.slice(0, pageSize) };
      }
      if (units.length < batch) return { transactions: items };
      const last = units[units.length - 1];
      from = { updateRowId: last.updateRowId, nodeId: descending ? last.nodeId - 1 : last.nodeId + 1 };
    }
  }

  private async cursorOf(pageEndEventId: string): Promise<Cursor> {
    const id = parseEventId(pageEndEventId);
    if (!id)
      throw invalidArgument(
        `page_end_event_id must be an event id of the form #<update_id>:<node_id>, got "${pageEndEventId}"`,
      );
    const missing = () => notFound(`no transaction history item has event id ${pageEndEventId}`);
    const unit = await this.repository.lookupUnitOfNode(id.updateId, id.nodeId);
    if (!unit) throw missing();
    const transactions = await this.repository.loadTransactions([unit]);
    const index = parseLogNode(transactions.get(unit.updateRowId)!, unit.nodeId).findIndex(
      (item) => item.event_id === pageEndEventId,
    );
    if (index < 0) throw missing();
    return { unit, index };
  }
}

function sameUnit(a: LogUnit, b: LogUnit): boolean {
  return a.updateRowId === b.updateRowId && a.nodeId === b.nodeId;
}
