import { HistoryBuilder, loadSimulatedNetwork, useTestDatabase } from '@canton-scan/testing';
import { Db } from '../../database/db';
import { LedgerWriter } from '../../history/ledger-writer';
import { SpliceTemplates } from '../../splice/splice-templates';
import type { HistoryHostingItem } from '../hosting/hosting-item';
import { SynchronizerStateRepository } from './synchronizer-state.repository';

const PAR = (name: string) => `PAR::${name}::1220${'ab'.repeat(32)}`;

describe('the synchronizer state a mirror copies (SynchronizerStateRepository, hosting items from peers)', () => {
  const db = useTestDatabase();
  const repository = () => new SynchronizerStateRepository(Db.of(db.dataSource));
  const mirrorWriter = () =>
    new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'absent',
      hostingItems: 'peers',
    });

  /** Three transactions: alice creates (bob observes), carol exercises, alice and dave create. */
  function history() {
    const h = new HistoryBuilder();
    const [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map((n) => h.party(n));
    const amulet = (owner: string, observers: string[] = []) => ({
      create: {
        template: SpliceTemplates.Amulet,
        payload: {
          dso: owner,
          owner,
          amount: {
            initialAmount: '1.0',
            createdAt: { number: '1' },
            ratePerRound: { rate: '0.0000190259' },
          },
        },
        signatories: [owner],
        observers,
      },
    });
    const first = h.tx([amulet(alice, [bob])]);
    const cid = Object.values(first.events_by_id)[0].contract_id;
    const second = h.tx([
      {
        exercise: {
          template: SpliceTemplates.Amulet,
          contractId: cid,
          choice: 'Archive',
          consuming: true,
          actingParties: [carol],
        },
      },
    ]);
    const third = h.tx([amulet(dave)]);
    return { h, updates: [first, second, third], alice, bob, carol, dave };
  }

  const hostingItem = (h: HistoryBuilder, party: string, ids: string[], at: string): HistoryHostingItem => ({
    party_to_participant: {
      synchronizer_id: h.synchronizer,
      migration_id: 0,
      record_time: at,
      party_id: party,
      participant_ids: ids,
    },
  });

  it('records once which kinds the store takes from peers', async () => {
    expect(await repository().peerSources()).toEqual([]);
    await repository().declarePeerSource(['party_hosting', 'member_traffic']);
    await repository().declarePeerSource(['member_traffic']);
    expect(await repository().peerSources()).toEqual(['member_traffic', 'party_hosting']);
  });

  it("replaces a member's traffic state in place, an agreed 404 as null totals", async () => {
    const sync = `global-domain::1220${'cd'.repeat(32)}`;
    const a = { synchronizerId: sync, memberId: PAR('a') };
    const b = { synchronizerId: sync, memberId: PAR('b') };
    await repository().storeTrafficStates([
      { ...a, actual: { totalConsumed: 10, totalLimit: 100 }, asOf: '2026-11-27T10:00:00.000000Z' },
      { ...b, actual: null, asOf: '2026-11-27T10:00:00.000000Z' },
    ]);
    await repository().storeTrafficStates([
      { ...a, actual: { totalConsumed: 12, totalLimit: 200 }, asOf: '2026-11-27T10:01:00.000001Z' },
    ]);
    expect(await repository().trafficStates()).toEqual([
      { ...a, actual: { totalConsumed: 12, totalLimit: 200 }, asOf: '2026-11-27T10:01:00.000001Z' },
      { ...b, actual: null, asOf: '2026-11-27T10:00:00.000000Z' },
    ]);
  });

  it('lists the parties of the history without a mapping, after a watermark that only moves forward', async () => {
    const { h, updates, alice, bob, carol, dave } = history();
    await mirrorWriter().append(updates);
    await repository().declarePeerSource(['party_hosting']);
    const rows: { row_id: string }[] = await db.dataSource.query(
      `SELECT row_id::text FROM updates ORDER BY row_id`,
    );

    expect(await repository().hostingCheckedThrough()).toBe('0');
    const firstTwo = await repository().unhostedParties('0', 2);
    expect(firstTwo.through).toBe(rows[1].row_id);
    expect(firstTwo.parties).toEqual(
      [alice, bob, carol]
        .sort()
        .map((partyId) => ({ synchronizerId: h.synchronizer, partyId, migrationId: 0 })),
    );

    // A mapping copied from the peers (an empty one: they agreed on a 404) takes a party off the list.
    await mirrorWriter().append([
      hostingItem(h, alice, [PAR('one')], '2026-11-27T10:00:00.000000Z'),
      hostingItem(h, carol, [], '2026-11-27T10:00:00.000000Z'),
    ]);
    const stored: { party_id: string; source: string }[] = await db.dataSource.query(
      `SELECT party_id, source FROM party_hosting ORDER BY party_id`,
    );
    expect(stored).toEqual([
      { party_id: alice, source: 'peers' },
      { party_id: carol, source: 'peers' },
    ]);
    expect((await repository().unhostedParties('0', 2)).parties.map((p) => p.partyId)).toEqual([bob]);

    await repository().markHostingChecked(firstTwo.through!);
    await repository().markHostingChecked(rows[0].row_id);
    expect(await repository().hostingCheckedThrough()).toBe(rows[1].row_id);
    const rest = await repository().unhostedParties(rows[1].row_id, 2);
    expect(rest).toEqual({
      through: rows[2].row_id,
      parties: [{ synchronizerId: h.synchronizer, partyId: dave, migrationId: 0 }],
    });
    expect(await repository().unhostedParties(rows[2].row_id, 2)).toEqual({
      through: undefined,
      parties: [],
    });
  });

  it('a writer of history without synchronizer facts still refuses hosting items not marked as copied', async () => {
    const { h, alice } = history();
    const writer = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'absent',
    });
    await expect(
      writer.append([hostingItem(h, alice, [PAR('one')], '2026-11-27T10:00:00.000000Z')]),
    ).rejects.toThrow('a writer for history without synchronizer facts was given a hosting item');
  });

  it('knows the members docs/traffic.md calls known: purchases, SV participants, sequencers and mediators', async () => {
    const { summary } = await loadSimulatedNetwork(db.dataSource, { seed: 3, rounds: 24 });
    const members = await repository().knownTrafficMembers();
    const ids = new Set(members.map((m) => m.memberId));
    const purchased: { member: string }[] = await db.dataSource.query(
      `SELECT DISTINCT payload_compact->>'memberId' AS member FROM contracts WHERE entity_name = 'MemberTraffic'`,
    );
    expect(purchased.length).toBeGreaterThan(0);
    for (const { member } of purchased) expect(ids).toContain(member);
    // The SVs of the current DsoRules (the offboarded one no longer).
    const current = summary.network.svs.filter((sv) => sv !== summary.network.offboardedSv);
    for (const sv of current.slice(0, 2)) expect(ids).toContain(sv.participantId);
    expect(members.some((m) => m.memberId.startsWith('SEQ::'))).toBe(true);
    expect(members.some((m) => m.memberId.startsWith('MED::'))).toBe(true);
    expect(new Set(members.map((m) => `${m.synchronizerId} ${m.memberId}`)).size).toBe(members.length);
  });
});
