import type { ledgerApi } from '@canton-scan/contracts';
import { DomainError, DomainErrorCode, invalidArgument, notFound } from '../errors/domain-error';
import { assertMayRead } from './ledger-access';
import type { LedgerEndWatcher } from './ledger-end-watcher';
import {
  mayIncludeBlobs,
  partiesRead,
  resolveTransactionByOffsetFormat,
  resolveUpdatesRequestFormat,
  type ResolvedEventFormat,
  type ResolvedUpdateFormat,
} from './ledger-format';
import { projectTransaction } from './ledger-projection';
import type { LedgerPruningService } from './ledger-pruning.service';
import type { LedgerUpdatesRepository, UpdateVisibility } from './ledger-updates.repository';
import type { LedgerUser } from './ledger-users.repository';
import { UpdateScan, type UpdateScanPlan } from './update-scan';

/** The longest `stream_idle_timeout_ms` honoured (10 minutes; also the bound of its default setting). */
export const MAX_STREAM_IDLE_TIMEOUT_MS = 600_000;

export interface LedgerStreamSettings {
  /** `http-list-max-elements-limit`. */
  maxListElements: number;
  /** Default `stream_idle_timeout_ms`. */
  streamIdleTimeoutMs: number;
}

export interface FlatsQuery {
  limit?: number;
  stream_idle_timeout_ms?: number;
}

/** Updates per page when streaming over a WebSocket. */
const STREAM_PAGE_SIZE = 500;

function partiesOf(format: ResolvedEventFormat): string[] | 'any' {
  return format.anyParty ? 'any' : [...format.byParty.keys()];
}

function visibilityOf(format: ResolvedUpdateFormat): UpdateVisibility {
  const visibility: UpdateVisibility = {};
  if (format.transactions) {
    visibility.transactions = {
      parties: partiesOf(format.transactions.eventFormat),
      column: format.transactions.shape === 'ACS_DELTA' ? 'stakeholders' : 'witnesses',
    };
  }
  if (format.reassignments) visibility.reassignments = { parties: partiesOf(format.reassignments) };
  return visibility;
}

/**
 * The ledger node's update queries: a transaction by offset, the flats list (blocking, bounded
 * by `http-list-max-elements-limit`) and the update stream behind the WebSocket. Every read goes
 * through an `UpdateScan`, page by page. Import updates have no offset and are not part of the
 * ledger; topology events are not recorded, so none are returned.
 */
export class LedgerUpdatesService {
  constructor(
    private readonly updates: LedgerUpdatesRepository,
    private readonly pruning: LedgerPruningService,
    private readonly watcher: LedgerEndWatcher,
    private readonly settings: LedgerStreamSettings,
  ) {}

  /** The transaction at an offset as the requested parties see it; NOT_FOUND when they see nothing of it. */
  async getTransactionByOffset(
    user: LedgerUser,
    request: ledgerApi.GetTransactionByOffsetRequest,
  ): Promise<ledgerApi.GetTransactionResponse> {
    const format = resolveTransactionByOffsetFormat(request);
    assertMayRead(user, partiesRead({ transactions: format }));
    await this.pruning.assertOffsetNotPruned(request.offset);
    const resolved: ResolvedUpdateFormat = { transactions: format };
    const [update] = await this.updates.readPage({
      afterExclusive: request.offset - 1,
      upToInclusive: request.offset,
      descending: false,
      limit: 1,
      visibility: visibilityOf(resolved),
      withBlobs: mayIncludeBlobs(resolved),
      withExerciseValues: format.shape === 'LEDGER_EFFECTS',
    });
    const transaction = update ? projectTransaction(update, format) : undefined;
    if (!transaction) {
      throw notFound(
        `Transaction not found, or not visible: no transaction at offset ${request.offset} is visible to the requested parties`,
        {
          offset: String(request.offset),
        },
      );
    }
    return { transaction };
  }

