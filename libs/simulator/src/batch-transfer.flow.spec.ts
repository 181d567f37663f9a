import { type AmuletPayload, SpliceChoices, SpliceTemplates } from '@canton-scan/domain';
import {
  compactOf,
  digest,
  replay,
  run,
  small,
  SMALL,
  SMALL_BATCHED,
  transactions,
} from './simulator.fixture';

describe('batch payouts in the simulated network', () => {
  const batched = run(SMALL_BATCHED);
  const history = replay(batched.updates);
  const batches = transactions(batched.updates).filter((t) => t.command_id?.startsWith('batch-transfer-'));

  it('is off by default: the default history is unchanged', () => {
    // The default network's digest before batch payouts existed (commit 5678e29): with the knob at
    // 0 the flow draws no random number, so the history is that one byte for byte. (A deliberate
    // change to the default network updates this value: re-pinned when payloads became proto3 JSON,
    // a change of encoding only; the old dialect's digest was c3a15c40…29c9bc8; re-pinned when
    // validators started buying synchronizer traffic, a change of history: was 2f00e8d7…4df57;
    // re-pinned when the DSO started running as Splice's automation does (DsoBootstrap genesis,
    // confirmed round actions, price votes, SV coupons, splice-amulet 0.1.22): was b315a369…2dcb7;
    // re-pinned when offboarded SVs' price votes were garbage-collected: was ad0dde37…db59b;
    // re-pinned when the AmuletConfig named a development fund manager: was f33e4492…8d2d4;
    // re-pinned when accepted schedule votes took effect at their schedule time: was eddc58f1…e4266.)
    expect(digest(small.updates)).toBe('1a9a533fbe5869d2eccc0f2583cbe178fe91f6a3d82e1591e7d267adc0678645');
    expect(transactions(small.updates).every((t) => Object.keys(t.events_by_id).length < 100)).toBe(true);
  });

  it('is deterministic per seed', () => {
    expect(digest(run(SMALL_BATCHED).updates)).toBe(digest(batched.updates));
  });

  it('writes one transaction of more than 100 events every fourth round at 0.25', () => {
    expect(batches).toHaveLength(Math.floor(40 * 0.25));
    for (const tx of batches) expect(Object.keys(tx.events_by_id).length).toBeGreaterThan(100);
    expect(transactions(batched.updates).filter((t) => Object.keys(t.events_by_id).length >= 100)).toEqual(
      batches,
    );
  });

  it('merges the sender’s amulets into one AmuletRules_Transfer paying 53 or more other users', () => {
    for (const tx of batches) {
      expect(tx.root_event_ids).toHaveLength(1);
      const root = tx.events_by_id[tx.root_event_ids[0]];
      expect(root.event_type === 'exercised_event' && root.choice).toBe(SpliceChoices.AmuletRulesTransfer);
      if (root.event_type !== 'exercised_event') continue;
      const [sender] = root.acting_parties;
      const children = root.child_event_ids.map((id) => tx.events_by_id[id]);
      // Every event is a child of the transfer: archived inputs, then created outputs and change.
      expect(children).toHaveLength(Object.keys(tx.events_by_id).length - 1);
      const archived = children.filter((c) => c.event_type === 'exercised_event');
      const created = children.flatMap((c) => (c.event_type === 'created_event' ? [c] : []));
      expect(archived.length).toBeGreaterThanOrEqual(1);
      expect(archived.length).toBeLessThanOrEqual(48);
      const owners = created.map((c) => {
        expect(c.template_id).toBe(SpliceTemplates.Amulet.templateId);
        return compactOf<AmuletPayload>(c).owner;
      });
      const change = owners.filter((o) => o === sender).length;
      expect(change).toBeLessThanOrEqual(1);
      expect(owners.length - change).toBeGreaterThanOrEqual(53);
      // The inputs were the sender's own amulets, alive until this transfer.
      for (const a of archived) {
        const input = history.exercised.find((x) => x.event === a)!;
        expect(input.target.templateName).toBe('Amulet');
        expect((input.target.payload as unknown as AmuletPayload).owner).toBe(sender);
      }
    }
  });

  it('refuses a negative or non-finite rate', () => {
    expect(() => run({ ...SMALL, batchTransfersPerRound: -1 })).toThrow(/batchTransfersPerRound must be/);
    expect(() => run({ ...SMALL, batchTransfersPerRound: Number.NaN })).toThrow(/batchTransfersPerRound/);
  });
});
