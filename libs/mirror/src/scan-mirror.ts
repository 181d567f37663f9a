import type { DataSource } from 'typeorm';
import {
  canonicalJson,
  Db,
  IMPORT_RECORD_TIME,
  LedgerWriter,
  MirrorBlobsRepository,
  type AppendOptions,
  type AppendResult,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type PipelinedBatch,
  type PreparedBatch,
  type WriterObserver,
  type WriterPipeline,
} from '@canton-scan/domain';
import { contentOf, migrationOf, sameContent, toHistoryUpdate, type ServedItem } from './convert';
import { prefetched, sleep } from './paging';
import {
  DEFAULT_CALL_POLICY,
  EVENTS_NOT_SERVED,
  PeerError,
  ScanPeer,
  type CallPolicy,
  type PeerAnswer,
} from './peer';
import { PeerStatusBook, type MirrorStatusSink } from './peer-status';
import { agreedPrefix, quorumSize, type PeerItems } from './quorum';
import { dsoContracts, networkBlobReads, servedContracts, type ServedBlob } from './served-blobs';
import { pipelinePages } from './page-pipeline';
import { readStorePosition, type StorePosition } from './store-position';
import {
  coverUpdates,
  eventMigrationOf,
  eventRecordTimeOf,
  EventsMismatchError,
  verdictKey,
  type ServedEvent,
} from './verdicts';
import { SynchronizerStateCopier, type SynchronizerStateOptions } from './synchronizer-state';

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
}

export interface MirrorProgress {
  /** Updates appended by this run. */
  appended: number;
  /** Verdict items (a transaction's, or a verdict alone) handed to the writer by this run. */
  verdictsCopied: number;
  migrationId: number;
  /** Newest regular record time stored for the migration. */
  lastRecordTime?: string;
  /** Newest record time the peers report for the migration (migration-info). */
  peersNewestRecordTime?: string;
  /** When a pass last ended caught up (the peers had nothing newer). */
  caughtUpAt?: string;
  /** Why the last pass failed (peers unreachable, no quorum); cleared by the next pass that ends well. */
  lastError?: string;
}

/**
 * Pages of regular updates read (and compared) ahead of the one being written, and the updates
 * a write batch gathers from the pages read (the ingest's batch size).
 */
const READ_AHEAD_PAGES = 4;
const WRITE_BATCH_UPDATES = 2000;

/** A page of a migration made ready for the writer: its updates and the verdicts of its record-time range. */
interface PageToWrite {
  updates: HistoryUpdate[];
  verdicts: HistoryVerdictItem[];
  /** The page's newest regular record time: the store's once the page is written. */
  lastRecordTime: string | undefined;
}

/** Preapprovals lacking a blob asked for per catch-up, and blob reads sent at once. */
const PREAPPROVALS_PER_PASS = 100;
const PARALLEL_BLOB_READS = 8;

/** No quorum of peers answered alike: nothing of the page can be trusted yet. */
export class NoQuorumError extends Error {}

/**
 * A migration whose verdicts the store holds cannot go on: the peers do not serve its verdicts
 * now, or their events and updates disagree. Its updates wait (never written without their
 * verdicts); a tailing mirror retries.
 */
export class VerdictsUnavailableError extends NoQuorumError {}

/** How a pass over a migration's regular updates ended. */
type PassEnd =
  /** A later migration's updates showed: this migration is closed. */
  | 'later'
  /** The peers have nothing newer. */
  | 'end'
  /** The peers' updates go further than their verdicts: the rest waits for them. */
  | 'verdicts-behind';

/** The events read ahead of the updates of a verdicts-held migration, not yet written. */
interface EventFeed {
  migrationId: number;
  /** Record time of the last event read (the next read's `after`). */
  after: string;
  /** Events read and agreed on, after what is written. */
  buffer: ServedEvent[];
}

/**
 * Fills the local store from peer scans through the scan client and the LedgerWriter only:
 * migration by migration from 0, its import updates (by update id) then its regular updates
 * (`POST /v2/updates`, lossless), from where the store ends. Every page is read from all
 * peers and accepted as far as f + 1 of them agree (see `agreedPrefix`).
 */
