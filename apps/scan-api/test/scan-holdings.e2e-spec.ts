import {
  formatDamlDecimal,
  parseDamlDecimal,
  SpliceTemplates,
  type AmuletPayload,
  type LockedAmuletPayload,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import { nameOf, snapshots, useScanAcsApp, holdings, allPages, NETWORK } from './scan-acs.fixture';

describe('scan ACS snapshots and holdings', () => {
  useScanAcsApp(() => [...simulateNetwork(NETWORK)]);

  it('summarizes holdings per owner exactly as the sums over the snapshot’s pages', async () => {
    for (const { migrationId, recordTime } of snapshots) {
      const sums = new Map<string, { unlocked: bigint; locked: bigint }>();
      for (const e of await allPages({
        migration_id: migrationId,
        record_time: recordTime,
        page_size: 100,
      })) {
        let owner: string | undefined;
        let amount = 0n;
        let locked = false;
        if (nameOf(e) === SpliceTemplates.Amulet.qualifiedName) {
          const p = e.create_arguments as unknown as AmuletPayload;
          owner = p.owner;
          amount = parseDamlDecimal(p.amount.initialAmount);
        } else if (nameOf(e) === SpliceTemplates.LockedAmulet.qualifiedName) {
          const p = e.create_arguments as unknown as LockedAmuletPayload;
          owner = p.amulet.owner;
          amount = parseDamlDecimal(p.amulet.amount.initialAmount);
          locked = true;
        }
        if (!owner) continue;
        const s = sums.get(owner) ?? { unlocked: 0n, locked: 0n };
        if (locked) s.locked += amount;
        else s.unlocked += amount;
        sums.set(owner, s);
      }
      const owners = [...sums.keys()];
      expect(owners.length).toBeGreaterThan(3);
      expect([...sums.values()].some((s) => s.locked > 0n)).toBe(true);
      const stranger = 'stranger::1220' + '9'.repeat(64);
      const res = await holdings({
        migration_id: migrationId,
        record_time: recordTime,
        owner_party_ids: [...owners, stranger, owners[0]],
      });
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual({
        record_time: recordTime,
        migration_id: migrationId,
        summaries: [
          ...owners.map((owner) => {
            const s = sums.get(owner)!;
            return {
              party_id: owner,
              total_unlocked_coin: formatDamlDecimal(s.unlocked),
              total_locked_coin: formatDamlDecimal(s.locked),
              total_coin_holdings: formatDamlDecimal(s.unlocked + s.locked),
            };
          }),
          {
            party_id: stranger,
            total_unlocked_coin: '0.0000000000',
            total_locked_coin: '0.0000000000',
            total_coin_holdings: '0.0000000000',
          },
        ],
      });
    }
  });

  it('resolves the holdings snapshot like the ACS and answers 404 without one', async () => {
    const owner = 'anyone::1220' + '1'.repeat(64);
    const atOrBefore = await holdings({
      migration_id: 1,
      record_time: '2026-01-06T00:00:00Z',
      record_time_match: 'at_or_before',
      owner_party_ids: [owner],
    });
    expect(atOrBefore.data!.record_time).toBe('2026-01-05T09:00:00.000000Z');
    for (const body of [
      { migration_id: 0, record_time: '2026-01-05T04:00:00Z', owner_party_ids: [owner] },
      { migration_id: 3, record_time: '2026-01-05T03:00:00Z', owner_party_ids: [owner] },
      {
        migration_id: 0,
        record_time: '2026-01-05T01:00:00Z',
        record_time_match: 'at_or_before' as const,
        owner_party_ids: [owner],
      },
    ]) {
      const res = await holdings(body);
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ error: expect.stringContaining('no ACS snapshot') });
    }
  });
});
