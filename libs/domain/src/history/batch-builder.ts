import { BatchContracts, touchedContracts, type StoredContract } from './contract-states';
import { BatchDerivedFacts, contractDerivedRows, voteResultRows, type OpenedRound } from './derived-batch';
import type { DerivedTableWrites, EncodedDerivedRows } from './derived-write.repository';
import {
  createdEventRow,
  exercisedEventRow,
  reassignmentUpdateRow,
  resolveContractRowIds,
  transactionUpdateRow,
  updateBase,
  type EventDraft,
  type UpdateDraft,
} from './history-row-builder';
import type { EncodedHistoryRows, HistoryTableWrites, HistoryView } from './history-write.repository';
import { checkOffset, type OffsetBounds, type OffsetRange } from './offset-bounds';
import type { VerdictRow } from '../scan/events/verdict-item';
import type { HostingRow } from '../scan/hosting/hosting-item';
import type { HistoryAssignment, HistoryCreatedEvent, HistoryUnassignment } from './update-history.types';
import {
  parseUpdate,
  rejectUpdate,
  type ParsedTransaction,
  type ParsedUpdate,
  type PayloadEncoding,
} from './update-validation';

/** A batch with its ids and content hashes computed (see `LedgerWriter.prepare`). */
export interface PreparedBatch {
  readonly updates: readonly unknown[];
  readonly ids: readonly string[];
  readonly hashes: readonly string[];
  /** The canonical JSON of create arguments met while hashing, by arguments object (optional). */
  readonly argumentTexts?: ReadonlyMap<object, string>;
  /** Whether the blobs of the batch's contracts may be derived when not supplied (`LedgerWriterOptions.createdEventBlobs`). */
  readonly blobsDerivable?: boolean;
  /** `AppendOptions.migrationFromStart`. */
  readonly migrationFromStart?: boolean;
  /** How the updates' payloads are encoded (`LedgerWriterOptions.payloadEncoding`; default lossless). */
  readonly payloadEncoding?: PayloadEncoding;
  /** The batch's verdict items, checked (docs/events.md). */
  readonly verdicts?: readonly VerdictRow[];
  /** Whether the store carries the verdicts of the migrations this batch brings (`LedgerWriterOptions.synchronizerVerdicts`). */
  readonly verdictsHeld?: boolean;
  /**
   * The verdicts are copied (a mirror): each must be of a migration whose verdicts the store
   * holds, or the batch is rejected.
   */
  readonly verdictsCopied?: boolean;
  /** Whether the store carries the party-to-participant topology of the migrations this batch brings (default true). */
  readonly hostingHeld?: boolean;
  /** The batch's hosting items, checked (docs/hosting.md). */
  readonly hosting?: readonly HostingRow[];
}

/** What the writer records of a migration when a batch brings its first update (see `recordHeldMigrations`). */
export interface MigrationStart {
  migrationId: number;
  /** The migration's first update in the batch is an import update. */
  opensWithImports: boolean;
}

export interface BatchCounts {
  /** Updates written by this call. */
  appended: number;
  /** Updates already stored with identical content (re-appending is a no-op). */
  skipped: number;
  contractsCreated: number;
  contractsArchived: number;
}

/** What a built batch changes in the writer's view of the history (see `WriterPipeline`). */
export interface BatchDelta {
  hashes: Map<string, string>;
  /** Per migration, the least and greatest offsets the batch brings. */
  offsets: Map<number, OffsetRange>;
  lastRecordTimes: Map<number, string>;
  contracts: Map<string, StoredContract>;
}

/**
 * A batch checked against the history and turned into rows, with row ids reserved. What is
 * left for the write: the derived rows that depend on the committed state at write time (the
 * reward configuration of rounds opened before any AmuletRules of the batch, snapshots due).
 */
