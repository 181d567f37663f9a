import type { DataSource, QueryRunner } from 'typeorm';
import { toCompact } from '../daml-value/compact';
import type { AmuletRulesPayload } from '../splice/amulet-rules.payloads';
import { dueSnapshotTimes } from '../snapshots/snapshot-schedule';
import { canonicalJson, sha256Hex } from './canonical-json';
import {
  activityOf,
  closedRoundOf,
  holdingOf,
  licenseOf,
  openRoundOf,
  Q,
  qualifiedName,
  rewardConfigAt,
  voteResultOf,
  type VoteResultFacts,
} from './derived-rows';
import {
  HistoryWriteRepository,
  type ContractRow,
  type EventRow,
  type HistoryView,
  type HoldingRow,
  type LicenseRow,
  type StoredContract,
  type UpdateRow,
} from './history-write.repository';
import type { HistoryAssignment, HistoryCreatedEvent, HistoryUnassignment } from './update-history.types';
import { parseUpdate, rejectUpdate, type ParsedTransaction, type ParsedUpdate } from './update-validation';

export interface AppendResult {
  /** Updates written by this call. */
  appended: number;
  /** Updates already stored with identical content (re-appending is a no-op). */
  skipped: number;
  contractsCreated: number;
  contractsArchived: number;
  snapshotsRecorded: string[];
}

/** A batch with its ids and content hashes computed (see `LedgerWriter.prepare`). */
export interface PreparedBatch {
  readonly updates: readonly unknown[];
  readonly ids: readonly string[];
  readonly hashes: readonly string[];
}

export interface LedgerWriterOptions {
  snapshotIntervalHours: number;
}

/** What the writer knows of a contract while it processes a batch. */
interface ContractState {
  migrationId: number;
  contractId: string;
  /** Row id when stored before this batch. */
  rowId?: string;
  /** Index into the batch's new contract rows when created in this batch. */
  newIndex?: number;
  signatories: string[];
  stakeholders: string[];
  archived: boolean;
  inFlight: boolean;
}

/** What a built batch changes in the writer's view of the history (see `WriterPipeline`). */
interface BatchDelta {
  hashes: Map<string, string>;
  lastOffset: bigint | null;
  lastRecordTimes: Map<number, string>;
  contracts: Map<string, StoredContract>;
}

/** A batch checked against the history and turned into rows, with row ids reserved: what `write` stores. */
interface BuiltBatch {
  result: Omit<AppendResult, 'snapshotsRecorded'>;
  updateRows: UpdateRow[];
  updateRowIds: Map<string, string>;
  eventRows: EventRow[];
  newContracts: ContractRow[];
  contractRowIds: string[];
  archivesOfStored: {
    rowId: string;
    updateId: string;
    nodeId: number;
    offset: string | null;
    recordTime: string;
  }[];
  reassignedStored: { rowId: string; synchronizerId: string; inFlight: boolean; counter: number }[];
  holdings: HoldingRow[];
  licenses: LicenseRow[];
  activities: object[];
  /** Opened rounds; `rules` is the AmuletRules created earlier in the batch, else the stored one applies. */
  miningRounds: {
    round: string;
    migrationId: number;
    opensAt: string;
    openedRecordTime: string;
    rules?: AmuletRulesPayload;
  }[];
  closedRounds: { round: string; recordTime: string }[];
  voteResults: (VoteResultFacts & { updateId: string; nodeId: number })[];
  migrations: number[];
  lastRecordTimes: Map<number, string>;
  lastOffset: bigint | null;
  delta: BatchDelta;
}

/**
 * Batches written one after another, each checked and built while the previous one is being
 * written (see `LedgerWriter.openPipeline`).
 */
export interface WriterPipeline {
  /** Checks and builds the next batch against the stored history plus every batch built before it. */
  build(batch: PreparedBatch): Promise<PipelinedBatch>;
  /** Writes a built batch, in build order, each once the previous write has finished. */
  write(batch: PipelinedBatch): Promise<AppendResult>;
  close(): Promise<void>;
}

/** A batch built by a `WriterPipeline` (opaque). */
export type PipelinedBatch = { readonly prepared: PreparedBatch } | { readonly built: BuiltBatch };

/**
 * The stored history as seen by a pipelined build: the committed state (read on a connection of
 * its own) overlaid with what the batches built but not yet committed change.
 */
