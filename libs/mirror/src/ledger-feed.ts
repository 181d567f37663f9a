import type { DataSource } from 'typeorm';
import { LedgerWriter, type HistoryUpdate } from '@canton-scan/domain';
import { historyUpdateOf, LedgerConvertError, offsetOfItem } from './ledger-convert';
import { LedgerRequestError, LedgerSource, ListLimitError } from './ledger-source';
import { DEFAULT_CALL_POLICY, PeerError, type CallPolicy } from './peer';
import { readStorePosition } from './store-position';

export interface LedgerFeedOptions {
  /** Base URL of the participant's JSON Ledger API v2, e.g. `https://participant.example.com/api/json`. */
  url: string;
  /** Ledger JWT of a user that may read as any party. */
  token: string;
  /** The migration id every update is stored under (the ledger API has none). Default 0. */
  migrationId?: number;
  /** Items per flats request (1 to 1000, default 100); halved when the participant answers 413. */
  pageSize?: number;
  snapshotIntervalHours: number;
  policy?: CallPolicy;
  /** How long the participant waits for new updates before answering (tailing). Default 1000 ms. */
  streamIdleMs?: number;
  /** First and longest wait between polls once nothing new came (tailing). */
  pollMs?: number;
  maxPollMs?: number;
  log?: (message: string) => void;
  onProgress?: (progress: LedgerFeedProgress) => void;
}

export interface LedgerFeedProgress {
  /** Updates appended by this run. */
  appended: number;
  migrationId: number;
  /** The participant's offset read up to (the store holds every update it showed up to here). */
  offset: number;
  /** The participant's ledger end as last known (its ledger-end endpoint, or where a read caught up). */
  ledgerEnd?: number;
}

/** The feed cannot go on: what the store needs is pruned, or an update cannot be stored. */
export class LedgerFeedError extends Error {}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Fills the store from one participant's update stream (JSON Ledger API v2 `POST
 * /v2/updates/flats`, every party, ledger-effects shape) through the LedgerWriter only, one
 * `append` per page. The store's ledger offset of an update is the participant's offset, so a
 * (re)started feed continues after the store's newest offset. See `ledger-convert.ts` for what
 * the ledger form cannot carry.
 */
export class LedgerFeed {
  readonly progress: LedgerFeedProgress;
  private readonly source: LedgerSource;
  private readonly writer: LedgerWriter;
  private readonly migrationId: number;
  private readonly log: (message: string) => void;
  private pageSize: number;
  private idleMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: LedgerFeedOptions,
  ) {
    const migrationId = options.migrationId ?? 0;
    if (!Number.isSafeInteger(migrationId) || migrationId < 0)
      throw new LedgerFeedError(`the migration id must be a non-negative integer, got ${migrationId}`);
    this.migrationId = migrationId;
    this.source = new LedgerSource(options.url, options.token, options.policy ?? DEFAULT_CALL_POLICY);
    // Blobs are the participant's own; one it leaves empty is never made up on read.
    this.writer = new LedgerWriter(dataSource, {
      snapshotIntervalHours: options.snapshotIntervalHours,
      createdEventBlobs: 'supplied-only',
      synchronizerVerdicts: 'absent',
    });
    this.pageSize = Math.min(Math.max(options.pageSize ?? 100, 1), 1000);
    this.log = options.log ?? (() => undefined);
    this.idleMs = options.pollMs ?? 1000;
    this.progress = { appended: 0, migrationId, offset: 0 };
  }

  /**
   * Feeds until caught up with the participant (`once`) or until `signal` aborts, waiting with
   * backoff while nothing new comes. Refused tokens, pruned history and updates the store
   * rejects end the run; in tailing mode, unreachable participants are logged and retried.
   */
  async run(options: { once?: boolean; signal?: AbortSignal } = {}): Promise<LedgerFeedProgress> {
    this.progress.offset = Number((await readStorePosition(this.dataSource, this.migrationId)).lastOffset);
    await this.checkNotPruned();
    while (!options.signal?.aborted) {
      try {
        const fresh = await this.step(options.once === true);
        if (fresh === 'caught-up') {
          if (options.once) break;
          await this.idle(options.signal);
        }
      } catch (error) {
        if (options.once || !(error instanceof PeerError)) throw error;
        this.log(`${error.message}; retrying`);
        await this.idle(options.signal);
      }
    }
    return this.progress;
  }

  private async checkNotPruned(): Promise<void> {
    const pruned = await this.source.prunedUpTo();
    if (pruned > this.progress.offset)
      throw new LedgerFeedError(
        `${this.source.url} has pruned its ledger up to offset ${pruned}, but the store ends at offset ` +
          `${this.progress.offset}: the updates in between are gone from this participant`,
      );
  }

  /** One page: whether the read caught up with the participant ('caught-up') or there is more. */
  private async step(once: boolean): Promise<'caught-up' | 'more'> {
    const from = this.progress.offset;
    if (this.progress.ledgerEnd === undefined || from >= this.progress.ledgerEnd) {
      const end = await this.source.ledgerEnd();
      if (end !== undefined) this.progress.ledgerEnd = end;
    }
    let items;
    try {
      items = await this.source.updates(from, this.pageSize, once ? 0 : (this.options.streamIdleMs ?? 1000));
    } catch (error) {
      if (error instanceof ListLimitError && this.pageSize > 1) {
        this.pageSize = Math.floor(this.pageSize / 2);
        this.log(`${error.message}; asking for ${this.pageSize} updates per page`);
        return 'more';
      }
      if (error instanceof LedgerRequestError)
        throw new LedgerFeedError(`reading the updates after offset ${from}: ${error.message}`);
      throw error;
    }
    const updates = items.map((item) => this.convert(item)).filter((u) => u !== undefined);
    if (updates.length > 0) await this.append(updates);
    if (items.length > 0) this.progress.offset = Math.max(from, ...items.map(offsetOfItem));
    const caughtUp = items.length < this.pageSize;
    if (caughtUp) this.progress.ledgerEnd = Math.max(this.progress.ledgerEnd ?? 0, this.progress.offset);
    this.options.onProgress?.(this.progress);
    // Tailing, a page that brought updates is followed at once (the participant waits for more).
    return caughtUp && (once || updates.length === 0) ? 'caught-up' : 'more';
  }

  private convert(item: Parameters<typeof historyUpdateOf>[0]): HistoryUpdate | undefined {
    try {
      return historyUpdateOf(item, this.migrationId);
    } catch (error) {
      if (!(error instanceof LedgerConvertError)) throw error;
      throw new LedgerFeedError(
        `the update at offset ${offsetOfItem(item)} cannot be stored: ${error.message}`,
      );
    }
  }

  private async append(updates: HistoryUpdate[]): Promise<void> {
    const result = await this.writer.append(updates);
    this.progress.appended += result.appended;
    this.idleMs = this.options.pollMs ?? 1000;
  }

  private async idle(signal?: AbortSignal): Promise<void> {
    await sleep(this.idleMs, signal);
    this.idleMs = Math.min(this.idleMs * 2, this.options.maxPollMs ?? 30_000);
  }
}