export interface BuiltBatch {
  result: BatchCounts;
  history: HistoryTableWrites;
  derived: Omit<DerivedTableWrites, 'miningRounds' | 'snapshots'> & { openedRounds: OpenedRound[] };
  /** The migrations the batch touches, in order of appearance. */
  migrations: number[];
  /** Per migration touched, how the batch's part of it begins. */
  migrationStarts: MigrationStart[];
  /** `PreparedBatch.migrationFromStart`. */
  migrationFromStart?: boolean;
  /** `PreparedBatch.verdicts`, written after the updates. */
  verdicts: readonly VerdictRow[];
  /** `PreparedBatch.verdictsHeld`. */
  verdictsHeld: boolean;
  /** `PreparedBatch.verdictsCopied`. */
  verdictsCopied?: boolean;
  /** `PreparedBatch.hostingHeld` (default true). */
  hostingHeld?: boolean;
  /** `PreparedBatch.hosting`, written with the verdicts. */
  hosting?: readonly HostingRow[];
  /** Newest non-import record time per migration once the batch is stored. */
  lastRecordTimes: Map<number, string>;
  /** The greatest offset the batch brings (the ledger end it announces). */
  lastOffset: bigint | null;
  delta: BatchDelta;
  /** The rows loaded by COPY as COPY text, when encoded before the write (`encodeBuiltBatch`). */
  encoded?: { history: EncodedHistoryRows; derived: EncodedDerivedRows };
}

/** Checks a batch against itself and the history as `view` shows it, and turns it into rows. */
export async function buildBatch(view: HistoryView, batch: PreparedBatch): Promise<BuiltBatch> {
  // Idempotency: identical updates already stored are skipped (without the full check, so a
  // resumed ingest is cheap); the same id with different content is an error.
  const stored = await view.storedHashes(batch.ids);
  const { fresh, hashes } = freshUpdates(batch, stored);
  if (fresh.length === 0)
    return {
      ...nothingToWrite(batch.updates.length),
      verdicts: batch.verdicts ?? [],
      verdictsCopied: batch.verdictsCopied,
      hosting: batch.hosting ?? [],
    };

  const migrations = [...new Set(fresh.map((p) => p.migrationId))];
  const offsetBounds = await view.offsetBounds(migrations);
  const lastRecordTimes = await view.lastRecordTimes(migrations);
  const contracts = await view.contractsByKey(touchedContracts(fresh));

  const builder = new BatchBuilder(hashes, offsetBounds, lastRecordTimes, contracts, batch.argumentTexts);
  for (const p of fresh) builder.add(p);

  // Row ids reserved now (rows are written with them), so later batches can refer to them.
  const updateIds = await view.allocateIds('updates', builder.updates.length);
  const contractIds = await view.allocateIds('contracts', builder.contracts.created.length);
  const built = builder.finish(batch.updates.length, migrations, updateIds, contractIds);
  if (batch.blobsDerivable === false)
    for (const c of built.history.contracts) c.created_event_blob_derivable = false;
  built.migrationStarts = migrations.map((m) => ({
    migrationId: m,
    opensWithImports: isImportUpdate(fresh.find((p) => p.migrationId === m)!),
  }));
  built.migrationFromStart = batch.migrationFromStart;
  built.verdicts = batch.verdicts ?? [];
  built.verdictsHeld = batch.verdictsHeld ?? true;
  built.verdictsCopied = batch.verdictsCopied;
  built.hostingHeld = batch.hostingHeld ?? true;
  built.hosting = batch.hosting ?? [];
  return built;
}

function isImportUpdate(p: ParsedUpdate): boolean {
  return p.kind === 'transaction' && p.isImport;
}

function freshUpdates(
  batch: PreparedBatch,
  stored: Map<string, string>,
): { fresh: ParsedUpdate[]; hashes: Map<string, string> } {
  const { updates, ids } = batch;
  const hashes = new Map<string, string>();
  const fresh: ParsedUpdate[] = [];
  updates.forEach((u, i) => {
    const hash = batch.hashes[i];
    const storedHash = stored.get(ids[i]);
    if (storedHash === undefined) {
      hashes.set(ids[i], hash);
      fresh.push(parseUpdate(u, i, batch.payloadEncoding));
    } else if (storedHash !== hash) {
      throw rejectUpdate(ids[i], 'is already stored with different content');
    }
  });
  return { fresh, hashes };
}

