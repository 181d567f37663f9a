import type { DataSource } from 'typeorm';
import { Db } from '../database/db';
import { buildBatch, type BuiltBatch, type PreparedBatch } from './batch-builder';
import { writeBuiltBatch, type AppendResult } from './batch-write';
import { canonicalJsonCapturing, sha256Hex } from './canonical-json';
import { HistoryWriteRepository } from './history-write.repository';
import { assignPartyIds } from './party-ids';
import { assignTemplateIds } from './template-ids';
import { assignSynchronizerIds } from './synchronizer-ids';
import { requireSnapshotInterval } from '../snapshots/snapshot-schedule';
import { rejectUpdate, type PayloadEncoding } from './update-validation';
import { isVerdictItem, parseVerdictItem, type VerdictRow } from '../scan/events/verdict-item';
import { isHostingItem, parseHostingItem, type HostingRow } from '../scan/hosting/hosting-item';
import { openConcurrentPipeline, type PipelinedBatch, type WriterPipeline } from './writer-pipeline';

export type { AppendResult, PreparedBatch, PipelinedBatch, WriterPipeline };

// A batch written on its own looks its parties, templates and synchronizers up in the
// dictionaries (a statement each, when it brings new ones): ids cached across transactions could
// outlive the rows they name (a rolled back batch, a store reset).
const NO_PARTY_IDS: ReadonlyMap<string, number> = new Map();
const NO_TEMPLATE_IDS: ReadonlyMap<string, number> = new Map();
const NO_SYNCHRONIZER_IDS: ReadonlyMap<string, number> = new Map();

export interface LedgerWriterOptions {
  snapshotIntervalHours: number;
  /**
   * Whether the blob of a contract whose created event supplies none may be derived on read from
   * the creating event (`derive`, the default: simulated or ingested history) or must come from a
   * peer (`supplied-only`: mirrored history; docs/current-contracts.md "Created event blobs").
   */
  createdEventBlobs?: 'derive' | 'supplied-only';
  /**
   * How the payloads of the updates appended are encoded: `lossless` (the default) or `compact`
   * (compact-only history: stored as given and marked so; docs/compact-only.md).
   */
  payloadEncoding?: PayloadEncoding;
  /**
   * Whether the history written carries its synchronizer's verdicts (`ingested`, the default:
   * simulated or ingested history, whose verdict items come with the updates), or not (`absent`:
   * the update history only), or per migration (`copied`: a scan mirror, which copies them from
   * its peers where f + 1 of them serve them, and says so per batch with
   * `AppendOptions.verdictsHeld`). Recorded per migration; reward accounting and `/v0/events`
   * answer that they cannot tell for a migration without them (docs/events.md).
   *
   * Hosting items (the synchronizer's topology, docs/hosting.md) are taken by an `ingested`
   * writer only, unless `hostingItems` says otherwise.
   */
  synchronizerVerdicts?: 'ingested' | 'absent' | 'copied';
  /**
   * Whether hosting items are accepted, and where they come from: by default only an `ingested`
   * writer takes them, as the history's own (`history`); a writer that copies the topology from
   * elsewhere passes `history` (and `AppendOptions.hostingHeld`), and a scan mirror, which copies
   * the hosting its peers agree on, passes `peers` (stored as copied; docs/hosting.md "On a mirror").
   */
  hostingItems?: 'history' | 'peers';
  /** Told of every committed batch (metrics); the domain knows no metrics library. */
  observer?: WriterObserver;
}

/** What a caller learns of each committed batch (e.g. to count appended updates for metrics). */
export interface WriterObserver {
  /**
   * After a batch is committed: the updates it wrote (those already stored are not counted) and
   * the newest non-import record time it stored, if any.
   */
  appended(count: number, newestRecordTime: string | undefined): void;
}

/** The newest of the per-migration record times a batch leaves (ISO-8601 UTC, so they sort as text). */
function newestOf(lastRecordTimes: ReadonlyMap<number, string>): string | undefined {
  let newest: string | undefined;
  for (const time of lastRecordTimes.values()) if (newest === undefined || time > newest) newest = time;
  return newest;
}

/** What the caller knows of a batch beyond its updates. */
export interface AppendOptions {
  /**
   * For a migration the batch brings (no update of it stored yet): whether the store then holds
   * it from its start (scan `migration-info` `complete`). Default: it does when it is migration 0,
   * an earlier migration is held, or the migration opens with its import updates. Ignored for
   * migrations already held (the first batch decides).
   */
  migrationFromStart?: boolean;
  /**
   * For a migration the batch brings, with a `copied` writer: whether the store carries its
   * verdicts (`history_migrations.verdicts_held`; default false). A `copied` writer refuses a
   * verdict item of a migration held without them. Ignored by the other writers (theirs is
   * `synchronizerVerdicts`) and for migrations already held.
   */
  verdictsHeld?: boolean;
  /**
   * For a migration the batch brings: whether the store carries its party-to-participant
   * topology (`history_migrations.hosting_held`, docs/hosting.md). Default: true for an
   * `ingested` writer, false for the others. Ignored for migrations already held.
   */
  hostingHeld?: boolean;
}

/**
 * The one write path into the ledger history. `append` checks a batch of updates against
 * itself and the stored history and writes it in one transaction with set-based inserts
 * (one statement per table), maintaining the derived rows and the ACS snapshot schedule.
 * Nothing of a rejected batch is written.
 */
export class LedgerWriter {
  private readonly db: Db;

  constructor(
    dataSource: DataSource,
    private readonly options: LedgerWriterOptions,
  ) {
    requireSnapshotInterval(options.snapshotIntervalHours);
    this.db = Db.of(dataSource);
  }

