import type { ledgerApi } from '@canton-scan/contracts';
import type { ResolvedUpdateFormat } from './ledger-format';
import { offsetCheckpoint, projectUpdate } from './ledger-projection';
import type { LedgerUpdatesRepository, UpdateVisibility } from './ledger-updates.repository';

export interface UpdateScanPlan {
  format: ResolvedUpdateFormat;
  visibility: UpdateVisibility;
  withBlobs: boolean;
  beginExclusive: number;
  endInclusive?: number;
  descending: boolean;
}

/** Largest offset window one page read may cover (offsets with gaps widen the window up to this). */
const MAX_WINDOW = 1 << 20;

/**
 * A cursor over the ledger's updates in offset order that projects them page by page: it
 * holds one page at a time, whatever the range. Reading again after the ledger grew continues
 * where the last read stopped. It also remembers how far it scanned (visible or not) and the
 * newest record time per synchronizer it saw, for offset checkpoints.
 *
 * Each page read is bounded by an offset window as well as by its row limit, so a page never
 * makes PostgreSQL touch more than the window's rows even when its statistics are stale (a
 * large range after a bulk ingest would otherwise be planned as a bitmap scan plus sort of the
 * whole remaining range, per page). Offsets are usually dense; the window doubles over gaps.
 */
export class UpdateScan {
  /** Ascending: the offset scanned up to. Descending: the next upper bound (inclusive). */
  private cursor: number;
  /** Offset of the last update scanned (ascending), shown or not. */
  private lastScanned: number;
  private reported: number;
  private window: number;
  private readonly synchronizerTimes = new Map<string, string>();

  constructor(
    private updates: LedgerUpdatesRepository,
    private readonly plan: UpdateScanPlan,
    private readonly pageSize: number,
  ) {
    this.cursor = plan.descending ? plan.endInclusive! : plan.beginExclusive;
    this.reported = plan.beginExclusive;
    this.lastScanned = plan.beginExclusive;
    this.window = pageSize * 2;
  }

  /**
   * Reads on from another source from now on: one never behind the previous one (the primary
   * after a replica), or the scan could skip updates the new source has not seen yet.
   */
  readFrom(updates: LedgerUpdatesRepository): void {
    this.updates = updates;
  }

  /** The offset up to which the ledger has been scanned (ascending scans). */
  get position(): number {
    return this.cursor;
  }

  /**
   * The items of the updates recorded beyond the cursor, up to the range end or the current ledger
   * end, in order. It stops before the next page once `signal` aborted (the client went away): a
   * filter that matches nothing yields nothing for many pages, so the consumer alone could not
   * tell the scan to stop.
   */
  async *read(signal?: AbortSignal): AsyncGenerator<ledgerApi.GetUpdatesResponse> {
    const { plan } = this;
    const descending = plan.descending;
    const end = descending ? plan.endInclusive! : (plan.endInclusive ?? (await this.updates.ledgerEnd()));
    for (;;) {
      if (signal?.aborted) return;
      if (descending ? this.cursor <= plan.beginExclusive : this.cursor >= end) return;
      const lower = descending ? Math.max(plan.beginExclusive, this.cursor - this.window) : this.cursor;
      const upper = descending ? this.cursor : Math.min(end, this.cursor + this.window);
      const page = await this.updates.readPage({
        afterExclusive: lower,
        upToInclusive: upper,
        descending,
        limit: this.pageSize,
        visibility: plan.visibility,
        withBlobs: plan.withBlobs,
        withExerciseValues: plan.format.transactions?.shape === 'LEDGER_EFFECTS',
      });
      // Each row is let go of once projected: a page's rows would otherwise all live until its
      // last item was sent, through young collections that promote them to the old space.
      const count = page.length;
      for (let i = 0; i < count; i++) {
        const update = page[i];
        page[i] = undefined!;
        this.cursor = descending ? update.offset - 1 : update.offset;
        this.lastScanned = update.offset;
        const known = this.synchronizerTimes.get(update.synchronizerId);
        if (known === undefined || update.recordTime > known)
          this.synchronizerTimes.set(update.synchronizerId, update.recordTime);
        const item = projectUpdate(update, plan.format);
        if (item) {
          this.reported = update.offset;
          yield item;
        }
      }
      if (count < this.pageSize) {
        // The whole window has been scanned; sparse offsets: look further next time.
        this.cursor = descending ? lower : upper;
        if (count < this.pageSize / 2) this.window = Math.min(this.window * 2, MAX_WINDOW);
      }
    }
  }

  /**
   * An OffsetCheckpoint at the last update scanned when the reader was not shown it, nor a
   * checkpoint since (ascending scans only): it lets the reader resume from there. Its
   * synchronizer times are the newest record time of each synchronizer scanned.
   */
  checkpoint(): ledgerApi.GetUpdatesResponse | undefined {
    if (this.plan.descending || this.lastScanned <= this.reported) return undefined;
    this.reported = this.lastScanned;
    return offsetCheckpoint(this.lastScanned, this.synchronizerTimes);
  }
}