/** A batch whose updates are all stored already: it changes nothing. */
function nothingToWrite(skipped: number): BuiltBatch {
  return {
    result: { appended: 0, skipped, contractsCreated: 0, contractsArchived: 0 },
    history: { updates: [], events: [], contracts: [], archivesOfStored: [], reassignedStored: [] },
    derived: {
      holdings: [],
      licenses: [],
      archivedContracts: [],
      openedRounds: [],
      closedRounds: [],
      voteResults: [],
    },
    migrations: [],
    migrationStarts: [],
    verdicts: [],
    verdictsHeld: true,
    lastRecordTimes: new Map(),
    lastOffset: null,
    delta: { hashes: new Map(), offsets: new Map(), lastRecordTimes: new Map(), contracts: new Map() },
  };
}

/** Turns a batch's fresh updates, in order, into rows, checking each against what precedes it. */
class BatchBuilder {
  readonly updates: UpdateDraft[] = [];
  readonly events: EventDraft[] = [];
  /** Per event, the index of its update in `updates`. */
  private readonly eventUpdates: number[] = [];
  readonly contracts: BatchContracts;
  readonly derived = new BatchDerivedFacts();
  private appended = 0;
  /** Per migration, the offsets of the batch's updates so far. */
  private readonly offsets = new Map<number, OffsetRange>();

  constructor(
    private readonly hashes: Map<string, string>,
    private readonly offsetBounds: ReadonlyMap<number, OffsetBounds>,
    private readonly lastRecordTimes: Map<number, string>,
    stored: readonly StoredContract[],
    private readonly argumentTexts: ReadonlyMap<object, string> | undefined,
  ) {
    this.contracts = new BatchContracts(stored);
  }

  add(p: ParsedUpdate): void {
    this.checkOrder(p);
    this.appended++;
    if (p.kind === 'transaction') this.addTransaction(p);
    else if (p.kind === 'unassignment') this.addUnassignment(p);
    else this.addAssignment(p);
  }

  /**
   * Offsets increase within a migration and with the migrations: an offset is above every offset
   * of its migration and the earlier ones, and either above every offset stored (as when the
   * history is written in order) or below every offset of the later migrations (a migration
   * written while a later one is, docs/offsets-and-ids.md "Offsets across migrations"); record
   * times do not go back within a migration.
   */
  private checkOrder(p: ParsedUpdate): void {
    if (isImportUpdate(p)) return;
    const updateId = p.update.update_id;
    // Compact-only updates record no offset (docs/compact-only.md); their record times still count.
    const offset = p.ledgerOffset;
    if (offset !== null) {
      checkOffset(this.offsetBounds.get(p.migrationId), this.offsets, p.migrationId, offset, updateId);
      const range = this.offsets.get(p.migrationId);
      if (range) range.last = offset;
      else this.offsets.set(p.migrationId, { first: offset, last: offset });
    }
    const lastTime = this.lastRecordTimes.get(p.migrationId);
    if (lastTime !== undefined && p.recordTime < lastTime) {
      throw rejectUpdate(
        updateId,
        `record time ${p.recordTime} is before ${lastTime}, already recorded for migration ${p.migrationId}`,
      );
    }
    this.lastRecordTimes.set(p.migrationId, p.recordTime);
  }

  private base(p: ParsedUpdate) {
    return updateBase(p, this.hashes.get(p.update.update_id)!);
  }

  private addEvent(row: EventDraft): void {
    this.events.push(row);
    this.eventUpdates.push(this.updates.length - 1);
  }

  private argumentsText(e: HistoryCreatedEvent): string | undefined {
    return this.argumentTexts?.get(e.create_arguments);
  }

