import { contractRow, offsetText, SYNCHRONIZER_ID_PENDING, type ContractDraft } from './history-row-builder';
import type { HistoryAssignment, HistoryCreatedEvent, HistoryUnassignment } from './update-history.types';
import { rejectUpdate, type ParsedUpdate } from './update-validation';

/** A stored contract as far as the writer's checks go. */
export interface StoredContract {
  migrationId: number;
  contractId: string;
  rowId: string;
  signatories: string[];
  stakeholders: string[];
  archived: boolean;
  inFlight: boolean;
}

export interface ContractKey {
  migrationId: number;
  contractId: string;
}

/** What the writer knows of a contract while it processes a batch. */
export interface ContractState {
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

/** A contract stored before the batch, archived by it. */
export interface StoredArchive {
  rowId: string;
  migrationId: number;
  updateId: string;
  nodeId: number;
  offset: string | null;
  recordTime: string;
}

/** A contract stored before the batch, reassigned by it. */
export interface StoredReassignment {
  rowId: string;
  migrationId: number;
  synchronizerId: string;
  /** `synchronizers.id` of `synchronizerId` (set by `assignSynchronizerIds`). */
  synchronizer: number;
  inFlight: boolean;
  counter: number;
}

export const contractKey = (migrationId: number, contractId: string) => `${migrationId}|${contractId}`;

/** The contracts a batch's updates touch: what the checks need to know of the stored ones. */
export function touchedContracts(fresh: readonly ParsedUpdate[]): ContractKey[] {
  const touched: ContractKey[] = [];
  for (const p of fresh) {
    if (p.kind === 'transaction')
      for (const n of p.nodes) touched.push({ migrationId: p.migrationId, contractId: n.event.contract_id });
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
  return touched;
}

/**
 * The state machine of the contracts a batch touches (created, archived, unassigned,
 * assigned), starting from their stored state: rejects what the history does not allow, and
 * records the changes as new contract rows or as changes to stored ones.
 */
export class BatchContracts {
  /** Rows of the contracts created (or first assigned) in the batch, in creation order. */
  readonly created: ContractDraft[] = [];
  readonly archivesOfStored: StoredArchive[] = [];
  readonly reassignedStored: StoredReassignment[] = [];
  archivedCount = 0;
  private readonly states = new Map<string, ContractState>();

  constructor(stored: readonly StoredContract[]) {
    for (const c of stored) this.states.set(contractKey(c.migrationId, c.contractId), c);
  }

  get(migrationId: number, contractId: string): ContractState | undefined {
    return this.states.get(contractKey(migrationId, contractId));
  }

  /** Every contract touched, by key, with its state after the batch. */
  entries(): IterableIterator<[string, ContractState]> {
    return this.states.entries();
  }

  create(
    p: ParsedUpdate,
    e: HistoryCreatedEvent,
    nodeId: number,
    synchronizerId: string,
    counter: number,
  ): ContractState {
    const updateId = p.update.update_id;
    const k = contractKey(p.migrationId, e.contract_id);
    const existing = this.states.get(k);
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
    const row = contractRow(p, e, nodeId, synchronizerId, counter);
    const state: ContractState = {
      migrationId: p.migrationId,
      contractId: e.contract_id,
      newIndex: this.created.length,
      signatories: e.signatories,
      stakeholders: row.stakeholders,
      archived: false,
      inFlight: false,
    };
    this.created.push(row);
    this.states.set(k, state);
    return state;
  }

  archive(p: ParsedUpdate, contractId: string, nodeId: number): ContractState {
    const updateId = p.update.update_id;
    const state = this.get(p.migrationId, contractId);
    if (!state)
      throw rejectUpdate(
        updateId,
        `archives contract ${contractId}, which is unknown in migration ${p.migrationId}`,
      );
    if (state.archived)
      throw rejectUpdate(updateId, `archives contract ${contractId}, which is already archived`);
    state.archived = true;
    this.archivedCount++;
    const offset = offsetText(p);
    if (state.newIndex !== undefined) {
      const row = this.created[state.newIndex];
      row.archived_update_id = updateId;
      row.archived_node_id = nodeId;
      row.archived_offset = offset;
      row.archived_record_time = p.recordTime;
    } else {
      this.archivesOfStored.push({
        rowId: state.rowId!,
        migrationId: state.migrationId,
        updateId,
        nodeId,
        offset,
        recordTime: p.recordTime,
      });
    }
    return state;
  }

  unassign(p: ParsedUpdate, ev: HistoryUnassignment): void {
    const updateId = p.update.update_id;
    const state = this.get(p.migrationId, ev.contract_id);
    if (!state || state.archived)
      throw rejectUpdate(
        updateId,
        `unassigns contract ${ev.contract_id}, which is not active in migration ${p.migrationId}`,
      );
    if (state.inFlight)
      throw rejectUpdate(updateId, `unassigns contract ${ev.contract_id}, which is already unassigned`);
    state.inFlight = true;
    this.reassign(state, ev.source_synchronizer, true, ev.reassignment_counter);
  }

  /**
   * Assigns a contract; one not active here is first seen through the assignment and enters
   * this node's history with it (`created` then tells).
   */
  assign(p: ParsedUpdate, ev: HistoryAssignment): { state: ContractState; created: boolean } {
    const ce = ev.created_event;
    const state = this.get(p.migrationId, ce.contract_id);
    if (state && !state.archived) {
      state.inFlight = false;
      this.reassign(state, ev.target_synchronizer, false, ev.reassignment_counter);
      return { state, created: false };
    }
    return {
      state: this.create(p, ce, 0, ev.target_synchronizer, ev.reassignment_counter),
      created: true,
    };
  }

  private reassign(state: ContractState, synchronizerId: string, inFlight: boolean, counter: number): void {
    if (state.newIndex !== undefined) {
      const row = this.created[state.newIndex];
      row.synchronizer_id = synchronizerId;
      row.in_flight = inFlight;
      row.reassignment_counter = counter;
    } else {
      this.reassignedStored.push({
        rowId: state.rowId!,
        migrationId: state.migrationId,
        synchronizerId,
        synchronizer: SYNCHRONIZER_ID_PENDING,
        inFlight,
        counter,
      });
    }
  }
}
