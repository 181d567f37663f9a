import type { CreatedEvent, ExercisedEvent, Transaction, TreeEvent } from '../lib/tree';

const PKG = 'f00d';
export const ALICE = 'alice::1220aaaa';
export const BOB = 'bob::1220bbbb';

export const created = (id: string, contract: string, entity = 'Amulet'): CreatedEvent => ({
  event_type: 'created_event',
  event_id: id,
  contract_id: contract,
  template_id: `${PKG}:Splice.Amulet:${entity}`,
  package_name: 'splice-amulet',
  create_arguments: { owner: ALICE, amount: { initialAmount: '10.0000000000' } },
  created_at: '2026-01-01T00:00:00Z',
  signatories: [ALICE],
  observers: [BOB],
});

export const exercised = (
  id: string,
  contract: string,
  choice: string,
  children: string[],
  consuming: boolean,
): ExercisedEvent => ({
  event_type: 'exercised_event',
  event_id: id,
  contract_id: contract,
  template_id: `${PKG}:Splice.AmuletRules:AmuletRules`,
  package_name: 'splice-amulet',
  choice,
  choice_argument: {},
  child_event_ids: children,
  exercise_result: null,
  consuming,
  acting_parties: [ALICE],
  interface_id: null,
});

/**
 * A transfer-like tree of depth 3: root exercise #0 (non-consuming) with children #1 (consuming
 * exercise archiving c-old, whose child #2 creates c-new) and #3 (creates c-tmp), then #4 archives
 * c-tmp (created in this same update).
 */
export function sampleTransaction(): Transaction {
  const events: TreeEvent[] = [
    exercised('u:0', 'c-rules', 'AmuletRules_Transfer', ['u:1', 'u:3', 'u:4'], false),
    exercised('u:1', 'c-old', 'Amulet_Archive', ['u:2'], true),
    created('u:2', 'c-new'),
    created('u:3', 'c-tmp', 'LockedAmulet'),
    exercised('u:4', 'c-tmp', 'LockedAmulet_Unlock', [], true),
  ];
  return {
    update_id: '1220' + 'ab'.repeat(32),
    migration_id: 0,
    workflow_id: '',
    record_time: '2026-01-01T00:00:00Z',
    synchronizer_id: 'global-domain::1220',
    effective_at: '2026-01-01T00:00:00Z',
    root_event_ids: ['u:0'],
    events_by_id: Object.fromEntries(events.map((e) => [e.event_id, e])),
  };
}