  private addTransaction(p: ParsedTransaction): void {
    const updateId = p.update.update_id;
    this.updates.push(transactionUpdateRow(this.base(p), p));
    for (const node of p.nodes) {
      const e = node.event;
      if (e.event_type === 'created_event') {
        const state = this.contracts.create(p, e, node.nodeId, p.update.synchronizer_id, 0);
        this.derived.contractCreated(p, this.contracts.created[state.newIndex!]);
        this.addEvent(
          createdEventRow(
            p.migrationId,
            node.nodeId,
            node.lastDescendantNodeId,
            e,
            state.stakeholders,
            this.argumentsText(e),
          ),
        );
      } else {
        const state = e.consuming
          ? this.contracts.archive(p, e.contract_id, node.nodeId)
          : this.contracts.get(p.migrationId, e.contract_id);
        this.addEvent(exercisedEventRow(p.migrationId, node, e, state));
        this.derived.exercised(updateId, node.nodeId, e, p.compactOnly);
      }
    }
  }

  private addUnassignment(p: ParsedUpdate): void {
    const ev = (p.update as { event: HistoryUnassignment }).event;
    this.contracts.unassign(p, ev);
    this.updates.push(reassignmentUpdateRow(this.base(p), ev, 'unassignment', ev.contract_id));
  }

  private addAssignment(p: ParsedUpdate): void {
    const ev = (p.update as { event: HistoryAssignment }).event;
    const ce = ev.created_event;
    const { state, created } = this.contracts.assign(p, ev);
    if (created) this.derived.contractCreated(p, this.contracts.created[state.newIndex!]);
    this.updates.push(reassignmentUpdateRow(this.base(p), ev, 'assignment', ce.contract_id));
    this.addEvent(createdEventRow(p.migrationId, 0, 0, ce, state.stakeholders, this.argumentsText(ce)));
  }

  /** The batch's rows with their reserved row ids, and what it changes in the writer's view. */
  finish(total: number, migrations: number[], updateIds: string[], contractIds: string[]): BuiltBatch {
    const updateRowIds = new Map<string, string>();
    this.updates.forEach((r, i) => {
      r.row_id = updateIds[i];
      updateRowIds.set(r.update_id, updateIds[i]);
    });
    this.events.forEach((e, i) => (e.update_row_id = updateIds[this.eventUpdates[i]]));
    const contracts = this.contracts.created.map((c, i) =>
      resolveContractRowIds(c, contractIds[i], updateRowIds),
    );
    const { archivesOfStored, reassignedStored } = this.contracts;
    return {
      result: {
        appended: this.appended,
        skipped: total - this.appended,
        contractsCreated: contracts.length,
        contractsArchived: this.contracts.archivedCount,
      },
      history: {
        updates: this.updates,
        events: this.events,
        contracts,
        archivesOfStored: archivesOfStored.map((a) => ({ ...a, updateRowId: updateRowIds.get(a.updateId)! })),
        reassignedStored,
      },
      derived: {
        ...contractDerivedRows(contracts),
        archivedContracts: archivesOfStored,
        openedRounds: this.derived.openedRounds,
        closedRounds: this.derived.closedRounds,
        voteResults: voteResultRows(this.derived.voteResults, updateRowIds),
      },
      migrations,
      migrationStarts: [],
      verdicts: [],
      verdictsHeld: true,
      lastRecordTimes: this.lastRecordTimes,
      lastOffset: this.lastOffsetOfBatch(),
      delta: this.delta(contractIds),
    };
  }

  private lastOffsetOfBatch(): bigint | null {
    let last: bigint | null = null;
    for (const r of this.offsets.values()) if (last === null || r.last > last) last = r.last;
    return last;
  }

  private delta(contractIds: string[]): BatchDelta {
    const delta: BatchDelta = {
      hashes: this.hashes,
      offsets: this.offsets,
      lastRecordTimes: new Map(this.lastRecordTimes),
      contracts: new Map(),
    };
    for (const [k, state] of this.contracts.entries()) {
      delta.contracts.set(k, {
        migrationId: state.migrationId,
        contractId: state.contractId,
        rowId: state.rowId ?? contractIds[state.newIndex!],
        signatories: state.signatories,
        stakeholders: state.stakeholders,
        archived: state.archived,
        inFlight: state.inFlight,
      });
    }
    return delta;
  }
}
