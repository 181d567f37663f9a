import type { DataSource } from 'typeorm';
import {
  canonicalJson,
  IMPORT_RECORD_TIME,
  LedgerWriter,
  type AppendOptions,
  type AppendResult,
  type HistoryVerdictItem,
  type WriterObserver,
} from '@canton-scan/domain';
import {
  contentOf,
  itemOffsets,
  migrationOf,
  sameContent,
  toHistoryUpdate,
  type ServedItem,
} from './convert';
import { noteWritten, type MirrorProgress } from './mirror-progress';
import { prefetched, sleep } from './paging';
import { DEFAULT_CALL_POLICY, type CallPolicy } from './peer';
import { MigrationSurvey } from './migration-survey';
import { isPeerTrouble, PeerReads } from './peer-reads';
import { PeerStatusBook, type MirrorStatusSink } from './peer-status';
import { readImportPages } from './import-pages';
import { writePages, type PageToWrite } from './page-writes';
import { ServedBlobCopier } from './served-blob-copy';
import { mirrorOffsetBase, readStorePosition, type StorePosition } from './store-position';
import { SynchronizerStateCopier, type SynchronizerStateOptions } from './synchronizer-state';
import { VerdictFeed } from './verdict-feed';

export interface MirrorOptions {
  /** Base URLs of the peer scans' scan group, e.g. `https://scan.example.com/api/scan`. */
  peers: string[];
  pageSize?: number;
  snapshotIntervalHours: number;
  policy?: CallPolicy;
  /** First and longest wait between polls once caught up (tailing). */
  pollMs?: number;
  maxPollMs?: number;
  log?: (message: string) => void;
  onProgress?: (progress: MirrorProgress) => void;
  /** After each pass over the peers that ended caught up (nothing newer) or failed. */
  onPoll?: (progress: MirrorProgress) => void;
  /** Told of every batch the mirror's writer commits (metrics). */
  writerObserver?: WriterObserver;
  /** Where the peers' status and the mirror's position are written (the store's `MirrorPeerStatusRepository`). */
  statusSink?: MirrorStatusSink;
  /** Least time between two status writes while copying (default 5 s); every poll's end writes too. */
  statusIntervalMs?: number;
  /**
   * What the mirror copies of its synchronizer's state (members' traffic, parties' hosting) and
   * how hard it asks; `false` copies none (docs/traffic.md, docs/hosting.md "On a mirror").
   */
  synchronizerState?: SynchronizerStateOptions | false;
  /**
   * Copy every migration the peers hold at once, each in its own range of ledger offsets
   * (`mirrorOffsetBase`), instead of one after the other (default false): the same history and
   * derived state, in less time on a machine with cores to spare, but the offsets of migrations
   * after 0 (and the ACS page tokens, contract row ids) are not those a copy in order gives
   * (docs/offsets-and-ids.md "Offsets across migrations").
   */
  parallelMigrations?: boolean;
}

/** How a pass over a migration's regular updates ended. */
type PassEnd =
  /** A later migration's updates showed: this migration is closed. */
  | 'later'
  /** The peers have nothing newer. */
  | 'end'
  /** The peers' updates go further than their verdicts: the rest waits for them. */
  | 'verdicts-behind';

/**
 * Fills the local store from peer scans through the scan client and the LedgerWriter only:
 * migration by migration from 0 (or every migration held at once: `parallelMigrations`), its
 * import updates (by update id) then its regular updates (`POST /v2/updates`, lossless), from
 * where the store ends. Every page is read from all
 * peers and accepted as far as f + 1 of them agree (see `agreedPrefix`).
 *
 * The peers' reads and their comparison are `PeerReads` (peer-reads.ts), the verdicts read with
 * the updates `VerdictFeed` (verdict-feed.ts), the pipelined writes `writePages`
 * (page-writes.ts), the blobs stored at each catch-up `ServedBlobCopier` (served-blob-copy.ts),
 * what the peers say of each migration `MigrationSurvey` (migration-survey.ts).
 */
