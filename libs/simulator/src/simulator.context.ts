import {
  encodeScanOffset,
  type HistoryReassignment,
  type HistoryTransaction,
  IMPORT_RECORD_TIME,
} from '@canton-scan/domain';
import { ContractStore, type SimContract, type SyncIndex } from './contract-store';
import type { SimParty, SimulatedNetwork } from './network-identities';
import { formatMicros, SimClock } from './sim-clock';
import { SimIds, SimRandom } from './sim-random';
import type { ResolvedSimulationOptions } from './simulator.options';
import { createdEvent, TxBuilder } from './transaction.builder';

export interface TransactionMeta {
  /** Prefix of the command id, naming what the command does. */
  readonly command: string;
  /** Empty (the default) means no workflow id was set. */
  readonly workflowId?: string;
  readonly synchronizer?: SyncIndex;
  /** Signed by an external party: the transaction carries an external transaction hash. */
  readonly external?: boolean;
}

export interface SimulationStats {
  /** All updates emitted, import updates included. */
  updates: number;
  transactions: number;
  reassignments: number;
  importUpdates: number;
  /** Created events in transactions (import re-creations not counted). */
  contractsCreated: number;
  /** Consuming exercises. */
  contractsArchived: number;
  /** Contracts assigned to a synchronizer at the end. */
  activeAtEnd: number;
  /** Contracts unassigned and not assigned in the last migration (those of earlier ones are in the landmarks). */
  inFlightAtEnd: number;
  lastOffset: string;
}

/**
 * Shared machinery of the simulation: randomness, clock, contract store, offsets and migration,
 * and the factories for the three kinds of update.
 */
export class SimContext {
  readonly rng: SimRandom;
  readonly ids: SimIds;
  readonly clock: SimClock;
  readonly store = new ContractStore();
  migrationId = 0;
  /** Current mining round (tick). */
  round = 0;
  private ledgerOffset = 0;
  private updateSeq = 0;
  private reassignmentSeq = 0;
  private transactions = 0;
  private reassignments = 0;
  private importUpdates = 0;

  constructor(
    readonly options: ResolvedSimulationOptions,
    readonly network: SimulatedNetwork,
  ) {
    this.rng = new SimRandom(options.seed);
    this.ids = new SimIds(options.seed);
    this.clock = new SimClock(options.startMicros, options.tickMicros, this.rng);
  }

  get dso(): SimParty {
    return this.network.dso;
  }

  contractId(contract: SimContract): string {
    return this.ids.contractId(contract.seq);
  }

  /** Builds one transaction at the next record time. */
  transaction(meta: TransactionMeta, build: (tx: TxBuilder) => void): HistoryTransaction {
    const instant = this.clock.next();
    const seq = this.updateSeq++;
    const tx = new TxBuilder(
      this.ids,
      this.store,
      this.ids.updateId(seq),
      instant.effectiveMicros,
      meta.synchronizer ?? 0,
      this.round,
    );
    build(tx);
    if (tx.rootEventIds.length === 0) throw new Error(`simulator bug: empty transaction ${meta.command}`);
    this.transactions++;
    return {
      update_id: tx.updateId,
      migration_id: this.migrationId,
      workflow_id: meta.workflowId ?? '',
      record_time: formatMicros(instant.recordMicros),
      synchronizer_id: this.network.synchronizers[meta.synchronizer ?? 0],
      effective_at: tx.effectiveAt,
      offset: this.nextOffset(),
      root_event_ids: tx.rootEventIds,
      events_by_id: tx.events,
      ...(meta.external ? { external_transaction_hash: this.ids.externalTransactionHash(seq) } : {}),
      command_id: this.ids.commandId(meta.command, seq),
    };
  }

  /** Starts moving `contract` to the other synchronizer; returns the update and its unassign id. */
  unassign(contract: SimContract, submitter: SimParty): { update: HistoryReassignment; unassignId: string } {
    const source = contract.synchronizer;
    const target: SyncIndex = source === 0 ? 1 : 0;
    this.store.unassign(contract);
    contract.reassignmentCounter += 1;
    const unassignId = this.ids.unassignId(this.reassignmentSeq++);
    this.reassignments++;
    const update: HistoryReassignment = {
      update_id: this.ids.updateId(this.updateSeq++),
      offset: this.nextOffset(),
      record_time: formatMicros(this.clock.nextRecord()),
      event: {
        submitter: submitter.id,
        source_synchronizer: this.network.synchronizers[source],
        migration_id: this.migrationId,
        target_synchronizer: this.network.synchronizers[target],
        unassign_id: unassignId,
        reassignment_counter: contract.reassignmentCounter,
        contract_id: this.contractId(contract),
      },
    };
    return { update, unassignId };
  }

  /** Completes the move started by `unassign`. */
  assign(contract: SimContract, unassignId: string, submitter: SimParty): HistoryReassignment {
    const source = contract.synchronizer;
    const target: SyncIndex = source === 0 ? 1 : 0;
    this.store.assign(contract);
    contract.synchronizer = target;
    this.reassignments++;
    const updateId = this.ids.updateId(this.updateSeq++);
    return {
      update_id: updateId,
      offset: this.nextOffset(),
      record_time: formatMicros(this.clock.nextRecord()),
      event: {
        submitter: submitter.id,
        source_synchronizer: this.network.synchronizers[source],
        target_synchronizer: this.network.synchronizers[target],
        migration_id: this.migrationId,
        unassign_id: unassignId,
        created_event: createdEvent(this.ids, contract, `${updateId}:0`),
        reassignment_counter: contract.reassignmentCounter,
      },
    };
  }

  /** The import update re-creating `contract` at the start of the current migration. */
  importUpdate(contract: SimContract, contractId: string): HistoryTransaction {
    this.importUpdates++;
    const event = createdEvent(this.ids, contract, `${contractId}:0`);
    return {
      update_id: contractId,
      migration_id: this.migrationId,
      workflow_id: '',
      record_time: IMPORT_RECORD_TIME,
      synchronizer_id: this.network.synchronizers[contract.synchronizer],
      effective_at: event.created_at,
      offset: '',
      root_event_ids: [event.event_id],
      events_by_id: { [event.event_id]: event },
      command_id: '',
    };
  }

  stats(): SimulationStats {
    return {
      updates: this.transactions + this.reassignments + this.importUpdates,
      transactions: this.transactions,
      reassignments: this.reassignments,
      importUpdates: this.importUpdates,
      contractsCreated: this.store.created,
      contractsArchived: this.store.archived,
      activeAtEnd: this.store.activeCount,
      inFlightAtEnd: this.store.inFlightCount,
      lastOffset: encodeScanOffset(this.ledgerOffset),
    };
  }

  private nextOffset(): string {
    return encodeScanOffset(++this.ledgerOffset);
  }
}