  /**
   * The flats list. It collects at most min(limit, max + 1) items and answers 413 when it got
   * more than max (docs/ledger-api.md "List limit"), so a `limit` of at most max never fails. A bounded range is read
   * to its end; an open-ended one to the ledger end, then it waits for new updates and
   * completes once no new item arrived for `stream_idle_timeout_ms`. An OffsetCheckpoint ends
   * the list when the scan passed updates the reader was not shown and there is room for it.
   */
  async collectFlats(
    user: LedgerUser,
    request: ledgerApi.GetUpdatesRequest,
    query: FlatsQuery,
    signal?: AbortSignal,
  ): Promise<ledgerApi.GetUpdatesResponse[]> {
    const plan = await this.plan(user, request);
    const max = this.settings.maxListElements;
    const cap = Math.min(query.limit ?? Number.POSITIVE_INFINITY, max + 1);
    const scan = new UpdateScan(this.updates, plan, Math.min(Math.max(cap, 20), 500));
    const items: ledgerApi.GetUpdatesResponse[] = [];
    const collect = async (): Promise<boolean> => {
      for await (const item of scan.read(signal)) {
        items.push(item);
        if (items.length >= cap) return true;
      }
      return false;
    };

    let full = await collect();
    // Nobody is left to answer.
    if (signal?.aborted) return items;
    if (plan.endInclusive === undefined) {
      // Bounded work per request: a wait longer than the longest the node allows is cut to it.
      const idleMs = Math.min(
        query.stream_idle_timeout_ms ?? this.settings.streamIdleTimeoutMs,
        MAX_STREAM_IDLE_TIMEOUT_MS,
      );
      let lastItemAt = Date.now();
      while (!full && !signal?.aborted) {
        const remaining = lastItemAt + idleMs - Date.now();
        if (remaining <= 0 || !(await this.watcher.waitBeyond(scan.position, remaining, signal))) break;
        const before = items.length;
        full = await collect();
        if (items.length > before) lastItemAt = Date.now();
      }
    }
    if (items.length > max) {
      throw new DomainError(
        DomainErrorCode.ListLimitExceeded,
        `The number of updates exceeds the http-list-max-elements-limit of ${max}: narrow the range, pass a limit of at most ${max}, or use the WebSocket stream`,
        { maxElements: String(max) },
      );
    }
    if (items.length < Math.min(cap, max)) {
      const checkpoint = scan.checkpoint();
      if (checkpoint) items.push(checkpoint);
    }
    return items;
  }

  /**
   * The update stream of the WebSocket form: every item of the range, one at a time (the
   * consumer's pace drives the page reads); an open-ended stream then follows the ledger as it
   * grows, with a checkpoint whenever it caught up past updates the reader was not shown,
   * until `signal` aborts. Request errors surface on the first read.
   */
  async *streamUpdates(
    user: LedgerUser,
    request: ledgerApi.GetUpdatesRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ledgerApi.GetUpdatesResponse> {
    const plan = await this.plan(user, request);
    const scan = new UpdateScan(this.updates, plan, STREAM_PAGE_SIZE);
    for (;;) {
      yield* scan.read(signal);
      if (signal.aborted) return;
      const checkpoint = scan.checkpoint();
      if (checkpoint) yield checkpoint;
      if (plan.endInclusive !== undefined) return;
      if (!(await this.watcher.waitBeyond(scan.position, Number.POSITIVE_INFINITY, signal))) return;
    }
  }

  /** Checks a flats request in the order a participant does: format, rights, range, pruning, ledger end. */
  private async plan(user: LedgerUser, request: ledgerApi.GetUpdatesRequest): Promise<UpdateScanPlan> {
    const format = resolveUpdatesRequestFormat(request);
    assertMayRead(user, partiesRead(format));
    const begin = request.beginExclusive;
    const end = request.endInclusive;
    const descending = request.descendingOrder ?? false;
    if (descending && end === undefined)
      throw invalidArgument(
        'body.descendingOrder requires body.endInclusive: an open-ended stream cannot be read backwards',
      );
    if (end !== undefined && end < begin)
      throw invalidArgument(`body.endInclusive (${end}) must not be before body.beginExclusive (${begin})`);
    await this.pruning.assertStreamStartNotPruned(begin);
    const ledgerEnd = await this.updates.ledgerEnd();
    if (begin > ledgerEnd)
      throw invalidArgument(
        `OFFSET_AFTER_LEDGER_END: body.beginExclusive (${begin}) is after the ledger end (${ledgerEnd})`,
      );
    if (end !== undefined && end > ledgerEnd)
      throw invalidArgument(
        `OFFSET_AFTER_LEDGER_END: body.endInclusive (${end}) is after the ledger end (${ledgerEnd})`,
      );
    const plan: UpdateScanPlan = {
      format,
      visibility: visibilityOf(format),
      withBlobs: mayIncludeBlobs(format),
      beginExclusive: begin,
      descending,
    };
    if (end !== undefined) plan.endInclusive = end;
    return plan;
  }
}