  /**
   * Appends updates and the verdict and hosting items that come with them (`HistoryVerdictItem`,
   * `HistoryHostingItem`), in one transaction.
   */
  async append(items: readonly unknown[], options: AppendOptions = {}): Promise<AppendResult> {
    return this.appendPrepared(this.prepare(items, options));
  }

  /**
   * The CPU-only part of `append` (update ids, duplicate check, content hashes), done outside
   * the transaction: a caller feeding batches in a row prepares the next one while the database
   * is busy with the previous one.
   */
  prepare(items: readonly unknown[], options: AppendOptions = {}): PreparedBatch {
    // Verdict items travel with the updates (docs/events.md); they are checked here, written after them.
    const updates: unknown[] = [];
    const verdicts: VerdictRow[] = [];
    // Hosting items (docs/hosting.md) likewise: the synchronizer's topology, stored with the batch.
    const hosting: HostingRow[] = [];
    items.forEach((item, i) => {
      if (isVerdictItem(item)) verdicts.push(parseVerdictItem(item, i));
      else if (isHostingItem(item)) hosting.push(parseHostingItem(item, i));
      else updates.push(item);
    });
    const mode = this.options.synchronizerVerdicts ?? 'ingested';
    if (verdicts.length > 0 && mode === 'absent')
      throw rejectUpdate(
        verdicts[0].update_id,
        'a writer for history without verdicts was given a verdict item',
      );
    const hostingAccepted = this.options.hostingItems !== undefined || mode === 'ingested';
    const copied = this.options.hostingItems === 'peers';
    if (hosting.length > 0 && !hostingAccepted)
      throw rejectUpdate(
        hosting[0].party_id,
        'a writer for history without synchronizer facts was given a hosting item',
      );
    const ids = updates.map((u, i) => {
      const id = (u as { update_id?: unknown } | null)?.update_id;
      if (typeof id !== 'string' || id === '')
        throw rejectUpdate(`#${i}`, 'update_id must be a non-empty string');
      return id;
    });
    if (new Set(ids).size !== ids.length) {
      const dup = ids.find((id, i) => ids.indexOf(id) !== i)!;
      throw rejectUpdate(dup, 'appears twice in the batch');
    }
    // The create arguments' canonical JSON is kept for the events rows (not serialised twice).
    const argumentTexts = new Map<object, string>();
    return {
      updates,
      ids,
      hashes: updates.map((u) => sha256Hex(canonicalJsonCapturing(u, 'create_arguments', argumentTexts))),
      argumentTexts,
      blobsDerivable: this.options.createdEventBlobs !== 'supplied-only',
      migrationFromStart: options.migrationFromStart,
      payloadEncoding: this.options.payloadEncoding,
      verdicts,
      verdictsHeld: mode === 'copied' ? (options.verdictsHeld ?? false) : mode === 'ingested',
      verdictsCopied: mode === 'copied',
      hostingHeld: options.hostingHeld ?? mode === 'ingested',
      hosting: copied ? hosting.map((row) => ({ ...row, source: 'peers' as const })) : hosting,
    };
  }

  /** Checks and writes a prepared batch in one transaction, under the writer lock. */
  async appendPrepared(batch: PreparedBatch): Promise<AppendResult> {
    let built: BuiltBatch | undefined;
    const result = await this.db.transaction(async (tx) => {
      const history = new HistoryWriteRepository(tx);
      await history.lockWriter();
      built = await buildBatch(history, batch);
      await assignPartyIds(tx, built, NO_PARTY_IDS);
      await assignTemplateIds(tx, built.history, NO_TEMPLATE_IDS);
      await assignSynchronizerIds(tx, built.history, NO_SYNCHRONIZER_IDS);
      return writeBuiltBatch(tx, built, this.options.snapshotIntervalHours);
    });
    this.notify(result, built);
    return result;
  }

  /**
   * Stores created event blobs supplied after the fact (the mirror's peers serve them apart from
   * the history) into the contracts that have none, in one transaction; a stored blob is never
   * replaced. Returns the number of contract rows filled.
   */
  async storeCreatedEventBlobs(blobs: readonly { contractId: string; blob: string }[]): Promise<number> {
    return this.db.transaction((tx) => new HistoryWriteRepository(tx).storeCreatedEventBlobs(blobs));
  }

  /**
   * Opens a pipeline for a run of batches (the ingest): while one batch is written, the next is
   * checked and built against the stored history plus the batches built before it, on a second
   * connection, so the database's work overlaps the writer's. The pipeline holds the writer lock
   * (and two connections) until closed. A failed write ends it: the batches built after the
   * failing one are not written. On the embedded database (one connection at a time), or with
   * a pool of one connection, batches are built and written in turn.
   */
  async openPipeline(): Promise<WriterPipeline> {
    if ((await this.db.backend()) === 'embedded' || this.db.poolSize < 2) {
      return {
        build: (prepared) => Promise.resolve({ prepared }),
        write: (batch) => this.appendPrepared((batch as { prepared: PreparedBatch }).prepared),
        close: () => Promise.resolve(),
      };
    }
    const pipeline = await openConcurrentPipeline(this.db, this.options.snapshotIntervalHours);
    if (!this.options.observer) return pipeline;
    return {
      build: (prepared) => pipeline.build(prepared),
      write: async (batch) => {
        const result = await pipeline.write(batch);
        this.notify(result, 'built' in batch ? batch.built : undefined);
        return result;
      },
      close: () => pipeline.close(),
    };
  }

  private notify(result: AppendResult, built: BuiltBatch | undefined): void {
    if (result.appended > 0 && built)
      this.options.observer?.appended(result.appended, newestOf(built.lastRecordTimes));
  }
}
