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
    // re-pinned when the default network lost its reassignments (one synchronizer, as MainNet):
    // was b315a369…c2dcb7; re-pinned when transfers took splice-amulet 0.1.22's arithmetic (no
    // fees, balance changes, amulets at the round's rate, development fund allocations, expiry of
    // unclaimed rewards): was 9aca3bf3…0ed0c57b; re-pinned when app activity left the ledger (no
    // DsoRules_RecordAppActivity, the clock shared with verdict-only items): was 22203764…d2d3b1; re-pinned when the DSO came to run as
    // Splice's automation does (DsoBootstrap genesis, confirmed round actions, price votes, SV
    // coupons and status reports, expiry at round close): was 43d31dbf…fb4a49; re-pinned when
    // results and arguments became Daml-exact and no licence was withdrawn any more (the departing
    // validator stops recording liveness): was 20a44640…383f32; re-pinned when configs lost
    // `rewardAccounting` and gained Splice's `rewardConfig`, so rounds carry `rewardConfig` and
    // `trafficPrice`: was eb845c89…118c52; re-pinned when users started buying ANS names through
    // subscriptions: was 7df5139b…7ddce0; re-pinned when config changes became CRARC_SetConfig
    // votes run as AmuletRules_SetConfig, with no futureValues at genesis: was 10dc25b1…8d3450;
    // re-pinned when external parties sent transfers through TransferCommands (and one user has a
    // TransferPreapproval by default): was 6af38e2a…38d4ff; re-pinned when the SVs scheduled the
    // migration by vote, marked their sequencers available and re-published them after the
    // migration: was fd93f8df…adef3e.)
    expect(digest(small.updates)).toBe('9f360b1dc68b61cec467fbc699f82ed8ed7bc6e19afd6c89645ca2d51ecd9151');
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
      // A featured sender's transfer also records a FeaturedAppActivityMarker.
      const created = children.flatMap((c) =>
        c.event_type === 'created_event' &&
        c.template_id !== SpliceTemplates.FeaturedAppActivityMarker.templateId
          ? [c]
          : [],
      );
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