class PendingHistoryView implements HistoryView {
  readonly pending: BatchDelta[] = [];

  constructor(private readonly base: HistoryWriteRepository) {}

  async storedHashes(updateIds: readonly string[]): Promise<Map<string, string>> {
    const hashes = await this.base.storedHashes(updateIds);
    for (const d of this.pending)
      for (const id of updateIds) if (d.hashes.has(id)) hashes.set(id, d.hashes.get(id)!);
    return hashes;
  }

  async maxLedgerOffset(): Promise<bigint | null> {
    let max = await this.base.maxLedgerOffset();
    for (const d of this.pending)
      if (d.lastOffset !== null && (max === null || d.lastOffset > max)) max = d.lastOffset;
    return max;
  }

  async lastRecordTimes(migrationIds: number[]): Promise<Map<number, string>> {
    const times = await this.base.lastRecordTimes(migrationIds);
    for (const d of this.pending)
      for (const m of migrationIds) if (d.lastRecordTimes.has(m)) times.set(m, d.lastRecordTimes.get(m)!);
    return times;
  }

  async contractsByKey(keys: { migrationId: number; contractId: string }[]): Promise<StoredContract[]> {
    const found = new Map<string, StoredContract>();
    const rest: typeof keys = [];
    for (const k of keys) {
      const kk = key(k.migrationId, k.contractId);
      let state: StoredContract | undefined;
      for (let i = this.pending.length - 1; i >= 0 && state === undefined; i--)
        state = this.pending[i].contracts.get(kk);
      if (state) found.set(kk, { ...state });
      else rest.push(k);
    }
    for (const c of await this.base.contractsByKey(rest)) found.set(key(c.migrationId, c.contractId), c);
    return [...found.values()];
  }

  allocateIds(table: 'updates' | 'contracts', count: number): Promise<string[]> {
    return this.base.allocateIds(table, count);
  }
}