export class ScanMirror {
  readonly progress: MirrorProgress = { appended: 0, verdictsCopied: 0, migrationId: 0 };
  /** URLs of peers that disagreed with an accepted answer. */
  readonly dissenters = new Set<string>();
  /** What the mirror knows of each peer, written to `statusSink`. */
  readonly peerStatus: PeerStatusBook;
  private readonly peers: ScanPeer[];
  private readonly writer: LedgerWriter;
  private readonly quorum: number;
  private readonly pageSize: number;
  private readonly log: (message: string) => void;
  private idleMs: number;
  /** The running pass's stop signal, checked before every page so a stop never waits for a backlog. */
  private stopSignal?: AbortSignal;
  /** Peers left out of reads after failing, until when, and for how long the last time. */
  private readonly downUntil = new Map<string, { until: number; pause: number }>();
  /** Preapprovals the answering peers did not serve (not asked for again by this run). */
  private readonly unservedPreapprovals = new Set<string>();
  /** Per migration, whether f + 1 peers said (migration-info `complete`) they hold it from its start. */
  private readonly peersComplete = new Map<number, boolean>();
  /** Per migration, whether its verdicts are copied (as the store records it, or as decided when it begins). */
  private readonly verdictsHeld = new Map<number, boolean>();
  /** The events of the verdicts-held migration being copied, read ahead (within a pass). */
  private eventFeed?: EventFeed;
  /** Copies traffic states and hosting from the peers at the end of each pass (synchronizer-state.ts). */
  private readonly synchronizerState?: SynchronizerStateCopier;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: MirrorOptions,
  ) {
    if (options.peers.length === 0) throw new Error('the mirror needs at least one peer scan URL');
    this.peers = options.peers.map((url) => new ScanPeer(url, options.policy ?? DEFAULT_CALL_POLICY));
    // Mirrored contracts' blobs are never derived: only what peers serve is stored (storeServedBlobs).
    this.writer = new LedgerWriter(dataSource, {
      snapshotIntervalHours: options.snapshotIntervalHours,
      createdEventBlobs: 'supplied-only',
      // Verdicts are copied per migration where f + 1 peers serve them (in the page loop); the
      // hosting the peers agree on (SynchronizerStateCopier) is stored as copied.
      synchronizerVerdicts: 'copied',
      hostingItems: 'peers',
      observer: options.writerObserver,
    });
    this.quorum = quorumSize(this.peers.length);
    this.pageSize = Math.min(Math.max(options.pageSize ?? 500, 1), 1000);
    this.log = options.log ?? (() => undefined);
    this.idleMs = options.pollMs ?? 1000;
    this.peerStatus = new PeerStatusBook(
      options.peers,
      options.statusSink,
      options.statusIntervalMs ?? 5000,
      this.log,
    );
    if (options.synchronizerState !== false)
      this.synchronizerState = new SynchronizerStateCopier(
        dataSource,
        this.writer,
        {
          quorum: this.quorum,
          askPeers: (ask, itemsOf) => this.askPeers(ask, itemsOf),
          isPeerTrouble: (error) => error instanceof NoQuorumError || error instanceof PeerError,
          compared: (what, answers, agreement) => {
            this.noteDissenters(agreement.dissenters);
            this.noteAgreement(what, answers, agreement.divergedAt);
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
    this.stopSignal = options.signal;
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
        if (options.once || !(error instanceof NoQuorumError || error instanceof PeerError)) throw error;
        this.progress.lastError = (error as Error).message;
        this.options.onPoll?.(this.progress);
        this.log(`${(error as Error).message}; retrying`);
        await this.idle(options.signal);
      }
    }
    return this.progress;
  }

  /** One pass over a migration: the migration to continue with, or -(m + 1) when caught up at m. */
  private async step(migrationId: number): Promise<number> {
    if (!(await this.hasMigration(migrationId))) return this.caughtUp(migrationId);
    await this.decideVerdicts(migrationId);
    await this.importUpdates(migrationId);
    const end = await this.regularUpdates(migrationId);
    if (end === 'later') return migrationId + 1;
    if (end === 'end' && (await this.hasMigration(migrationId + 1))) {
      // The next migration has begun, so this one is closed: take what it still has, move on
      // (unless its verdicts lag behind its updates: then it is not finished yet).
      if ((await this.regularUpdates(migrationId)) !== 'verdicts-behind') return migrationId + 1;
    }
    return this.caughtUp(migrationId);
  }

  /**
   * Whether the migration's verdicts are copied: as the store records it once the migration's
   * first batch is written; before that, whether f + 1 peers serve `/v0/events` for it (then it
   * is held with its verdicts) or f + 1 say they do not (404, 501, 503: an older scan, or a
   * node without verdicts; then it is copied without them, and answers 503 as such a node does).
   * Neither (peers unreachable): NoQuorumError, decided at a later pass.
   */
  private async decideVerdicts(migrationId: number): Promise<void> {
    if (this.verdictsHeld.has(migrationId)) return;
    const stored = (await readStorePosition(this.dataSource, migrationId)).verdictsHeld;
    if (stored !== undefined) {
      this.verdictsHeld.set(migrationId, stored);
      return;
    }
    this.stopSignal?.throwIfAborted();
    const now = Date.now();
    const asked = this.peers.filter((peer) => (this.downUntil.get(peer.url)?.until ?? 0) <= now);
    const settled = await Promise.allSettled(
      asked.map((peer) =>
        peer.events({ after_migration_id: migrationId, after_record_time: IMPORT_RECORD_TIME }, 1),
      ),
    );
    let served = 0;
    let notServed = 0;
    settled.forEach((s, i) => {
      const url = asked[i].url;
      if (s.status === 'fulfilled') {
        served++;
        this.peerStatus.answered(url);
      } else if (s.reason instanceof PeerError && EVENTS_NOT_SERVED.has(s.reason.status ?? 0)) {
        notServed++;
        this.peerStatus.answered(url);
        this.log(`peer ${url} does not serve the verdicts of migration ${migrationId}: ${s.reason.detail}`);
      } else {
        this.peerStatus.failed(url, s.reason instanceof PeerError ? s.reason.detail : String(s.reason));
        this.log(`peer ${url} failed: ${(s.reason as Error).message}`);
      }
    });
    let held: boolean;
    if (served >= this.quorum) held = true;
    else if (notServed >= this.quorum) held = false;
    else
      throw new NoQuorumError(
        `cannot tell whether ${this.quorum} peers serve the verdicts of migration ${migrationId} ` +
          `(${served} serve them, ${notServed} do not, ${asked.length - served - notServed} failed)`,
      );
    this.log(
      held
        ? `migration ${migrationId}: ${served} of ${this.peers.length} peers serve its verdicts (/v0/events); copying them with its updates`
        : `migration ${migrationId}: ${notServed} of ${this.peers.length} peers do not serve its verdicts (/v0/events); copying its updates without them`,
    );
    this.verdictsHeld.set(migrationId, held);
  }

  /** At the peers' end: stores the blobs they serve of contracts stored without one; -(m + 1). */
  private async caughtUp(migrationId: number): Promise<number> {
    try {
      await this.storeServedBlobs();
    } catch (error) {
      // The history is mirrored regardless; blobs are asked for again at the next catch-up.
      if (!(error instanceof NoQuorumError || error instanceof PeerError)) throw error;
      this.log(`created event blobs not fetched: ${error.message}`);
    }
    return -(migrationId + 1);
  }

  /**
   * Whether a quorum of peers holds data of the migration (migration-info; 404 = none). Also
   * notes whether f + 1 of them hold it from its start (`complete`): only then does the store,
   * if it begins the migration now, hold it from its start (see `append`).
   */
  private async hasMigration(migrationId: number): Promise<boolean> {
    let newest: string | undefined;
    let complete = 0;
    const [exists] = await this.quorumRead(
      `migration-info of migration ${migrationId}`,
      (peer) => peer.migrationInfo(migrationId),
      (answer, url) => {
        if (answer.absent) return [false];
        let peerNewest: string | undefined;
        for (const range of answer.value.record_time_range)
          if (peerNewest === undefined || range.max > peerNewest) peerNewest = range.max;
        if (peerNewest !== undefined) {
          this.peerStatus.reported(url, migrationId, peerNewest);
          if (newest === undefined || peerNewest > newest) newest = peerNewest;
        }
        if (answer.value.complete) complete++;
        return [true];
      },
      (value) => String(value),
    );
    if (exists === undefined) throw new NoQuorumError(`no quorum on migration ${migrationId}`);
    this.peersComplete.set(migrationId, complete >= this.quorum);
    if (exists && newest !== undefined && migrationId >= this.progress.migrationId)
      this.progress.peersNewestRecordTime = newest;
    return exists;
  }

  private async importUpdates(migrationId: number): Promise<void> {
    const after = (await readStorePosition(this.dataSource, migrationId)).lastImportUpdateId;
    const pages = prefetched(
      after,
      (afterId) =>
        this.quorumRead(
          `import updates of migration ${migrationId} after ${afterId === '' ? 'its start' : `update ${afterId}`}`,
          (peer) => peer.importUpdates(migrationId, afterId, this.pageSize),
          (answer) => (answer.absent ? [] : (answer.value.transactions as unknown as ServedItem[])),
          (item) => canonicalJson(contentOf(item)),
          sameContent,
        ),
      (page) => (page.length === 0 ? undefined : String(page[page.length - 1].update_id)),
    );
    for await (const page of pages) {
      if (page.length === 0) return;
      await this.append(
        migrationId,
        page.map((item) => toHistoryUpdate(item, null)),
      );
    }
  }

  /**
   * Pages the migration's regular updates from where the store ends. In a verdicts-held
   * migration each page is written with the verdicts of its record-time range (those on its
   * transactions and those alone before its last update), as far as the peers' events cover it.
   * Pages are read (and compared) ahead of the writes, at most `READ_AHEAD_PAGES` of them, and
   * written in order (`pipelinePages`); the pages agreed before a failed read are written first.
   */
  private async regularUpdates(migrationId: number): Promise<PassEnd> {
    const position = await readStorePosition(this.dataSource, migrationId);
    this.progress.migrationId = migrationId;
    this.progress.lastRecordTime = position.lastRecordTime;
    const withVerdicts = this.verdictsHeld.get(migrationId) === true;
    // Each pass reads the events from where the store's end: what was read ahead is read again.
    this.eventFeed = withVerdicts
      ? { migrationId, after: position.lastEventRecordTime ?? IMPORT_RECORD_TIME, buffer: [] }
      : undefined;
    const pipeline = await this.openWriterPipeline();
    try {
      return await pipelinePages<PageToWrite, PipelinedBatch, PassEnd>(
        (emit) => this.readRegularPages(migrationId, position, withVerdicts, emit),
        {
          take: (queued) => {
            // As many pages as come to a batch of the ingest's size: fewer, larger transactions.
            let n = 0;
            for (let updates = 0; n < queued.length && updates < WRITE_BATCH_UPDATES; n++)
              updates += queued[n].updates.length;
            return n;
          },
          build: (pages) =>
            pipeline.build(
              this.writer.prepare(
                pages.flatMap((page) => [...page.updates, ...page.verdicts]),
                this.appendOptions(migrationId),
              ),
            ),
          write: async (batch, pages) => this.written(migrationId, pages, await pipeline.write(batch)),
        },
        { lookAhead: READ_AHEAD_PAGES, signal: this.stopSignal },
      );
    } finally {
      await pipeline.close();
    }
  }

  /**
   * The writer's pipeline (a batch built while the previous one is written) when the store's
   * pool leaves a connection besides its two (the peers' status is written meanwhile); one
   * batch at a time otherwise, and on the embedded database.
   */
  private async openWriterPipeline(): Promise<WriterPipeline> {
    if (Db.of(this.dataSource).poolSize >= 3) return this.writer.openPipeline();
    return {
      build: (prepared) => Promise.resolve({ prepared }),
      write: (batch) => this.writer.appendPrepared((batch as { prepared: PreparedBatch }).prepared),
      close: () => Promise.resolve(),
    };
  }

  /** Reads the migration's regular updates (and their verdicts) page by page into `emit`. */
  private async readRegularPages(
    migrationId: number,
    position: StorePosition,
    withVerdicts: boolean,
    emit: (page: PageToWrite) => Promise<void>,
  ): Promise<PassEnd> {
    let offset = position.lastOffset;
    let lastRead = position.lastRecordTime;
    /** Set once this read ends: the page it may have asked for ahead is dropped. */
    let finished = false;
    const own = (page: ServedItem[]) => page.filter((item) => migrationOf(item) === migrationId);
    const toWrite = (mine: ServedItem[], verdicts: HistoryVerdictItem[]): PageToWrite => {
      if (mine.length > 0) lastRead = String(mine[mine.length - 1].record_time);
      return {
        updates: mine.map((item) => toHistoryUpdate(item, ++offset)),
        verdicts,
        lastRecordTime: mine.length > 0 ? lastRead : undefined,
      };
    };
    const pages = prefetched(
      position.lastRecordTime ?? IMPORT_RECORD_TIME,
      (afterTime) =>
        this.quorumRead(
          `updates of migration ${migrationId} after ${afterTime}`,
          (peer) =>
            peer.updates({ after_migration_id: migrationId, after_record_time: afterTime }, this.pageSize),
          (answer) => (answer.absent ? [] : (answer.value.transactions as unknown as ServedItem[])),
          (item) => canonicalJson(contentOf(item)),
          sameContent,
          () => finished,
        ),
      // The next page is read while this one is handled, unless this one ends the migration or the list.
      (page) =>
        page.length > 0 && own(page).length === page.length
          ? String(page[page.length - 1].record_time)
          : undefined,
    );
    try {
      for await (const page of pages) {
        let mine = own(page);
        let verdicts: HistoryVerdictItem[] = [];
        if (withVerdicts) {
          const cover = await this.coverWithVerdicts(migrationId, mine);
          verdicts = cover.verdicts;
          if (cover.covered < mine.length) {
            mine = mine.slice(0, cover.covered);
            if (mine.length > 0 || verdicts.length > 0) await emit(toWrite(mine, verdicts));
            this.log(
              `migration ${migrationId}: the peers' verdicts end before their updates; the updates after ` +
                `${lastRead ?? 'its start'} wait for their verdicts`,
            );
            return 'verdicts-behind';
          }
        }
        if (mine.length > 0 || verdicts.length > 0) await emit(toWrite(mine, verdicts));
        if (mine.length < page.length || page.length === 0) {
          // The migration's updates end here (for now): the verdicts alone that follow its last update.
          if (withVerdicts) await this.trailingVerdicts(migrationId, (v) => emit(toWrite([], v)));
          return mine.length < page.length ? 'later' : 'end';
        }
      }
      return 'end';
    } finally {
      finished = true;
    }
  }

  /**
   * The verdicts to write with `updates` (the migration's next updates, in order): from the
   * events read ahead, reading more (f + 1 agreed on the verdict part) while they do not reach
   * the page's last update. Returns how many of the updates the events cover; the verdicts are
   * those on the covered transactions and those alone before the next update.
   */
  private async coverWithVerdicts(
    migrationId: number,
    updates: readonly ServedItem[],
  ): Promise<{ covered: number; verdicts: HistoryVerdictItem[] }> {
    const feed = this.eventFeed!;
    const verdicts: HistoryVerdictItem[] = [];
    let covered = 0;
    for (;;) {
      const cover = this.cover(migrationId, updates.slice(covered), feed.buffer);
      covered += cover.covered;
      verdicts.push(...cover.verdicts);
      feed.buffer = feed.buffer.slice(cover.consumed);
      // Events left over lie past the page (a walk stops early only there).
      if (covered === updates.length || feed.buffer.length > 0) return { covered, verdicts };
      if ((await this.readEvents(migrationId)) === 0) return { covered, verdicts };
    }
  }

  /** The verdicts alone right after the migration's last stored update (up to its next update), written. */
  private async trailingVerdicts(
    migrationId: number,
    emit: (verdicts: HistoryVerdictItem[]) => Promise<void>,
  ): Promise<void> {
    const feed = this.eventFeed!;
    for (;;) {
      if (feed.buffer.length === 0 && (await this.readEvents(migrationId)) === 0) return;
      const cover = this.cover(migrationId, [], feed.buffer);
      feed.buffer = feed.buffer.slice(cover.consumed);
      if (cover.verdicts.length > 0) await emit(cover.verdicts);
      if (feed.buffer.length > 0) return;
    }
  }

  private cover(migrationId: number, updates: readonly ServedItem[], events: readonly ServedEvent[]) {
    try {
      return coverUpdates(updates, events);
    } catch (error) {
      if (!(error instanceof EventsMismatchError)) throw error;
      // Agreed events that contradict agreed updates: neither is written until they agree.
      this.eventFeed = undefined;
      throw new VerdictsUnavailableError(`migration ${migrationId}: ${error.message}; nothing written`);
    }
  }

  /**
   * Reads the next page of the migration's events (f + 1 peers agreeing on each event's verdict
   * part and update id) into the feed; the number of the migration's events it brought.
   */
  private async readEvents(migrationId: number): Promise<number> {
    const feed = this.eventFeed!;
    const what = `verdicts of migration ${migrationId} after ${feed.after}`;
    let page: ServedEvent[];
    try {
      page = await this.quorumRead(
        what,
        (peer) =>
          peer.events({ after_migration_id: migrationId, after_record_time: feed.after }, this.pageSize),
        (answer) => (answer.absent ? [] : (answer.value.events as unknown as ServedEvent[])),
        verdictKey,
      );
    } catch (error) {
      if (!(error instanceof NoQuorumError) || error instanceof VerdictsUnavailableError) throw error;
      throw new VerdictsUnavailableError(
        `${what}: ${error.message}; the migration is held with its verdicts, so its updates wait for them`,
      );
    }
    const mine = page.filter((event) => eventMigrationOf(event) === migrationId);
    if (mine.length > 0) {
      feed.after = eventRecordTimeOf(mine[mine.length - 1]);
      feed.buffer.push(...mine);
    }
    return mine.length;
  }

  /**
   * Appends a page of the migration. The batch that brings the migration's first update records
   * it as held from its start only if the peers agreed it is `complete` (the writer ignores the
   * flag once the migration is held, so a migration begun without its start stays so).
   */
  private async append(migrationId: number, updates: HistoryUpdate[]): Promise<void> {
    const page: PageToWrite = { updates, verdicts: [], lastRecordTime: undefined };
    await this.written(
      migrationId,
      [page],
      await this.writer.append(updates, this.appendOptions(migrationId)),
    );
  }

  private appendOptions(migrationId: number): AppendOptions {
    return {
      migrationFromStart: this.peersComplete.get(migrationId) ?? false,
      verdictsHeld: this.verdictsHeld.get(migrationId) ?? false,
    };
  }

  /** Accounts for pages the writer has committed: progress, its listeners, the peers' status. */
  private async written(
    migrationId: number,
    pages: readonly PageToWrite[],
    result: AppendResult,
  ): Promise<void> {
    for (const page of pages) {
      if (page.lastRecordTime !== undefined) this.progress.lastRecordTime = page.lastRecordTime;
      this.progress.verdictsCopied += page.verdicts.length;
    }
    this.progress.appended += result.appended;
    this.progress.migrationId = migrationId;
    this.idleMs = this.options.pollMs ?? 1000;
    this.options.onProgress?.(this.progress);
    await this.peerStatus.flush(this.progress);
  }

  /**
   * Asks every peer at once and returns the longest prefix of items f + 1 of them agree on.
   * Peers that fail (after their retries) or disagree are logged by URL; `what` names the read
   * in the disagreements of the peers' status.
   */
  private async quorumRead<T, I>(
    what: string,
    ask: (peer: ScanPeer) => Promise<PeerAnswer<T>>,
    itemsOf: (answer: PeerAnswer<T>, url: string) => I[],
    key: (item: I) => string,
    /** Equality of two items' content without serialising them, tried first (`agreedPrefix`). */
    same?: (a: I, b: I) => boolean,
    dropped?: () => boolean,
  ): Promise<I[]> {
    const answers = await this.askPeers(ask, itemsOf, dropped);
    // One answer (one peer, or the only one of few that answered, f = 0): nothing to compare.
    if (answers.length === 1) {
      this.peerStatus.compared([answers[0].url], []);
      return [...answers[0].items];
    }
    const agreement = agreedPrefix(answers, this.quorum, key, same);
    this.noteDissenters(agreement.dissenters);
    this.noteAgreement(what, answers, agreement.divergedAt);
    // Peers that hold more but agree on none of it are not "nothing newer": never read that as the end.
    if (agreement.items.length === 0 && answers.some((a) => a.items.length > 0))
      throw new NoQuorumError(`no ${this.quorum} peers agree on the next item; nothing accepted`);
    return agreement.items;
  }

  /** Every peer's answer as items (at least f + 1 answers), leaving out for a while those that fail. */
  private async askPeers<T, I>(
    ask: (peer: ScanPeer) => Promise<PeerAnswer<T>>,
    itemsOf: (answer: PeerAnswer<T>, url: string) => I[],
    /** Whether the read was dropped meanwhile (read ahead, then not waited for): it leaves no trace. */
    dropped?: () => boolean,
  ): Promise<PeerItems<I>[]> {
    this.stopSignal?.throwIfAborted();
    const now = Date.now();
    const asked = this.peers.filter((peer) => (this.downUntil.get(peer.url)?.until ?? 0) <= now);
    const settled = await Promise.allSettled(asked.map((peer) => ask(peer)));
    // Its answers would come after what ended the pass (and, a success, hide a failure that did).
    if (dropped?.()) throw new Error('a read ahead that was dropped');
    const answers: PeerItems<I>[] = [];
    settled.forEach((s, i) => {
      const url = asked[i].url;
      if (s.status === 'fulfilled') {
        this.downUntil.delete(url);
        this.peerStatus.answered(url);
        answers.push({ url, items: itemsOf(s.value, url) });
        return;
      }
      this.peerStatus.failed(url, s.reason instanceof PeerError ? s.reason.detail : String(s.reason));
      // A failed peer (after its retries) is left out for a while, longer each time.
      const pause = Math.min((this.downUntil.get(url)?.pause ?? 2500) * 2, 300_000);
      this.downUntil.set(url, { until: Date.now() + pause, pause });
      this.log(`peer ${url} failed: ${(s.reason as Error).message}; left out for ${pause / 1000} s`);
    });
    if (answers.length < this.quorum)
      throw new NoQuorumError(
        `only ${answers.length} of ${this.peers.length} peers answered (need ${this.quorum})`,
      );
    return answers;
  }

  private noteDissenters(urls: readonly string[]): void {
    for (const url of urls) {
      this.dissenters.add(url);
      this.log(`peer ${url} disagrees with ${this.quorum} or more peers; its answer is ignored`);
    }
  }

  /** Into the peers' status: who answered a compared read alike, and where each dissenter differed. */
  private noteAgreement(
    what: string,
    answers: readonly PeerItems<unknown>[],
    divergedAt: Readonly<Record<string, number>>,
  ): void {
    const single = answers.every((a) => a.items.length <= 1);
    this.peerStatus.compared(
      answers.map((a) => a.url),
      Object.entries(divergedAt).map(([url, index]) => ({
        url,
        reason: `${what}${single ? '' : `, item ${index + 1},`} differs from what ${this.quorum} or more peers answered`,
      })),
    );
  }

  /**
   * Stores the created event blobs the peers serve (the contracts of `/v0/dso` and
   * `/v0/unclaimed-development-fund-coupons`, and those of the current network contracts the
   * store lacks, `networkBlobAnswers`) into stored contracts that have none. A blob is taken once f + 1 peers served the same one for the
   * contract id (a blob never changes, so peers at different heads still agree on it).
   */
  private async storeServedBlobs(): Promise<void> {
    const dso = await this.askPeers(
      (peer) => peer.dsoInfo(),
      (answer) => servedContracts(answer, dsoContracts),
    );
    const coupons = await this.askPeers(
      (peer) => peer.developmentFundCoupons(),
      (answer) => servedContracts(answer, (v) => v['unclaimed-development-fund-coupons']),
    );
    const network = await this.networkBlobAnswers();
    const blobs = this.agreedBlobs([...dso, ...coupons, ...network]);
    const stored = await this.writer.storeCreatedEventBlobs(blobs);
    if (stored > 0) this.log(`stored ${stored} created event blobs served by the peers`);
  }

  // ---- blobs of the current network contracts (issue 31; served-blobs.ts) ----

  /**
   * The peers' answers of the scan endpoints that serve the current network contracts the store
   * lacks a blob of (`networkBlobReads`). A read no quorum answers is logged and skipped (asked
   * again at the next catch-up); a preapproval that every answering peer left out is not asked
   * for again by this run.
   */
  private async networkBlobAnswers(): Promise<PeerItems<ServedBlob>[]> {
    const missing = await new MirrorBlobsRepository(Db.of(this.dataSource)).missingNetworkBlobs(
      PREAPPROVALS_PER_PASS,
      [...this.unservedPreapprovals],
    );
    const answers: PeerItems<ServedBlob>[] = [];
    const reads = networkBlobReads(missing);
    for (let i = 0; i < reads.length; i += PARALLEL_BLOB_READS)
      await Promise.all(
        reads.slice(i, i + PARALLEL_BLOB_READS).map(async (read) => {
          try {
            const got = await this.askPeers(read.ask, (a) => (a.absent ? [] : a.value));
            answers.push(...got);
            for (const id of read.expects ?? [])
              if (!got.some((a) => a.items.some((b) => b.contractId === id)))
                this.unservedPreapprovals.add(id);
          } catch (error) {
            if (!(error instanceof NoQuorumError || error instanceof PeerError)) throw error;
            this.log(`${read.what}: blobs not fetched: ${error.message}`);
          }
        }),
      );
    return answers;
  }

  /** Per contract id, the blob f + 1 peers served alike (peers that did not serve it abstain). */
  private agreedBlobs(answers: readonly PeerItems<ServedBlob>[]): ServedBlob[] {
    const byContract = new Map<string, Map<string, string>>();
    for (const answer of answers)
      for (const c of answer.items) {
        const votes = byContract.get(c.contractId) ?? new Map<string, string>();
        votes.set(answer.url, c.blob);
        byContract.set(c.contractId, votes);
      }
    const agreed: ServedBlob[] = [];
    for (const [contractId, votes] of byContract) {
      const voters = [...votes].map(([url, blob]) => ({ url, items: [blob] }));
      const { items, dissenters, divergedAt } = agreedPrefix(voters, this.quorum, (blob) => blob);
      this.noteDissenters(dissenters);
      if (voters.length > 1)
        this.noteAgreement(`the created event blob of contract ${contractId}`, voters, divergedAt);
      if (items.length === 1) agreed.push({ contractId, blob: items[0] });
    }
    return agreed;
  }

  private async idle(signal?: AbortSignal): Promise<void> {
    await sleep(this.idleMs, signal);
    this.idleMs = Math.min(this.idleMs * 2, this.options.maxPollMs ?? 30_000);
  }
}
