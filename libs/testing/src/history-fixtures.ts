import { createHash } from 'node:crypto';
import {
  buildSplicePayload,
  encodeScanOffset,
  IMPORT_RECORD_TIME,
  microsToTimestamp,
  timestampToMicros,
  V,
  type DamlValue,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryReassignment,
  type HistoryTransaction,
  type SpliceTemplate,
} from '@canton-scan/domain';

export type NodeSpec =
  | {
      create: {
        template: SpliceTemplate;
        payload: unknown;
        signatories: string[];
        observers?: string[];
        contractId?: string;
      };
    }
  | {
      exercise: {
        contractId: string;
        template: SpliceTemplate;
        choice: string;
        consuming: boolean;
        actingParties: string[];
        children?: NodeSpec[];
        result?: DamlValue;
      };
    };

const hex = (seed: string, length: number) => {
  let out = '';
  for (let i = 0; out.length < length; i++) out += createHash('sha256').update(`${seed}/${i}`).digest('hex');
  return out.slice(0, length);
};

/**
 * Small, hand-written ledger histories for tests: well-formed ids (docs/offsets-and-ids.md "Identifiers"), strictly
 * increasing offsets and microsecond record times, event trees in pre-order.
 */
export class HistoryBuilder {
  private offset = 0n;
  private micros: bigint;
  private seq = 0;
  readonly synchronizer = `global-domain::1220${hex('sync', 64)}`;
  readonly otherSynchronizer = `other-domain::1220${hex('sync2', 64)}`;

  constructor(start = '2026-01-05T00:00:00.000000Z') {
    this.micros = timestampToMicros(start);
  }

  party(name: string): string {
    return `${name}::1220${hex(`party/${name}`, 64)}`;
  }

  contractId(): string {
    return `00${hex(`cid/${this.seq++}`, 136)}`;
  }

  /** Carries ledger offsets on after `offset` (updates appended to a history written by another source). */
  continueOffsetsAfter(offset: bigint): this {
    this.offset = offset;
    return this;
  }

  /** Moves record time forward. */
  advance(seconds: number): this {
    this.micros += BigInt(Math.round(seconds * 1_000_000));
    return this;
  }

  now(): string {
    return microsToTimestamp(this.micros);
  }

  tx(
    nodes: NodeSpec[],
    options: { migrationId?: number; workflowId?: string; externalHash?: string } = {},
  ): HistoryTransaction {
    this.micros += 1_000_123n;
    this.offset += 1n;
    const updateId = `1220${hex(`update/${this.seq++}`, 64)}`;
    const recordTime = this.now();
    const events: HistoryTransaction['events_by_id'] = {};
    let nodeId = 0;
    const build = (spec: NodeSpec): string => {
      const eventId = `${updateId}:${nodeId++}`;
      if ('create' in spec) {
        const c = spec.create;
        const event: HistoryCreatedEvent = {
          event_type: 'created_event',
          event_id: eventId,
          contract_id: c.contractId ?? this.contractId(),
          template_id: c.template.templateId,
          package_name: c.template.packageName,
          create_arguments: buildSplicePayload(c.template, c.payload as never),
          created_at: recordTime,
          signatories: c.signatories,
          observers: c.observers ?? [],
        };
        events[eventId] = event;
      } else {
        const x = spec.exercise;
        const event: HistoryExercisedEvent = {
          event_type: 'exercised_event',
          event_id: eventId,
          contract_id: x.contractId,
          template_id: x.template.templateId,
          package_name: x.template.packageName,
          choice: x.choice,
          choice_argument: V.record({}),
          child_event_ids: [],
          exercise_result: x.result ?? V.unit(),
          consuming: x.consuming,
          acting_parties: x.actingParties,
        };
        events[eventId] = event;
        event.child_event_ids = (x.children ?? []).map(build);
      }
      return eventId;
    };
    const roots = nodes.map(build);
    const tx: HistoryTransaction = {
      update_id: updateId,
      migration_id: options.migrationId ?? 0,
      workflow_id: options.workflowId ?? '',
      record_time: recordTime,
      synchronizer_id: this.synchronizer,
      effective_at: recordTime,
      offset: encodeScanOffset(this.offset),
      root_event_ids: roots,
      events_by_id: events,
      command_id: `cmd-${this.seq}`,
    };
    if (options.externalHash) tx.external_transaction_hash = options.externalHash;
    return tx;
  }

  /** The import update re-creating `created` at the start of `migrationId`. */
  importOf(created: HistoryCreatedEvent, migrationId: number): HistoryTransaction {
    const updateId = created.contract_id;
    return {
      update_id: updateId,
      migration_id: migrationId,
      workflow_id: '',
      record_time: IMPORT_RECORD_TIME,
      synchronizer_id: this.synchronizer,
      effective_at: created.created_at,
      offset: '',
      root_event_ids: [`${updateId}:0`],
      events_by_id: { [`${updateId}:0`]: { ...created, event_id: `${updateId}:0` } },
    };
  }

  unassign(contractId: string, counter: number, migrationId = 0): HistoryReassignment {
    this.micros += 1_000_000n;
    this.offset += 1n;
    return {
      update_id: `1220${hex(`update/${this.seq++}`, 64)}`,
      offset: encodeScanOffset(this.offset),
      record_time: this.now(),
      event: {
        submitter: this.party('submitter'),
        source_synchronizer: this.synchronizer,
        migration_id: migrationId,
        target_synchronizer: this.otherSynchronizer,
        unassign_id: `unassign-${contractId.slice(0, 12)}-${counter}`,
        reassignment_counter: counter,
        contract_id: contractId,
      },
    };
  }

  assign(created: HistoryCreatedEvent, counter: number, migrationId = 0): HistoryReassignment {
    this.micros += 1_000_000n;
    this.offset += 1n;
    return {
      update_id: `1220${hex(`update/${this.seq++}`, 64)}`,
      offset: encodeScanOffset(this.offset),
      record_time: this.now(),
      event: {
        submitter: this.party('submitter'),
        source_synchronizer: this.synchronizer,
        target_synchronizer: this.otherSynchronizer,
        migration_id: migrationId,
        unassign_id: `unassign-${created.contract_id.slice(0, 12)}-${counter}`,
        created_event: created,
        reassignment_counter: counter,
      },
    };
  }
}

/** The created events of a transaction, in node order. */
export function createdEvents(tx: HistoryTransaction): HistoryCreatedEvent[] {
  return Object.values(tx.events_by_id).filter(
    (e): e is HistoryCreatedEvent => e.event_type === 'created_event',
  );
}
