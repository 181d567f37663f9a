import type { ledgerApi } from '@canton-scan/contracts';
import { DomainError, DomainErrorCode, invalidArgument, notFound } from '../errors/domain-error';
import { assertMayRead } from './ledger-access';
import type { LedgerEndWatcher } from './ledger-end-watcher';
import {
  mayIncludeBlobs,
  partiesRead,
  resolveEventFormat,
  resolveSingleUpdateFormat,
  resolveTransactionByOffsetFormat,
  resolveUpdatesRequestFormat,
  type ResolvedEventFormat,
  type ResolvedTransactionFormat,
  type ResolvedUpdateFormat,
} from './ledger-format';
import { projectContractEvents, projectTransaction, projectUpdate } from './ledger-projection';
import type { LedgerPruningService } from './ledger-pruning.service';
import type {
  LedgerUpdatesRepository,
  StoredLedgerUpdate,
  UpdateVisibility,
} from './ledger-updates.repository';
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

/** The 413 of a list that collected more than `http-list-max-elements-limit` (docs/ledger-api.md "List limit"). */
export function listLimitExceeded(what: string, max: number): DomainError {
  return new DomainError(
    DomainErrorCode.ListLimitExceeded,
    `The number of ${what} exceeds the http-list-max-elements-limit of ${max}: narrow the request, pass a limit of at most ${max}, or use the WebSocket stream`,
    { maxElements: String(max) },
  );
}

/**
 * Updates per page of a scan (the WebSocket stream's, and the flats' at most). Small on purpose: a
 * page's rows live while its items are projected and sent, and a page of 500 (or 200) lived
 * through enough young-generation collections to be promoted to V8's old space, whose garbage
 * then grew the peak RSS with the range (bench:ledger, docs/performance.md "Ledger server memory
 * over a 100,000-update range").
 */
