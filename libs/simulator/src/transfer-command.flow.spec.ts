import {
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type HistoryTransaction,
  isTransaction,
  SpliceChoices,
  SpliceTemplates,
  toCompact,
} from '@canton-scan/domain';
import { checkHistory } from './history-checks/history-checker';
import { small } from './simulator.fixture';

interface SendResult {
  result: { tag: string; value: { reason?: { tag: string; value: { description: string } } } };
  sender: string;
  nonce: string;
}

describe('transfer commands of external parties', () => {
  const txs = small.updates.filter(isTransaction) as HistoryTransaction[];
  const roots = (choice: string) =>
    txs.flatMap((tx) =>
      tx.root_event_ids
        .map((id) => tx.events_by_id[id])
        .filter((e): e is HistoryExercisedEvent => e.event_type === 'exercised_event' && e.choice === choice)
        .map((event) => ({ tx, event })),
    );
  const commands = roots(SpliceChoices.ExternalPartyAmuletRulesCreateTransferCommand);
  const sends = roots(SpliceChoices.TransferCommandSend);

  it('are created by the external sender in an externally signed transaction, with nonces in order', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
    const nonces = new Map<string, number>();
    for (const { tx, event } of commands) {
      expect(tx.external_transaction_hash).toBeDefined();
      const arg = toCompact(event.choice_argument) as { sender: string; nonce: string; delegate: string };
      expect(event.acting_parties).toEqual([arg.sender]);
      expect(Number(arg.nonce)).toBe(nonces.get(arg.sender) ?? 0);
      nonces.set(arg.sender, Number(arg.nonce) + 1);
    }
  });

  it('are each sent once by the DSO, bumping the counter, through the preapproval or failing without one', () => {
    expect(sends).toHaveLength(commands.length);
    const tags = new Set<string>();
    for (const { tx, event } of sends) {
      expect(tx.external_transaction_hash).toBeUndefined();
      const result = toCompact(event.exercise_result) as unknown as SendResult;
      tags.add(result.result.tag);
      const children = event.child_event_ids.map((id) => tx.events_by_id[id]);
      const counter = children.find(
        (e): e is HistoryCreatedEvent =>
          e.event_type === 'created_event' &&
          e.template_id === SpliceTemplates.TransferCommandCounter.templateId,
      );
      expect(counter && toCompact(counter.create_arguments)).toMatchObject({
        sender: result.sender,
        nextNonce: String(Number(result.nonce) + 1),
      });
      const viaPreapproval = children.some(
        (e) => e.event_type === 'exercised_event' && e.choice === SpliceChoices.TransferPreapprovalSend,
      );
      expect(viaPreapproval).toBe(result.result.tag === 'TransferCommandResultSuccess');
      if (!viaPreapproval)
        expect(result.result.value.reason?.value.description).toMatch(
          /^No TransferPreapproval for receiver '/,
        );
    }
    expect([...tags].sort()).toEqual(['TransferCommandResultFailure', 'TransferCommandResultSuccess']);
  });

  it('leave the history checks empty', () => {
    const ours = /TransferCommand|TransferPreapproval/;
    const violations = [...checkHistory(small.updates).values()]
      .map((t) => t.example)
      .filter((v) => ours.test(v.subject) || ours.test(v.detail ?? ''));
    expect(violations).toEqual([]);
    expect([...checkHistory(small.updates).values()]).toEqual([]);
  });
});