/** Equal sorted party lists. */
function sameParties(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

const key = (migrationId: number, contractId: string) => `${migrationId}|${contractId}`;

function union(...lists: string[][]): string[] {
  return [...new Set(lists.flat())].sort();
}

/**
 * The one write path into the ledger history. `append` checks a batch of updates against
 * itself and the stored history and writes it in one transaction with set-based inserts
 * (one statement per table), maintaining the derived rows and the ACS snapshot schedule.
 * Nothing of a rejected batch is written.
 */
export class LedgerWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: LedgerWriterOptions,
  ) {}

  async append(updates: readonly unknown[]): Promise<AppendResult> {
    return this.appendPrepared(this.prepare(updates));
  }

  /**
   * The CPU-only part of `append` (update ids, duplicate check, content hashes), done outside
   * the transaction: a caller feeding batches in a row prepares the next one while the database
   * is busy with the previous one.
   */
  prepare(updates: readonly unknown[]): PreparedBatch {
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
    return { updates, ids, hashes: updates.map((u) => sha256Hex(canonicalJson(u))) };
  }

  async appendPrepared(batch: PreparedBatch): Promise<AppendResult> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const result = await this.appendIn(runner, batch);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  private bulkLoad?: Promise<'copy' | 'json'>;

  /** PGlite's socket server does not speak COPY FROM STDIN; real servers load fastest with it. */
  private bulkLoadMode(runner: QueryRunner): Promise<'copy' | 'json'> {
    this.bulkLoad ??= (runner.query('SELECT version() AS v') as Promise<{ v: string }[]>).then(([row]) =>
      /PGlite/i.test(row.v) ? 'json' : 'copy',
    );
    return this.bulkLoad;
  }

  private async appendIn(runner: QueryRunner, batch: PreparedBatch): Promise<AppendResult> {
    const repo = new HistoryWriteRepository(runner, await this.bulkLoadMode(runner));
    await repo.lockWriter();
    const built = await this.build(repo, batch);
    return this.write(repo, built);
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
    const writeRunner = this.dataSource.createQueryRunner();
    await writeRunner.connect();
    const mode = await this.bulkLoadMode(writeRunner);
    const poolSize = (this.dataSource.options.extra as { max?: number } | undefined)?.max ?? 10;
    if (mode === 'json' || poolSize < 2) {
      await writeRunner.release();
      return {
        build: (prepared) => Promise.resolve({ prepared }),
        write: (batch) => this.appendPrepared((batch as { prepared: PreparedBatch }).prepared),
        close: () => Promise.resolve(),
      };
    }
    const readRunner = this.dataSource.createQueryRunner();
    try {
      await readRunner.connect();
      // Held for the pipeline's life: no other writer changes what the pending view assumes.
      await new HistoryWriteRepository(writeRunner, mode).lockWriterSession();
    } catch (error) {
      await readRunner.release();
      await writeRunner.release();
      throw error;
    }
    const writeRepo = new HistoryWriteRepository(writeRunner, mode);
    const view = new PendingHistoryView(new HistoryWriteRepository(readRunner, mode));
    return {
      build: async (prepared) => {
        const built = await this.build(view, prepared);
        view.pending.push(built.delta);
        return { built };
      },
      write: async (batch) => {
        const built = (batch as { built: BuiltBatch }).built;
        try {
          await writeRunner.startTransaction();
          const result = await this.write(writeRepo, built);
          await writeRunner.commitTransaction();
          return result;
        } catch (error) {
          if (writeRunner.isTransactionActive) await writeRunner.rollbackTransaction();
          throw error;
        } finally {
          // Committed (now read from the database) or failed (the pipeline ends).
          view.pending.splice(view.pending.indexOf(built.delta), 1);
        }
      },
      close: async () => {
        try {
          await writeRepo.unlockWriterSession();
        } finally {
          await readRunner.release();
          await writeRunner.release();
        }
      },
    };
  }

  /** Checks a batch against itself and the history as `view` shows it, and turns it into rows. */
  private async build(view: HistoryView, batch: PreparedBatch): Promise<BuiltBatch> {
    const { updates: all, ids } = batch;

    // Idempotency: identical updates already stored are skipped (without the full check, so a
    // resumed ingest is cheap); the same id with different content is an error.
    const stored = await view.storedHashes(ids);
    const hashes = new Map<string, string>();
    const fresh: ParsedUpdate[] = [];
    all.forEach((u, i) => {
      const hash = batch.hashes[i];
      const storedHash = stored.get(ids[i]);
      if (storedHash === undefined) {
        hashes.set(ids[i], hash);
        fresh.push(parseUpdate(u, i));
      } else if (storedHash !== hash) {
        throw rejectUpdate(ids[i], 'is already stored with different content');
      }
    });
    if (fresh.length === 0) return this.nothingToWrite(all.length);

    let lastOffset = await view.maxLedgerOffset();
    const migrations = [...new Set(fresh.map((p) => p.migrationId))];
    const lastRecordTimes = await view.lastRecordTimes(migrations);

    // The contracts this batch touches, as stored.
    const touched: { migrationId: number; contractId: string }[] = [];
    for (const p of fresh) {
      if (p.kind === 'transaction')
        for (const n of p.nodes)
          touched.push({ migrationId: p.migrationId, contractId: n.event.contract_id });
      else if (p.kind === 'assignment')
        touched.push({
          migrationId: p.migrationId,
          contractId: (p.update as { event: HistoryAssignment }).event.created_event.contract_id,
        });
      else
        touched.push({
          migrationId: p.migrationId,
          contractId: (p.update as { event: HistoryUnassignment }).event.contract_id,
        });
    }
    const contracts = new Map<string, ContractState>();
    for (const c of await view.contractsByKey(touched)) contracts.set(key(c.migrationId, c.contractId), c);
    // AmuletRules created in this batch so far (before that, the stored one applies; see `write`).
    let amuletRules: AmuletRulesPayload | undefined;

    const updateRows: UpdateRow[] = [];
    const eventRows: EventRow[] = [];
    const newContracts: ContractRow[] = [];
    const archivesOfStored: {
      rowId: string;
      updateId: string;
      nodeId: number;
      offset: string | null;
      recordTime: string;
    }[] = [];
    const reassignedStored: { rowId: string; synchronizerId: string; inFlight: boolean; counter: number }[] =
      [];
    const voteResults: BuiltBatch['voteResults'] = [];
    const miningRounds: BuiltBatch['miningRounds'] = [];
    const closedRounds: { round: string; recordTime: string }[] = [];
    let archivedCount = 0;

    const createContract = (
      p: ParsedUpdate,
      e: HistoryCreatedEvent,
      nodeId: number,
      synchronizerId: string,
      counter: number,
    ): ContractState => {
      const updateId = p.update.update_id;
      const k = key(p.migrationId, e.contract_id);
      const existing = contracts.get(k);
      if (existing && !existing.archived)
        throw rejectUpdate(
          updateId,
          `creates contract ${e.contract_id}, which is already active in migration ${p.migrationId}`,
        );
      if (existing)
        throw rejectUpdate(
          updateId,
          `re-creates contract ${e.contract_id}, archived earlier in migration ${p.migrationId}`,
        );
      const compact = toCompact(e.create_arguments);
      const [packageId, moduleName, entityName] = e.template_id.split(':');
      const stakeholders = union(e.signatories, e.observers);
      const row: ContractRow = {
        migration_id: p.migrationId,
        contract_id: e.contract_id,
        template_id: e.template_id,
        package_id: packageId,
        package_name: e.package_name,
        module_name: moduleName,
        entity_name: entityName,
        payload_compact: compact,
        // Only a supplied blob is stored; readers derive the others from the created event.
        created_event_blob: e.created_event_blob ?? null,
        created_at: e.created_at,
        signatories: e.signatories,
        observers: e.observers,
        stakeholders,
        created_update_id: updateId,
        created_node_id: nodeId,
        created_offset: p.ledgerOffset === null ? null : p.ledgerOffset.toString(),
        created_record_time: p.recordTime,
        archived_update_id: null,
        archived_node_id: null,
        archived_offset: null,
        archived_record_time: null,
        synchronizer_id: synchronizerId,
        in_flight: false,
        reassignment_counter: counter,
      };
      const state: ContractState = {
        migrationId: p.migrationId,
        contractId: e.contract_id,
        newIndex: newContracts.length,
        signatories: e.signatories,
        stakeholders,
        archived: false,
        inFlight: false,
      };
      newContracts.push(row);
      contracts.set(k, state);
      const name = qualifiedName(e.package_name, e.template_id);
      if (name === Q.AmuletRules) amuletRules = compact as unknown as AmuletRulesPayload;
      const open = openRoundOf(name, compact);
      if (open)
        miningRounds.push({
          round: open.round,
          migrationId: p.migrationId,
          opensAt: open.opensAt,
          openedRecordTime: p.recordTime,
          rules: amuletRules,
        });
      const closed = closedRoundOf(name, compact);
      if (closed) closedRounds.push({ round: closed, recordTime: p.recordTime });
      return state;
    };

    const archive = (p: ParsedUpdate, contractId: string, nodeId: number): ContractState => {
      const updateId = p.update.update_id;
      const state = contracts.get(key(p.migrationId, contractId));
      if (!state)
        throw rejectUpdate(
          updateId,
          `archives contract ${contractId}, which is unknown in migration ${p.migrationId}`,
        );
      if (state.archived)
        throw rejectUpdate(updateId, `archives contract ${contractId}, which is already archived`);
      state.archived = true;
      archivedCount++;
      const offset = p.ledgerOffset === null ? null : p.ledgerOffset.toString();
      if (state.newIndex !== undefined) {
        const row = newContracts[state.newIndex];
        row.archived_update_id = updateId;
        row.archived_node_id = nodeId;
        row.archived_offset = offset;
        row.archived_record_time = p.recordTime;
      } else {
        archivesOfStored.push({ rowId: state.rowId!, updateId, nodeId, offset, recordTime: p.recordTime });
      }
      return state;
    };

    for (const p of fresh) {
      const updateId = p.update.update_id;
      if (p.ledgerOffset !== null) {
        if (lastOffset !== null && p.ledgerOffset <= lastOffset) {
          throw rejectUpdate(
            updateId,
            `offset ${p.ledgerOffset} does not increase (last stored or earlier in the batch: ${lastOffset})`,
          );
        }
        lastOffset = p.ledgerOffset;
        const lastTime = lastRecordTimes.get(p.migrationId);
        if (lastTime !== undefined && p.recordTime < lastTime) {
          throw rejectUpdate(
            updateId,
            `record time ${p.recordTime} is before ${lastTime}, already recorded for migration ${p.migrationId}`,
          );
        }
        lastRecordTimes.set(p.migrationId, p.recordTime);
      }
      const base = {
        update_id: updateId,
        migration_id: p.migrationId,
        record_time: p.recordTime,
        ledger_offset: p.ledgerOffset === null ? null : p.ledgerOffset.toString(),
        content_hash: hashes.get(updateId)!,
      };
      if (p.kind === 'transaction') {
        const tx = p.update as ParsedTransaction['update'];
        updateRows.push({
          ...base,
          kind: 'transaction',
          is_import: p.isImport,
          effective_at: p.effectiveAt,
          synchronizer_id: tx.synchronizer_id,
          workflow_id: tx.workflow_id,
          command_id: tx.command_id ?? '',
          external_transaction_hash: tx.external_transaction_hash ?? null,
          root_node_ids: p.rootNodeIds,
          submitter: null,
          source_synchronizer: null,
          target_synchronizer: null,
          unassign_id: null,
          reassignment_counter: null,
          reassigned_contract_id: null,
        });
        for (const node of p.nodes) {
          const e = node.event;
          if (e.event_type === 'created_event') {
            const state = createContract(p, e, node.nodeId, tx.synchronizer_id, 0);
            eventRows.push({
              update_id: updateId,
              node_id: node.nodeId,
              event_type: 'created',
              contract_id: e.contract_id,
              template_id: e.template_id,
              package_name: e.package_name,
              create_arguments: canonicalJson(e.create_arguments),
              created_at: e.created_at,
              signatories: e.signatories,
              observers: e.observers,
              choice: null,
              choice_argument: null,
              exercise_result: null,
              consuming: null,
              acting_parties: null,
              interface_id: null,
              child_node_ids: null,
              last_descendant_node_id: node.lastDescendantNodeId,
              witnesses: null,
              stakeholders: state.stakeholders,
            });
          } else {
            const state = e.consuming
              ? archive(p, e.contract_id, node.nodeId)
              : contracts.get(key(p.migrationId, e.contract_id));
            const stakeholders = state?.stakeholders ?? [];
            // Informees: a consuming exercise is seen by all stakeholders, a non-consuming one by
            // the signatories; the actors always see their exercise.
            const witnesses = union(
              e.consuming ? stakeholders : (state?.signatories ?? []),
              e.acting_parties,
            );
            const nodeStakeholders = stakeholders.length ? stakeholders : union(e.acting_parties);
            eventRows.push({
              update_id: updateId,
              node_id: node.nodeId,
              event_type: 'exercised',
              contract_id: e.contract_id,
              template_id: e.template_id,
              package_name: e.package_name,
              create_arguments: null,
              created_at: null,
              signatories: null,
              observers: null,
              choice: e.choice,
              choice_argument: e.choice_argument,
              exercise_result: e.exercise_result,
              consuming: e.consuming,
              acting_parties: e.acting_parties,
              interface_id: e.interface_id ?? null,
              child_node_ids: node.childNodeIds,
              last_descendant_node_id: node.lastDescendantNodeId,
              witnesses: sameParties(witnesses, nodeStakeholders) ? null : witnesses,
              stakeholders: nodeStakeholders,
            });
            const vote = voteResultOf(e.choice, e.exercise_result);
            if (vote) voteResults.push({ ...vote, updateId, nodeId: node.nodeId });
          }
        }
      } else if (p.kind === 'unassignment') {
        const ev = (p.update as { event: HistoryUnassignment }).event;
        const state = contracts.get(key(p.migrationId, ev.contract_id));
        if (!state || state.archived)
          throw rejectUpdate(
            updateId,
            `unassigns contract ${ev.contract_id}, which is not active in migration ${p.migrationId}`,
          );
        if (state.inFlight)
          throw rejectUpdate(updateId, `unassigns contract ${ev.contract_id}, which is already unassigned`);
        state.inFlight = true;
        this.reassign(
          state,
          newContracts,
          reassignedStored,
          ev.source_synchronizer,
          true,
          ev.reassignment_counter,
        );
        updateRows.push({
          ...base,
          kind: 'unassignment',
          is_import: false,
          effective_at: null,
          synchronizer_id: ev.source_synchronizer,
          workflow_id: '',
          command_id: '',
          external_transaction_hash: null,
          root_node_ids: null,
          submitter: ev.submitter,
          source_synchronizer: ev.source_synchronizer,
          target_synchronizer: ev.target_synchronizer,
          unassign_id: ev.unassign_id,
          reassignment_counter: ev.reassignment_counter,
          reassigned_contract_id: ev.contract_id,
        });
      } else {
        const ev = (p.update as { event: HistoryAssignment }).event;
        const ce = ev.created_event;
        const state = contracts.get(key(p.migrationId, ce.contract_id));
        let stakeholders: string[];
        if (state && !state.archived) {
          state.inFlight = false;
          this.reassign(
            state,
            newContracts,
            reassignedStored,
            ev.target_synchronizer,
            false,
            ev.reassignment_counter,
          );
          stakeholders = state.stakeholders;
        } else {
          // First seen here: the contract enters this node's history through the assignment.
          stakeholders = createContract(
            p,
            ce,
            0,
            ev.target_synchronizer,
            ev.reassignment_counter,
          ).stakeholders;
        }
        updateRows.push({
          ...base,
          kind: 'assignment',
          is_import: false,
          effective_at: null,
          synchronizer_id: ev.target_synchronizer,
          workflow_id: '',
          command_id: '',
          external_transaction_hash: null,
          root_node_ids: null,
          submitter: ev.submitter,
          source_synchronizer: ev.source_synchronizer,
          target_synchronizer: ev.target_synchronizer,
          unassign_id: ev.unassign_id,
          reassignment_counter: ev.reassignment_counter,
          reassigned_contract_id: ce.contract_id,
        });
        eventRows.push({
          update_id: updateId,
          node_id: 0,
          event_type: 'created',
          contract_id: ce.contract_id,
          template_id: ce.template_id,
          package_name: ce.package_name,
          create_arguments: canonicalJson(ce.create_arguments),
          created_at: ce.created_at,
          signatories: ce.signatories,
          observers: ce.observers,
          choice: null,
          choice_argument: null,
          exercise_result: null,
          consuming: null,
          acting_parties: null,
          interface_id: null,
          child_node_ids: null,
          last_descendant_node_id: 0,
          witnesses: null,
          stakeholders,
        });
      }
    }

    // Row ids reserved now (rows are written with them), so later batches can refer to them.
    const updateIds = await view.allocateIds('updates', updateRows.length);
    const updateRowIds = new Map(updateRows.map((r, i) => [r.update_id, updateIds[i]]));
    const contractRowIds = await view.allocateIds('contracts', newContracts.length);

    const holdings: HoldingRow[] = [];
    const licenses: LicenseRow[] = [];
    const activities: object[] = [];
    for (let i = 0; i < newContracts.length; i++) {
      const c = newContracts[i];
      const name = `${c.package_name}:${c.module_name}:${c.entity_name}`;
      const rowId = contractRowIds[i];
      const holding = holdingOf(name, c.payload_compact);
      if (holding)
        holdings.push({
          contract_row_id: rowId,
          migration_id: c.migration_id,
          ...holding,
          created_record_time: c.created_record_time,
          archived_record_time: c.archived_record_time,
        });
      const license = licenseOf(name, c.payload_compact);
      if (license) {
        licenses.push({
          contract_row_id: rowId,
          migration_id: c.migration_id,
          validator: license.validator,
          first_received_round: license.faucet?.firstReceivedFor.number ?? null,
          last_received_round: license.faucet?.lastReceivedFor.number ?? null,
          num_rounds_missed: license.faucet?.numCouponsMissed ?? null,
          created_record_time: c.created_record_time,
          archived_record_time: c.archived_record_time,
        });
      }
      const activity = activityOf(name, c.payload_compact);
      if (activity)
        activities.push({ contract_id: c.contract_id, migration_id: c.migration_id, ...activity });
    }
    const delta: BatchDelta = {
      hashes,
      lastOffset,
      lastRecordTimes: new Map(lastRecordTimes),
      contracts: new Map(),
    };
    for (const [k, state] of contracts) {
      const rowId = state.rowId ?? contractRowIds[state.newIndex!];
      delta.contracts.set(k, {
        migrationId: state.migrationId,
        contractId: state.contractId,
        rowId,
        signatories: state.signatories,
        stakeholders: state.stakeholders,
        archived: state.archived,
        inFlight: state.inFlight,
      });
    }
    return {
      result: {
        appended: fresh.length,
        skipped: all.length - fresh.length,
        contractsCreated: newContracts.length,
        contractsArchived: archivedCount,
      },
      updateRows,
      updateRowIds,
      eventRows,
      newContracts,
      contractRowIds,
      archivesOfStored,
      reassignedStored,
      holdings,
      licenses,
      activities,
      miningRounds,
      closedRounds,
      voteResults,
      migrations,
      lastRecordTimes,
      lastOffset,
      delta,
    };
  }

  /** A batch whose updates are all stored already: it changes nothing. */
  private nothingToWrite(skipped: number): BuiltBatch {
    return {
      result: { appended: 0, skipped, contractsCreated: 0, contractsArchived: 0 },
      updateRows: [],
      updateRowIds: new Map(),
      eventRows: [],
      newContracts: [],
      contractRowIds: [],
      archivesOfStored: [],
      reassignedStored: [],
      holdings: [],
      licenses: [],
      activities: [],
      miningRounds: [],
      closedRounds: [],
      voteResults: [],
      migrations: [],
      lastRecordTimes: new Map(),
      lastOffset: null,
      delta: { hashes: new Map(), lastOffset: null, lastRecordTimes: new Map(), contracts: new Map() },
    };
  }

  /** Writes a built batch in the transaction of `repo` (set-based, one statement per table). */
  private async write(repo: HistoryWriteRepository, b: BuiltBatch): Promise<AppendResult> {
    // The writer lock is held already: by `appendIn`'s transaction, or by the pipeline's session.
    if (b.result.appended === 0) return { ...b.result, snapshotsRecorded: [] };
    // The reward configuration of a round opened before any AmuletRules of its batch: the stored
    // rules (read before this batch's contracts are).
    const storedRules = b.miningRounds.some((m) => !m.rules) ? await repo.latestAmuletRules() : undefined;
    await repo.insertUpdates(b.updateRows, b.updateRowIds);
    await repo.insertEvents(b.eventRows, b.updateRowIds);
    await repo.insertContracts(b.newContracts, b.contractRowIds, b.updateRowIds);
    await repo.archiveStored(b.archivesOfStored, b.updateRowIds);
    await repo.applyReassignments(b.reassignedStored);
    await repo.insertHoldings(b.holdings);
    await repo.insertLicenses(b.licenses);
    await repo.insertActivities(b.activities);
    await repo.archiveDerived(b.archivesOfStored);
    await repo.insertMiningRounds(
      b.miningRounds.map(({ rules, ...m }) => {
        const applying = rules ?? storedRules;
        const reward = applying ? rewardConfigAt(applying, m.opensAt) : undefined;
        return {
          ...m,
          pool: reward?.pool ?? null,
          threshold: reward?.threshold ?? null,
          cap: reward?.capPerWeight ?? null,
        };
      }),
    );
    await repo.closeMiningRounds(b.closedRounds);
    await repo.insertVoteResults(b.voteResults, b.updateRowIds);

    const snapshotsRecorded = await this.recordSnapshots(repo, b.migrations, b.lastRecordTimes);
    // Delivered on commit: live readers (ledger streams) in any process learn of new updates.
    if (b.lastOffset !== null) await repo.notifyAppended(b.lastOffset.toString());
    return { ...b.result, snapshotsRecorded };
  }

  private reassign(
    state: ContractState,
    newContracts: ContractRow[],
    reassignedStored: { rowId: string; synchronizerId: string; inFlight: boolean; counter: number }[],
    synchronizerId: string,
    inFlight: boolean,
    counter: number,
  ): void {
    if (state.newIndex !== undefined) {
      const row = newContracts[state.newIndex];
      row.synchronizer_id = synchronizerId;
      row.in_flight = inFlight;
      row.reassignment_counter = counter;
    } else {
      reassignedStored.push({ rowId: state.rowId!, synchronizerId, inFlight, counter });
    }
  }

  private async recordSnapshots(
    repo: HistoryWriteRepository,
    migrations: number[],
    reached: Map<number, string>,
  ): Promise<string[]> {
    const recorded: string[] = [];
    const facts = await repo.snapshotFacts(migrations);
    for (const migrationId of migrations) {
      const f = facts.get(migrationId);
      const last = reached.get(migrationId);
      if (!f?.firstNonImport || !last) continue;
      const due = dueSnapshotTimes(
        f.firstNonImport,
        f.lastSnapshot,
        last,
        this.options.snapshotIntervalHours,
      );
      if (due.length) {
        await repo.insertSnapshots(migrationId, due);
        recorded.push(...due);
      }
    }
    return recorded;
  }
}