const SCAN_PAGE_SIZE = 50;

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
 * The ledger node's update queries: the ledger end, an update (or transaction) by offset or id,
 * the update list of `/v2/updates` and the deprecated flats (blocking, bounded by
 * `http-list-max-elements-limit`; one query path for both) and the update stream behind their
 * WebSockets. Every read goes
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

  /** The newest offset of the ledger; 0 while it is empty. */
  async getLedgerEnd(): Promise<ledgerApi.GetLedgerEndResponse> {
    return { offset: await this.updates.ledgerEnd() };
  }

  /** The transaction at an offset as the requested parties see it; NOT_FOUND when they see nothing of it. */
  async getTransactionByOffset(
    user: LedgerUser,
    request: ledgerApi.GetTransactionByOffsetRequest,
  ): Promise<ledgerApi.GetTransactionResponse> {
    const format = resolveTransactionByOffsetFormat(request);
    assertMayRead(user, partiesRead({ transactions: format }));
    return this.transactionAt(request.offset, format, `at offset ${request.offset}`, {
      offset: String(request.offset),
    });
  }

  /**
   * As `getTransactionByOffset`, for the transaction with an id (the deprecated
   * `/v2/updates/transaction-by-id`): the id is looked up to its offset, then read on the same path.
   */
  async getTransactionById(
    user: LedgerUser,
    request: ledgerApi.GetTransactionByIdRequest,
  ): Promise<ledgerApi.GetTransactionResponse> {
    const format = resolveTransactionByOffsetFormat(request);
    assertMayRead(user, partiesRead({ transactions: format }));
    const what = `with id ${request.updateId}`;
    const context = { updateId: request.updateId };
    const offset = await this.lookupOffsetOfUpdate(request.updateId);
    if (offset === undefined)
      throw notFound(`Transaction not found, or not visible: no transaction ${what}`, context);
    return this.transactionAt(offset, format, what, context);
  }

  /**
   * `/v2/events/events-by-contract-id`: the created and (once archived) archived event of a
   * contract as the requested parties see it, read from the transactions at its offsets.
   * NOT_FOUND when the contract is unknown, its creation is not on this ledger, or no requested
   * party sees it; a creation at or below the pruning offset is pruned data.
   */
  async getEventsByContractId(
    user: LedgerUser,
    request: ledgerApi.GetEventsByContractIdRequest,
  ): Promise<ledgerApi.JsGetEventsByContractIdResponse> {
    const eventFormat = resolveEventFormat(request.eventFormat, 'body.eventFormat');
    const format: ResolvedUpdateFormat = { transactions: { eventFormat, shape: 'ACS_DELTA' } };
    assertMayRead(user, partiesRead(format));
    const context = { contractId: request.contractId };
    const missing = () =>
      notFound(
        `Contract events not found, or not visible: no contract ${request.contractId} is visible to the requested parties`,
        context,
      );
    const offsets =
      (await this.updates.lookupContractOffsets(request.contractId)) ??
      (await this.updates.on(this.updates.db.primary).lookupContractOffsets(request.contractId));
    if (offsets?.createdOffset === undefined) throw missing();
    await this.pruning.assertOffsetNotPruned(offsets.createdOffset);
    const createdIn = await this.readAt(offsets.createdOffset, format);
    const archivedIn =
      offsets.archivedOffset === undefined ? undefined : await this.readAt(offsets.archivedOffset, format);
    const events = projectContractEvents(request.contractId, createdIn, archivedIn, eventFormat);
    if (!events.created) throw missing();
    return events;
  }

  private async transactionAt(
    offset: number,
    format: ResolvedTransactionFormat,
    what: string,
    context: Record<string, string>,
  ): Promise<ledgerApi.GetTransactionResponse> {
    await this.pruning.assertOffsetNotPruned(offset);
    const update = await this.readAt(offset, { transactions: format });
    const transaction = update ? projectTransaction(update, format) : undefined;
    if (!transaction) {
      throw notFound(
        `Transaction not found, or not visible: no transaction ${what} is visible to the requested parties`,
        context,
      );
    }
    return { transaction };
  }

  /** The offset of an update id, asked of the primary when the replica has not replayed it yet. */
  private async lookupOffsetOfUpdate(updateId: string): Promise<number | undefined> {
    return (
      (await this.updates.lookupOffsetOfUpdate(updateId)) ??
      (await this.updates.on(this.updates.db.primary).lookupOffsetOfUpdate(updateId))
    );
  }

  /** The update at an offset through its format (`/v2/updates/update-by-offset`); NOT_FOUND when it shows nothing. */
  async getUpdateByOffset(
    user: LedgerUser,
    request: ledgerApi.GetUpdateByOffsetRequest,
  ): Promise<ledgerApi.GetUpdateResponse> {
    const format = resolveSingleUpdateFormat(request);
    assertMayRead(user, partiesRead(format));
    return this.updateAt(request.offset, format, `at offset ${request.offset}`, {
      offset: String(request.offset),
    });
  }

  /** As `getUpdateByOffset`, for the update with an id; an import update (no offset) is not on the ledger. */
  async getUpdateById(
    user: LedgerUser,
    request: ledgerApi.GetUpdateByIdRequest,
  ): Promise<ledgerApi.GetUpdateResponse> {
    const format = resolveSingleUpdateFormat(request);
    assertMayRead(user, partiesRead(format));
    const what = `with id ${request.updateId}`;
    const context = { updateId: request.updateId };
    const offset = await this.lookupOffsetOfUpdate(request.updateId);
    if (offset === undefined) throw notFound(`Update not found, or not visible: no update ${what}`, context);
    return this.updateAt(offset, format, what, context);
  }

  private async updateAt(
    offset: number,
    format: ResolvedUpdateFormat,
    what: string,
    context: Record<string, string>,
  ): Promise<ledgerApi.GetUpdateResponse> {
    await this.pruning.assertOffsetNotPruned(offset);
    const update = await this.readAt(offset, format);
    const item = update ? projectUpdate(update, format) : undefined;
    if (!item) {
      throw notFound(
        `Update not found, or not visible: no update ${what} is visible to the requested parties`,
        context,
      );
    }
    return item;
  }

  /** The stored update at an offset, its events read when the format may show some of them. */
  private async readAt(
    offset: number,
    format: ResolvedUpdateFormat,
  ): Promise<StoredLedgerUpdate | undefined> {
    const request = {
      afterExclusive: offset - 1,
      upToInclusive: offset,
      descending: false,
      limit: 1,
      visibility: visibilityOf(format),
      withBlobs: mayIncludeBlobs(format),
      withExerciseValues: format.transactions?.shape === 'LEDGER_EFFECTS',
    };
    const [update] = await this.updates.readPage(request);
    if (update) return update;
    // A replica may not have replayed an offset the client learned from the primary or another
    // replica: a miss is asked of the primary before it is a NOT_FOUND.
    const primary = this.updates.on(this.updates.db.primary);
    return primary === this.updates ? undefined : (await primary.readPage(request))[0];
  }

  /**
   * The flats list, item by item, for an answer written as it is read. It yields at most
   * min(limit, max + 1) items and fails with a 413 when there are more than max (docs/ledger-api.md
   * "List limit"), so a `limit` of at most max never fails. A bounded range is read to its end;
   * an open-ended one to the ledger end, then it waits for new updates and completes once no new
   * item arrived for `stream_idle_timeout_ms`. An OffsetCheckpoint ends the list when the scan
   * passed updates the reader was not shown and there is room for it.
   *
   * The list's status must be known before its first item is written: with a `limit` of at most
   * max (no 413 possible) every item is yielded as soon as it is projected; otherwise items are
   * held until the scan ended within max items (then yielded) or went beyond it (the 413, before
   * any item). Request errors surface on the first read.
   */
  async *flats(
    user: LedgerUser,
    request: ledgerApi.GetUpdatesRequest,
    query: FlatsQuery,
    signal?: AbortSignal,
  ): AsyncGenerator<ledgerApi.GetUpdatesResponse> {
    const { plan, updates } = await this.plan(user, request);
    const max = this.settings.maxListElements;
    const cap = Math.min(query.limit ?? Number.POSITIVE_INFINITY, max + 1);
    const mayExceed = cap > max;
    const scan = new UpdateScan(updates, plan, Math.min(Math.max(cap, 20), SCAN_PAGE_SIZE));
    const held: ledgerApi.GetUpdatesResponse[] = [];
    let count = 0;
    let full = false;
    const rest = async function* (): AsyncGenerator<ledgerApi.GetUpdatesResponse> {
      for await (const item of scan.read(signal)) {
        count++;
        if (mayExceed) {
          if (count > max) throw listLimitExceeded('updates', max);
          held.push(item);
        } else yield item;
        if (count >= cap) {
          full = true;
          return;
        }
      }
    };

    yield* rest();
    // Nobody is left to answer.
    if (signal?.aborted) return;
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
        scan.readFrom(this.liveTail());
        const before = count;
        yield* rest();
        if (count > before) lastItemAt = Date.now();
      }
    }
    // Held items leave one by one, so each is garbage once written.
    while (held.length > 0) yield held.shift()!;
    if (count < Math.min(cap, max)) {
      const checkpoint = scan.checkpoint();
      if (checkpoint) yield checkpoint;
    }
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
    const { plan, updates } = await this.plan(user, request);
    const scan = new UpdateScan(updates, plan, SCAN_PAGE_SIZE);
    for (;;) {
      yield* scan.read(signal);
      if (signal.aborted) return;
      const checkpoint = scan.checkpoint();
      if (checkpoint) yield checkpoint;
      if (plan.endInclusive !== undefined) return;
      if (!(await this.watcher.waitBeyond(scan.position, Number.POSITIVE_INFINITY, signal))) return;
      scan.readFrom(this.liveTail());
    }
  }

  /**
   * Where a scan reads once the watcher woke it: the primary. The watcher hears the primary's
   * NOTIFY (standbys cannot LISTEN), and a replica may not have replayed the notified update
   * yet; reading it there would find nothing and spin until it had. Catching up (the range up
   * to the ledger end when the request came) is what reads the most, and stays on a replica;
   * the live tail is only what is new, which the primary has just written.
   */
  private liveTail(): LedgerUpdatesRepository {
    return this.updates.on(this.updates.db.primary);
  }

  /**
   * Checks a flats request in the order a participant does: format, rights, range, pruning,
   * ledger end; with the source the scan reads from: one replica for the whole scan (its ledger
   * end and every page from the same history), or the primary when the request names offsets
   * that replica has not replayed yet.
   */
  private async plan(
    user: LedgerUser,
    request: ledgerApi.GetUpdatesRequest,
  ): Promise<{ plan: UpdateScanPlan; updates: LedgerUpdatesRepository }> {
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
    let updates = this.updates.on(this.updates.db.pinned());
    let ledgerEnd = await updates.ledgerEnd();
    if (Math.max(begin, end ?? 0) > ledgerEnd && updates.db !== updates.db.primary) {
      updates = this.updates.on(this.updates.db.primary);
      ledgerEnd = await updates.ledgerEnd();
    }
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
    return { plan, updates };
  }
}
