import type { HistoryVerdictItem } from '@canton-scan/domain';
import type { ServedItem } from './convert';
import { NoQuorumError, VerdictsUnavailableError, type PeerReads } from './peer-reads';
import {
  coverUpdates,
  eventMigrationOf,
  eventRecordTimeOf,
  eventOffsets,
  EventsMismatchError,
  verdictKey,
  type EventsCover,
  type ServedEvent,
} from './verdicts';

/**
 * The events (`/v0/events`) of a verdicts-held migration, read from the peers ahead of its
 * updates and handed out as the verdicts of each page of updates. One per pass: each pass reads
 * the events again from where the store ends.
 */
export class VerdictFeed {
  /** Events read and agreed on, after what is written. */
  private buffer: ServedEvent[] = [];

  constructor(
    private readonly reads: PeerReads,
    private readonly migrationId: number,
    /** Record time of the last event read (the next read's `after`). */
    private after: string,
    private readonly pageSize: number,
  ) {}

  /**
   * The verdicts to write with `updates` (the migration's next updates, in order): from the
   * events read ahead, reading more (f + 1 agreed on the verdict part) while they do not reach
   * the page's last update. Returns how many of the updates the events cover; the verdicts are
   * those on the covered transactions and those alone before the next update.
   */
  async cover(updates: readonly ServedItem[]): Promise<{ covered: number; verdicts: HistoryVerdictItem[] }> {
    const verdicts: HistoryVerdictItem[] = [];
    let covered = 0;
    for (;;) {
      const cover = this.walk(updates.slice(covered));
      covered += cover.covered;
      verdicts.push(...cover.verdicts);
      this.buffer = this.buffer.slice(cover.consumed);
      // Events left over lie past the page (a walk stops early only there).
      if (covered === updates.length || this.buffer.length > 0) return { covered, verdicts };
      if ((await this.read()) === 0) return { covered, verdicts };
    }
  }

  /** The verdicts alone right after the migration's last stored update (up to its next update), written. */
  async trailing(emit: (verdicts: HistoryVerdictItem[]) => Promise<void>): Promise<void> {
    for (;;) {
      if (this.buffer.length === 0 && (await this.read()) === 0) return;
      const cover = this.walk([]);
      this.buffer = this.buffer.slice(cover.consumed);
      if (cover.verdicts.length > 0) await emit(cover.verdicts);
      if (this.buffer.length > 0) return;
    }
  }

  private walk(updates: readonly ServedItem[]): EventsCover {
    try {
      return coverUpdates(updates, this.buffer);
    } catch (error) {
      if (!(error instanceof EventsMismatchError)) throw error;
      // Agreed events that contradict agreed updates: neither is written until they agree.
      this.buffer = [];
      throw new VerdictsUnavailableError(`migration ${this.migrationId}: ${error.message}; nothing written`);
    }
  }

  /**
   * Reads the next page of the migration's events (f + 1 peers agreeing on each event's verdict
   * part and update id) into the buffer; the number of the migration's events it brought.
   */
  private async read(): Promise<number> {
    const what = `verdicts of migration ${this.migrationId} after ${this.after}`;
    let page: ServedEvent[];
    try {
      ({ items: page } = await this.reads.quorumReadPage(
        what,
        (peer) =>
          peer.eventsBytes(
            { after_migration_id: this.migrationId, after_record_time: this.after },
            this.pageSize,
          ),
        (value) => (value as { events: ServedEvent[] }).events,
        eventOffsets,
        verdictKey,
      ));
    } catch (error) {
      if (!(error instanceof NoQuorumError) || error instanceof VerdictsUnavailableError) throw error;
      throw new VerdictsUnavailableError(
        `${what}: ${error.message}; the migration is held with its verdicts, so its updates wait for them`,
      );
    }
    const mine = page.filter((event) => eventMigrationOf(event) === this.migrationId);
    if (mine.length > 0) {
      this.after = eventRecordTimeOf(mine[mine.length - 1]);
      this.buffer.push(...mine);
    }
    return mine.length;
  }
}
