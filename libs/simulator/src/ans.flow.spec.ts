import {
  type AnsEntryPayload,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryUpdate,
  IMPORT_RECORD_TIME,
  isTransaction,
  toCompact,
} from '@canton-scan/domain';
import { ANS_NAME_SUFFIX } from './ans.flow';
import { checkHistory } from './history-checks/history-checker';
import { run, small } from './simulator.fixture';

type Event = HistoryCreatedEvent | HistoryExercisedEvent;

function events(updates: readonly HistoryUpdate[]): Event[] {
  // Import updates re-create a migration's active contracts: not workflow steps.
  return updates
    .filter(isTransaction)
    .filter((tx) => tx.record_time !== IMPORT_RECORD_TIME)
    .flatMap((tx) => Object.values(tx.events_by_id) as Event[]);
}
const created = (all: Event[], entity: string): HistoryCreatedEvent[] =>
  all.filter(
    (e): e is HistoryCreatedEvent => e.event_type === 'created_event' && e.template_id.endsWith(`:${entity}`),
  );
const exercised = (all: Event[], choice: string): HistoryExercisedEvent[] =>
  all.filter((e): e is HistoryExercisedEvent => e.event_type === 'exercised_event' && e.choice === choice);

describe('the name service flow', () => {
  const all = events(small.updates);

  it('buys a few names the way Splice’s wallet does, each delivered by the DSO', () => {
    const entries = created(all, 'AnsEntry').map(
      (e) => toCompact(e.create_arguments) as unknown as AnsEntryPayload,
    );
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.length).toBeLessThanOrEqual(4);
    for (const entry of entries) expect(entry.name.endsWith(ANS_NAME_SUFFIX)).toBe(true);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    expect(exercised(all, 'AnsRules_RequestEntry')).toHaveLength(entries.length);
    expect(exercised(all, 'SubscriptionRequest_AcceptAndMakePayment')).toHaveLength(entries.length);
    expect(exercised(all, 'AnsEntryContext_CollectInitialEntryPayment')).toHaveLength(entries.length);
    expect(exercised(all, 'SubscriptionInitialPayment_Collect')).toHaveLength(entries.length);
  });

  it('sets an entry to expire when its subscription’s next payment is due', () => {
    for (const collect of exercised(all, 'AnsRules_CollectInitialEntryPayment')) {
      const result = toCompact(collect.exercise_result) as { entryCid: string; subscriptionStateCid: string };
      const entry = created(all, 'AnsEntry').find((e) => e.contract_id === result.entryCid)!;
      const state = created(all, 'SubscriptionIdleState').find(
        (e) => e.contract_id === result.subscriptionStateCid,
      )!;
      const { expiresAt } = toCompact(entry.create_arguments) as { expiresAt: string };
      const { nextPaymentDueAt } = toCompact(state.create_arguments) as { nextPaymentDueAt: string };
      expect(expiresAt).toBe(nextPaymentDueAt);
    }
  });

  it('expires unrenewed entries and their subscriptions after the entry lifetime, and stays clean', () => {
    const long = run({ rounds: 100, tickSeconds: 86_400, transfersPerRound: 1, tapsPerRound: 1 });
    const longEvents = events(long.updates);
    const entries = created(longEvents, 'AnsEntry');
    expect(entries.length).toBeGreaterThan(0);
    const expired = new Set(exercised(longEvents, 'AnsEntry_Expire').map((e) => e.contract_id));
    expect(expired.size).toBeGreaterThan(0);
    expect(exercised(longEvents, 'DsoRules_ExpireAnsEntry')).toHaveLength(expired.size);
    expect(exercised(longEvents, 'DsoRules_ExpireSubscription')).toHaveLength(expired.size);
    expect(exercised(longEvents, 'AnsEntryContext_Terminate')).toHaveLength(expired.size);
    // Every other buyer renews (once the due date is within the renewal window): a renewal
    // re-creates the entry one lifetime later; the others expire.
    const renewals = exercised(longEvents, 'AnsEntry_Renew');
    expect(renewals.length).toBeGreaterThan(0);
    expect(exercised(longEvents, 'SubscriptionIdleState_MakePayment')).toHaveLength(renewals.length);
    expect(exercised(longEvents, 'DsoRules_CollectEntryRenewalPayment')).toHaveLength(renewals.length);
    for (const renew of renewals) {
      const old = toCompact(
        entries.find((e) => e.contract_id === renew.contract_id)!.create_arguments,
      ) as unknown as AnsEntryPayload;
      const { entryCid } = toCompact(renew.exercise_result) as { entryCid: string };
      const next = toCompact(
        entries.find((e) => e.contract_id === entryCid)!.create_arguments,
      ) as unknown as AnsEntryPayload;
      expect({ ...next, expiresAt: old.expiresAt }).toEqual(old);
      expect(Date.parse(next.expiresAt) - Date.parse(old.expiresAt)).toBe(90 * 86_400_000);
      expect(expired.has(renew.contract_id)).toBe(false);
    }
    const ours = /Ans|Subscription/;
    const violations = [...checkHistory(long.updates).values()]
      .map((t) => t.example)
      .filter((v) => ours.test(v.subject) || ours.test(v.detail ?? ''));
    expect(violations).toEqual([]);
  });
});
