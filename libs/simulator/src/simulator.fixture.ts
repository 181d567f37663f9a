/** Shared by the simulator specs: one small simulated history and a replay of it that checks the write-path rules. */
import { createHash } from 'node:crypto';
import {
  type CompactValue,
  type DamlValue,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
  isAssignment,
  isTransaction,
  lookupSpliceTemplate,
  type SpliceTemplateName,
  toCompact,
} from '@canton-scan/domain';
import { simulateNetwork, type SimulationSummary } from './simulator';
import type { SimulationOptions } from './simulator.options';

export const PARTY = /^[A-Za-z0-9_-]+::1220[0-9a-f]{64}$/;
export const CONTRACT_ID = /^00[0-9a-f]{136}$/;
export const UPDATE_ID = /^1220[0-9a-f]{64}$/;
export const TEMPLATE_ID = /^[0-9a-f]{64}:[A-Z][A-Za-z.]*:[A-Za-z]+$/;
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const OFFSET = /^00[0-9a-f]{16}$/;
export const DECIMAL_10 = /^-?\d+\.\d{10}$/;
export const SYNCHRONIZER = /^[a-z-]+::1220[0-9a-f]{64}$/;

export interface Run {
  updates: HistoryUpdate[];
  summary: SimulationSummary;
}

export function run(options: SimulationOptions): Run {
  const updates: HistoryUpdate[] = [];
  const it = simulateNetwork(options);
  for (;;) {
    const next = it.next();
    if (next.done) return { updates, summary: next.value };
    updates.push(next.value);
  }
}

export const SMALL: SimulationOptions = { rounds: 40 };
export const small = run(SMALL);
/** SMALL with reassignments to the second synchronizer (off by default, as on MainNet) and contracts left in flight. */
export const SMALL_REASSIGNING: SimulationOptions = { ...SMALL, reassignEveryRounds: 6 };
/** SMALL with batch payouts (ten transactions of more than 100 events). */
export const SMALL_BATCHED: SimulationOptions = { ...SMALL, batchTransfersPerRound: 0.25 };

export interface ActiveContract {
  templateName: string;
  payload: CompactValue;
  synchronizer: string;
  createdAt: string;
}

export interface Replay {
  /** Active contracts at the end of each migration (in flight excluded). */
  activeAtEnd: Map<number, Map<string, ActiveContract>>;
  /** Import update contract ids per migration. */
  imported: Map<number, string[]>;
  inFlight: Set<string>;
  created: { event: HistoryCreatedEvent; tx: HistoryTransaction }[];
  exercised: { event: HistoryExercisedEvent; tx: HistoryTransaction; target: ActiveContract }[];
}

export function templateName(templateId: string): SpliceTemplateName {
  const template = lookupSpliceTemplate(templateId);
  if (!template) throw new Error(`unknown template ${templateId}`);
  return template.entityName as SpliceTemplateName;
}

