import {
  ingestUpdates,
  isHostingItem,
  isVerdictItem,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type HistoryHostingItem,
  type LedgerWriter,
} from '@canton-scan/domain';
import { parseMicros } from './sim-clock';

export interface LiveNetworkDriverOptions {
  /** Most updates written in one batch (one transaction). Default 1000. */
  readonly maxBatch?: number;
  /** Wall-clock time in milliseconds since the epoch (tests may shift it). Default `Date.now`. */
  readonly now?: () => number;
  /** Told of every batch written: how many updates and the newest record time. */
  readonly onWritten?: (written: { appended: number; recordTime: string }) => void;
  /**
   * Told of a failed live write (the database away, say): the same batch is tried again after
   * `retryDelayMs` (default 5000), until it is written or the driver is stopped.
   */
  readonly onWriteFailed?: (error: unknown) => void;
  readonly retryDelayMs?: number;
}

/** What the driver writes: updates and the verdict items that come with them (docs/events.md). */
type DrivenItem = HistoryUpdate | HistoryVerdictItem | HistoryHostingItem;

/**
 * Feeds a stream of simulated updates into the store as the wall clock reaches their record
 * times: what is due is written through the one write path (`LedgerWriter`), batched; then it
 * sleeps until the next update's record time. The stream may be endless (a continuous
 * simulation); a bounded one ends the run when it is exhausted. `stop` ends the run between two
 * writes, never within one: each batch is one transaction, written whole or not at all. A failed
 * write is tried again (the stream cannot skip it: what follows builds on it).
 */
export class LiveNetworkDriver {
  private readonly maxBatch: number;
  private readonly now: () => number;
  private next: IteratorResult<DrivenItem, unknown>;
  private stopping = false;
  private wake?: () => void;
  private running?: Promise<void>;
  private written = 0;

  constructor(
    private readonly writer: LedgerWriter,
    private readonly updates: Iterator<DrivenItem, unknown>,
    private readonly options: LiveNetworkDriverOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.now = options.now ?? Date.now;
    this.next = updates.next();
  }

  /** Updates written so far (those the store already held not counted). */
  get appended(): number {
    return this.written;
  }

  /** Whether the stream has ended (a bounded simulation written in full). */
  get exhausted(): boolean {
    return this.next.done === true;
  }

  /**
   * Writes every update due by now, in pipelined batches (the initial load, or what became due
   * while the stack was down); updates falling due meanwhile are written too. Returns how many
   * were appended.
   */
  async catchUp(batchSize = 1000): Promise<number> {
    const result = await ingestUpdates(this.writer, this.due(Number.POSITIVE_INFINITY), { batchSize });
    this.written += result.appended;
    return result.appended;
  }

  /** Writes what falls due, as it falls due, until `stop` or the end of the stream. */
  run(): Promise<void> {
    this.running ??= this.loop();
    return this.running;
  }

  /** Ends `run` once the write in progress (if any) has committed; `run` reports its own failure. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running?.catch(() => undefined);
  }

  private async loop(): Promise<void> {
    // A batch taken off the stream is written before anything after it, however many tries it takes.
    let batch: DrivenItem[] = [];
    while (!this.stopping) {
      if (batch.length === 0) batch = [...this.due(this.maxBatch)];
      if (batch.length > 0) {
        try {
          const result = await this.writer.append(batch);
          this.written += result.appended;
          this.options.onWritten?.({
            appended: result.appended,
            recordTime: recordTimeOf(batch[batch.length - 1]),
          });
          batch = [];
        } catch (error) {
          this.options.onWriteFailed?.(error);
          await this.sleep(this.options.retryDelayMs ?? 5000);
        }
        continue;
      }
      if (this.next.done) break;
      await this.sleep(recordMillis(this.next.value) - this.now());
    }
  }

  /** The updates due by now, at most `limit`, taken off the stream. */
  private *due(limit: number): Generator<DrivenItem> {
    for (let n = 0; n < limit && !this.stopping && !this.next.done; n++) {
      const update = this.next.value;
      if (recordMillis(update) > this.now()) return;
      this.next = this.updates.next();
      yield update;
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, Math.ceil(ms)));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}

function recordTimeOf(item: DrivenItem): string {
  if (isHostingItem(item)) return item.party_to_participant.record_time;
  return isVerdictItem(item) ? item.verdict.record_time : item.record_time;
}

/** Record time in (fractional) milliseconds; import updates (year 1) are always due. */
function recordMillis(item: DrivenItem): number {
  return parseMicros(recordTimeOf(item)) / 1000;
}
