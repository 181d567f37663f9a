import {
  type DamlValue,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTreeEvent,
  type SpliceTemplate,
  SpliceTemplates,
  V,
} from '@canton-scan/domain';
import {
  HOLDING_FEE_RATE_UNITS,
  payloadOf,
  observersOf,
  signatoriesOf,
  type AmuletContract,
  type ContractStore,
  type GenericContract,
  type SimContract,
  type SyncIndex,
} from './contract-store';
import type { SimParty } from './network-identities';
import { formatMicros } from './sim-clock';
import type { SimIds } from './sim-random';

export interface ExerciseSpec {
  readonly choice: string;
  readonly argument: DamlValue;
  readonly consuming: boolean;
  readonly actingParties: readonly string[];
  /** Set when the choice is exercised through a Daml interface. */
  readonly interfaceId?: string;
  /** The exercise result when the body does not return one; unit by default. */
  readonly result?: DamlValue;
}

/**
 * Builds one transaction tree in pre-order: a node id is taken when a node is entered, before
 * its children, so node ids count 0, 1, 2, ... exactly as the ledger numbers them. Creates and
 * consuming exercises update the contract store as they are added, so a tree that uses a
 * contract after archiving it fails here, not in the write path.
 */
export class TxBuilder {
  readonly effectiveAt: string;
  readonly events: Record<string, HistoryTreeEvent> = {};
  readonly rootEventIds: string[] = [];
  private children: string[] = this.rootEventIds;
  private nextNodeId = 0;

  constructor(
    private readonly ids: SimIds,
    private readonly store: ContractStore,
    readonly updateId: string,
    readonly effectiveMicros: number,
    readonly synchronizer: SyncIndex,
    readonly round: number,
  ) {
    this.effectiveAt = formatMicros(effectiveMicros);
  }

  contractId(contract: SimContract): string {
    return this.ids.contractId(contract.seq);
  }

  /** An Amulet of `amount` as of `round`, ageing at `rate` per round (the USD rate unless given). */
  createAmulet(
    dso: SimParty,
    owner: SimParty,
    amount: bigint,
    round: number = this.round,
    rate: bigint = HOLDING_FEE_RATE_UNITS,
  ): AmuletContract {
    if (amount <= 0n) throw new Error(`simulator bug: amulet of non-positive amount ${amount}`);
    return this.add({
      kind: 'amulet',
      ...this.core(SPLICE_AMULET),
      dso,
      owner,
      amount,
      round,
      rate,
      walletSlot: -1,
    });
  }

  create(
    template: SpliceTemplate,
    payload: DamlValue,
    signatories: readonly string[],
    observers: readonly string[] = [],
  ): GenericContract {
    return this.add({ kind: 'generic', ...this.core(template), payload, signatories, observers });
  }

  /** Adds an exercise node; `body` adds its children and may return the exercise result. */
  exercise(target: SimContract, spec: ExerciseSpec, body?: () => DamlValue | void): void {
    const eventId = this.takeEventId();
    if (spec.consuming) this.store.archive(target, `${spec.choice} in ${this.updateId}`);
    else this.store.requireActive(target, `${spec.choice} in ${this.updateId}`);
    const node: HistoryExercisedEvent = {
      event_type: 'exercised_event',
      event_id: eventId,
      contract_id: this.contractId(target),
      template_id: target.template.templateId,
      package_name: target.template.packageName,
      choice: spec.choice,
      choice_argument: spec.argument,
      child_event_ids: [],
      exercise_result: V.unit(),
      consuming: spec.consuming,
      acting_parties: [...spec.actingParties],
      ...(spec.interfaceId === undefined ? {} : { interface_id: spec.interfaceId }),
    };
    this.events[eventId] = node;
    const parent = this.children;
    this.children = node.child_event_ids;
    const result = body?.();
    this.children = parent;
    node.exercise_result = result ?? spec.result ?? V.unit();
  }

  /** The Daml `archive` of a contract: a consuming `Archive` with an empty record argument. */
  archive(target: SimContract, actingParties: readonly string[]): void {
    this.exercise(target, { choice: 'Archive', argument: V.record({}), consuming: true, actingParties });
  }

  private core(template: SpliceTemplate): {
    seq: number;
    template: SpliceTemplate;
    createdMicros: number;
    synchronizer: SyncIndex;
    reassignmentCounter: number;
  } {
    return {
      seq: this.store.allocateSeq(),
      template,
      createdMicros: this.effectiveMicros,
      synchronizer: this.synchronizer,
      reassignmentCounter: 0,
    };
  }

  private add<C extends SimContract>(contract: C): C {
    const eventId = this.takeEventId();
    this.store.add(contract);
    this.events[eventId] = createdEvent(this.ids, contract, eventId);
    return contract;
  }

  private takeEventId(): string {
    const eventId = `${this.updateId}:${this.nextNodeId++}`;
    this.children.push(eventId);
    return eventId;
  }
}

const SPLICE_AMULET: SpliceTemplate = SpliceTemplates.Amulet;

/** The created event of `contract` (also used to re-state it in assignments and import updates). */
export function createdEvent(ids: SimIds, contract: SimContract, eventId: string): HistoryCreatedEvent {
  return {
    event_type: 'created_event',
    event_id: eventId,
    contract_id: ids.contractId(contract.seq),
    template_id: contract.template.templateId,
    package_name: contract.template.packageName,
    create_arguments: payloadOf(contract),
    created_at: formatMicros(contract.createdMicros),
    signatories: [...signatoriesOf(contract)],
    observers: [...observersOf(contract)],
  };
}