/** Replays the history the way the write path must accept it, failing on the first violation. */
export function replay(updates: readonly HistoryUpdate[]): Replay {
  const activeAtEnd = new Map<number, Map<string, ActiveContract>>();
  const imported = new Map<number, string[]>();
  const inFlight = new Map<string, ActiveContract & { target: string; counter: number }>();
  const counters = new Map<string, number>();
  const created: Replay['created'] = [];
  const exercised: Replay['exercised'] = [];
  let migration = 0;
  let active = new Map<string, ActiveContract>();
  let previous: Map<string, ActiveContract> | undefined;

  for (const update of updates) {
    if (isTransaction(update)) {
      if (update.migration_id !== migration) {
        expect(update.migration_id).toBe(migration + 1);
        activeAtEnd.set(migration, active);
        previous = active;
        active = new Map();
        migration = update.migration_id;
        inFlight.clear();
      }
      const isImport = update.offset === '';
      if (isImport) {
        expect(update.update_id).toBe(update.root_event_ids[0].split(':')[0]);
        const list = imported.get(migration) ?? [];
        list.push(update.update_id);
        imported.set(migration, list);
        const event = update.events_by_id[update.root_event_ids[0]] as HistoryCreatedEvent;
        const before = previous?.get(event.contract_id);
        if (!before)
          throw new Error(`import of ${event.contract_id}, not active at the end of the previous migration`);
        expect(toCompact(event.create_arguments)).toEqual(before.payload);
        expect(event.created_at).toBe(before.createdAt);
        expect(update.synchronizer_id).toBe(before.synchronizer);
      }
      const visit = (eventId: string): void => {
        const event = update.events_by_id[eventId];
        if (event.event_type === 'created_event') {
          if (!isImport && active.has(event.contract_id))
            throw new Error(`contract ${event.contract_id} created twice`);
          active.set(event.contract_id, {
            templateName: templateName(event.template_id),
            payload: toCompact(event.create_arguments),
            synchronizer: update.synchronizer_id,
            createdAt: event.created_at,
          });
          created.push({ event, tx: update });
          return;
        }
        const target = active.get(event.contract_id);
        if (!target)
          throw new Error(
            `${event.choice} in ${update.update_id} on unknown or archived ${event.contract_id}`,
          );
        expect(target.templateName).toBe(templateName(event.template_id));
        expect(target.synchronizer).toBe(update.synchronizer_id);
        if (event.consuming) active.delete(event.contract_id);
        exercised.push({ event, tx: update, target });
        event.child_event_ids.forEach(visit);
      };
      update.root_event_ids.forEach(visit);
      continue;
    }
    const event = update.event;
    expect(event.migration_id).toBe(migration);
    if (isAssignment(event)) {
      const travelling = inFlight.get(event.created_event.contract_id);
      if (!travelling)
        throw new Error(`assignment of ${event.created_event.contract_id}, which is not in flight`);
      expect(event.target_synchronizer).toBe(travelling.target);
      expect(event.reassignment_counter).toBe(travelling.counter);
      expect(toCompact(event.created_event.create_arguments)).toEqual(travelling.payload);
      inFlight.delete(event.created_event.contract_id);
      active.set(event.created_event.contract_id, { ...travelling, synchronizer: event.target_synchronizer });
    } else {
      const contract = active.get(event.contract_id);
      if (!contract) throw new Error(`unassignment of unknown or archived ${event.contract_id}`);
      expect(event.source_synchronizer).toBe(contract.synchronizer);
      const counter = (counters.get(event.contract_id) ?? 0) + 1;
      expect(event.reassignment_counter).toBe(counter);
      counters.set(event.contract_id, counter);
      active.delete(event.contract_id);
      inFlight.set(event.contract_id, { ...contract, target: event.target_synchronizer, counter });
    }
  }
  activeAtEnd.set(migration, active);
  return { activeAtEnd, imported, inFlight: new Set(inFlight.keys()), created, exercised };
}

export function walkValues(update: HistoryUpdate, visit: (value: DamlValue, path: string) => void): void {
  if (isTransaction(update)) {
    for (const [id, event] of Object.entries(update.events_by_id)) {
      if (event.event_type === 'created_event') visit(event.create_arguments, `${id}.create_arguments`);
      else {
        visit(event.choice_argument, `${id}.choice_argument`);
        visit(event.exercise_result, `${id}.exercise_result`);
      }
    }
  } else if (isAssignment(update.event)) {
    visit(update.event.created_event.create_arguments, `${update.update_id}.created_event`);
  }
}

export function numericsOf(value: DamlValue, out: string[] = []): string[] {
  if ('numeric' in value) out.push(value.numeric);
  else if ('record' in value) value.record.fields?.forEach((f) => numericsOf(f.value, out));
  else if ('variant' in value) numericsOf(value.variant.value, out);
  else if ('list' in value) value.list.elements?.forEach((v) => numericsOf(v, out));
  else if ('optional' in value && value.optional.value) numericsOf(value.optional.value, out);
  else if ('textMap' in value) value.textMap.entries?.forEach((e) => numericsOf(e.value, out));
  else if ('genMap' in value)
    value.genMap.entries?.forEach((e) => (numericsOf(e.key, out), numericsOf(e.value, out)));
  return out;
}

export const digest = (updates: readonly HistoryUpdate[]): string => {
  const hash = createHash('sha256');
  for (const u of updates) hash.update(JSON.stringify(u)).update('\n');
  return hash.digest('hex');
};

export const transactions = (updates: readonly HistoryUpdate[]): HistoryTransaction[] =>
  updates.filter(isTransaction);
export const compactOf = <T>(event: HistoryCreatedEvent): T =>
  toCompact(event.create_arguments) as unknown as T;