export class ScanMirror {
  readonly progress: MirrorProgress = { appended: 0, verdictsCopied: 0, migrationId: 0 };
  /** URLs of peers that disagreed with an accepted answer. */
  readonly dissenters: Set<string>;
  /** What the mirror knows of each peer, written to `statusSink`. */
  readonly peerStatus: PeerStatusBook;
  private readonly reads: PeerReads;
  private readonly writer: LedgerWriter;
  private readonly blobs: ServedBlobCopier;
  private readonly pageSize: number;
  private readonly log: (message: string) => void;
  private idleMs: number;
  /** What the peers say of each migration: held, held from its start, verdicts copied. */
  private readonly survey: MigrationSurvey;
  /** Copies traffic states and hosting from the peers at the end of each pass (synchronizer-state.ts). */
  private readonly synchronizerState?: SynchronizerStateCopier;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: MirrorOptions,
  ) {
    if (options.peers.length === 0) throw new Error('the mirror needs at least one peer scan URL');
    this.log = options.log ?? (() => undefined);
    this.peerStatus = new PeerStatusBook(
      options.peers,
      options.statusSink,
      options.statusIntervalMs ?? 5000,
      this.log,
    );
    this.reads = new PeerReads(
      options.peers,
      options.policy ?? DEFAULT_CALL_POLICY,
      this.peerStatus,
      this.log,
    );
    this.dissenters = this.reads.dissenters;
    // Mirrored contracts' blobs are never derived: only what peers serve is stored (ServedBlobCopier).
    this.writer = new LedgerWriter(dataSource, {
      snapshotIntervalHours: options.snapshotIntervalHours,
      createdEventBlobs: 'supplied-only',
      // Verdicts are copied per migration where f + 1 peers serve them (in the page loop); the
      // hosting the peers agree on (SynchronizerStateCopier) is stored as copied.
      synchronizerVerdicts: 'copied',
      hostingItems: 'peers',
      observer: options.writerObserver,
    });
    this.survey = new MigrationSurvey(dataSource, this.reads, this.peerStatus, this.progress, this.log);
    this.blobs = new ServedBlobCopier(dataSource, this.writer, this.reads, this.log);
    this.pageSize = Math.min(Math.max(options.pageSize ?? 500, 1), 1000);
    this.idleMs = options.pollMs ?? 1000;
    if (options.synchronizerState !== false)
      this.synchronizerState = new SynchronizerStateCopier(
        dataSource,
        this.writer,
        {
          quorum: this.reads.quorum,
          askPeers: (ask, itemsOf) => this.reads.askPeers(ask, itemsOf),
          isPeerTrouble,
          compared: (what, answers, agreement) => {
            this.reads.noteDissenters(agreement.dissenters);
            this.reads.noteAgreement(what, answers, agreement.divergedAt);
          },
          log: this.log,
        },
        options.synchronizerState,
      );
  }

  /**
   * Mirrors until caught up (`once`) or until `signal` aborts, polling with backoff once caught
   * up. In tailing mode, peer failures and missing quorums are logged and retried.
   */
  async run(options: { once?: boolean; signal?: AbortSignal } = {}): Promise<MirrorProgress> {
    let migrationId = 0;
    this.reads.stopSignal = options.signal;
    await this.synchronizerState?.start();
    while (!options.signal?.aborted) {
      try {
        migrationId = await this.step(migrationId);
        delete this.progress.lastError;
        if (migrationId < 0) {
          this.progress.caughtUpAt = new Date().toISOString();
          await this.synchronizerState?.afterPass(options.once === true);
          await this.peerStatus.flush(this.progress, true);
          this.options.onPoll?.(this.progress);
          if (options.once) break;
          migrationId = -migrationId - 1;
          await this.idle(options.signal);
        }
      } catch (error) {
        if (options.signal?.aborted) break;
        await this.peerStatus.flush(this.progress, true);
        if (options.once || !isPeerTrouble(error)) throw error;
        this.progress.lastError = (error as Error).message;
        this.options.onPoll?.(this.progress);
        this.log(`${(error as Error).message}; retrying`);
        await this.idle(options.signal);
      }
    }
    return this.progress;
  }

  /**
   * One pass from a migration: the migration to continue with, or -(m + 1) when caught up at m.
   * With `parallelMigrations`, the migration and every later one a quorum holds are copied at
   * once (a migration's history depends only on its own import updates); otherwise the migration
   * alone.
   */
  private async step(migrationId: number): Promise<number> {
    if (!(await this.survey.holds(migrationId))) return this.caughtUp(migrationId);
    const held = [migrationId];
    if (this.options.parallelMigrations)
      while (await this.survey.holds(held[held.length - 1] + 1)) held.push(held[held.length - 1] + 1);
    for (const m of held) await this.survey.decideVerdicts(m);
    const ends = await this.copy(held);
    const last = held[held.length - 1];
    for (const [i, m] of held.entries()) {
      let end = ends[i];
      // The next migration has begun, so this one is closed once the peers have nothing newer of
      // it: take what it still has (unless its verdicts lag behind its updates: not finished yet).
      if (end === 'end' && (m < last || (await this.survey.holds(m + 1)))) {
        [end] = await this.copy([m], false);
        if (end === 'end') end = 'later';
      }
      if (end !== 'later') return this.caughtUp(m);
      if (m === last) return m + 1;
    }
    return last + 1;
  }

  /** At the peers' end: stores the blobs they serve of contracts stored without one; -(m + 1). */
  private async caughtUp(migrationId: number): Promise<number> {
    try {
      await this.blobs.storeServedBlobs();
    } catch (error) {
      // The history is mirrored regardless; blobs are asked for again at the next catch-up.
      if (!isPeerTrouble(error)) throw error;
      this.log(`created event blobs not fetched: ${error.message}`);
    }
    return -(migrationId + 1);
  }

  /**
   * Copies the migrations at once, each from where the store ends: its import updates (by update
   * id; unless `imports` is false) then its regular updates, through the writer's one pipeline
   * (`writePages`). In a verdicts-held migration each page is written with the verdicts of its
   * record-time range (those on its transactions and those alone before its last update), as far
   * as the peers' events cover it. Pages are read (and compared) ahead of the writes and written
   * in each migration's order; the pages agreed before a failed read are written first. How each
   * migration's pass ended, in the order given.
   */
  private async copy(migrationIds: readonly number[], imports = true): Promise<PassEnd[]> {
    const positions = new Map<number, StorePosition>();
    for (const m of migrationIds) positions.set(m, await readStorePosition(this.dataSource, m));
    // Where the mirror is: the newest migration it copies.
    const newest = migrationIds[migrationIds.length - 1];
    if (newest >= this.progress.migrationId) {
      this.progress.migrationId = newest;
      this.progress.lastRecordTime = positions.get(newest)!.lastRecordTime;
    }
    return writePages<PassEnd>(
      {
        dataSource: this.dataSource,
        writer: this.writer,
        appendOptions: (m) => this.appendOptions(m),
        written: (m, pages, result) => this.written(m, pages, result),
        signal: this.reads.stopSignal,
      },
      migrationIds.map((m) => ({
        key: m,
        read: async (emit) => {
          const position = positions.get(m)!;
          if (imports) await readImportPages(this.reads, m, position.lastImportUpdateId, this.pageSize, emit);
          // Each pass reads the events from where the store's end: what was read ahead is read again.
          const feed = this.survey.verdictsCopied(m)
            ? new VerdictFeed(
                this.reads,
                m,
                position.lastEventRecordTime ?? IMPORT_RECORD_TIME,
                this.pageSize,
              )
            : undefined;
          return this.readRegularPages(m, position, feed, emit);
        },
      })),
    );
  }

  /** Reads the migration's regular updates (and their verdicts, from `feed`) page by page into `emit`. */
  private async readRegularPages(
    migrationId: number,
    position: StorePosition,
    feed: VerdictFeed | undefined,
    emit: (page: PageToWrite) => Promise<void>,
  ): Promise<PassEnd> {
    // After the migration's own offsets (and earlier ones'); copied in parallel, in its own range.
    const base = this.options.parallelMigrations ? mirrorOffsetBase(migrationId) : 0n;
    let offset = position.migrationFloor > base ? position.migrationFloor : base;
    let lastRead = position.lastRecordTime;
    /** Set once this read ends: the page it may have asked for ahead is dropped. */
    let finished = false;
    const own = (page: ServedItem[]) => page.filter((item) => migrationOf(item) === migrationId);
    const toWrite = (mine: ServedItem[], verdicts: HistoryVerdictItem[], bytes: number): PageToWrite => {
      if (mine.length > 0) lastRead = String(mine[mine.length - 1].record_time);
      return {
        updates: mine.map((item) => toHistoryUpdate(item, ++offset)),
        verdicts,
        lastRecordTime: mine.length > 0 ? lastRead : undefined,
        bytes,
      };
    };
    const pages = prefetched(
      position.lastRecordTime ?? IMPORT_RECORD_TIME,
      (afterTime) =>
        this.reads.quorumReadPage(
          `updates of migration ${migrationId} after ${afterTime}`,
          (peer) =>
            peer.updatesBytes(
              { after_migration_id: migrationId, after_record_time: afterTime },
              this.pageSize,
            ),
          (value) => (value as { transactions: ServedItem[] }).transactions,
          itemOffsets,
          (item) => canonicalJson(contentOf(item)),
          sameContent,
          () => finished,
        ),
      // The next page is read while this one is handled, unless this one ends the migration or the list.
      ({ items: page }) =>
        page.length > 0 && own(page).length === page.length
          ? String(page[page.length - 1].record_time)
          : undefined,
    );
    try {
      for await (const { items: page, bytes } of pages) {
        let mine = own(page);
        let verdicts: HistoryVerdictItem[] = [];
        if (feed) {
          const cover = await feed.cover(mine);
          verdicts = cover.verdicts;
          if (cover.covered < mine.length) {
            mine = mine.slice(0, cover.covered);
            if (mine.length > 0 || verdicts.length > 0) await emit(toWrite(mine, verdicts, bytes));
            this.log(
              `migration ${migrationId}: the peers' verdicts end before their updates; the updates after ` +
                `${lastRead ?? 'its start'} wait for their verdicts`,
            );
            return 'verdicts-behind';
          }
        }
        if (mine.length > 0 || verdicts.length > 0) await emit(toWrite(mine, verdicts, bytes));
        if (mine.length < page.length || page.length === 0) {
          // The migration's updates end here (for now): the verdicts alone that follow its last update.
          if (feed) await feed.trailing((v) => emit(toWrite([], v, 0)));
          return mine.length < page.length ? 'later' : 'end';
        }
      }
      return 'end';
    } finally {
      finished = true;
    }
  }

  /**
   * The options of a batch of the migration. The batch that brings the migration's first update
   * records it as held from its start only if the peers agreed it is `complete` (the writer
   * ignores the flag once the migration is held, so a migration begun without its start stays so).
   */
  private appendOptions(migrationId: number): AppendOptions {
    return {
      migrationFromStart: this.survey.fromStart(migrationId),
      verdictsHeld: this.survey.verdictsCopied(migrationId),
    };
  }

  /** Accounts for pages the writer has committed: progress, its listeners, the peers' status. */
  private async written(
    migrationId: number,
    pages: readonly PageToWrite[],
    result: AppendResult,
  ): Promise<void> {
    noteWritten(this.progress, migrationId, pages, result.appended);
    this.idleMs = this.options.pollMs ?? 1000;
    this.options.onProgress?.(this.progress);
    await this.peerStatus.flush(this.progress);
  }

  private async idle(signal?: AbortSignal): Promise<void> {
    await sleep(this.idleMs, signal);
    this.idleMs = Math.min(this.idleMs * 2, this.options.maxPollMs ?? 30_000);
  }
}
