import { isAssignment, isTransaction, LedgerWriter, type HistoryUpdate } from '@canton-scan/domain';
import { useTestDatabase } from '@canton-scan/testing';
import { simulateNetwork } from './simulator';

/** The ACS of `migrationId` at record time `t` by replaying the history in order. */
function replayAcs(history: HistoryUpdate[], migrationId: number, t: string): string[] {
  const active = new Map<string, true>();
  for (const u of history) {
    if (u.record_time >= t && !u.record_time.startsWith('0001-')) continue;
    if (isTransaction(u)) {
      if (u.migration_id !== migrationId) continue;
      const visit = (id: string) => {
        const e = u.events_by_id[id];
        if (e.event_type === 'created_event') active.set(e.contract_id, true);
        else {
          if (e.consuming) active.delete(e.contract_id);
          e.child_event_ids.forEach(visit);
        }
      };
      u.root_event_ids.forEach(visit);
    } else if (
      isAssignment(u.event) &&
      u.event.migration_id === migrationId &&
      !active.has(u.event.created_event.contract_id)
    ) {
      active.set(u.event.created_event.contract_id, true);
    }
  }
  return [...active.keys()];
}

describe('the ACS query over simulated histories', () => {
  const db = useTestDatabase();

  it.each([11, 23, 37])('equals a replay of the history at several record times (seed %i)', async (seed) => {
    const history = [
      ...simulateNetwork({
        seed,
        rounds: 40,
        migrationRound: 30,
        transfersPerRound: 4,
        tapsPerRound: 2,
        tickSeconds: 1800,
        // Reassignments and a contract left in flight (off by default) are part of what the replay covers.
        reassignEveryRounds: 6,
      }),
    ];
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    for (let i = 0; i < history.length; i += 500) await writer.append(history.slice(i, i + 500));

    const snapshots: { migration_id: string; record_time: string }[] = await db.dataSource.query(
      'SELECT migration_id::text, record_time FROM acs_snapshots ORDER BY migration_id, record_time',
    );
    const migrations = [...new Set(snapshots.map((s) => Number(s.migration_id)))];
    expect(migrations).toEqual([0, 1]);
    // Snapshot times, exact record times of updates (the boundary: created at T is not in the ACS at T) and times between.
    const nonImport = history.filter((u) => !u.record_time.startsWith('0001-'));
    const probes: { migrationId: number; t: string }[] = snapshots.map((s) => ({
      migrationId: Number(s.migration_id),
      t: s.record_time,
    }));
    for (const k of [0.1, 0.35, 0.6, 0.85, 0.97]) {
      const u = nonImport[Math.floor(k * nonImport.length)];
      const migrationId = isTransaction(u) ? u.migration_id : u.event.migration_id;
      probes.push(
        { migrationId, t: u.record_time },
        { migrationId, t: u.record_time.replace(/\d{3}Z$/, '999Z') },
      );
    }
    expect(probes.length).toBeGreaterThan(10);
    for (const { migrationId, t } of probes) {
      const rows: { contract_id: string }[] = await db.dataSource.query(
        `SELECT contract_id FROM contracts
          WHERE migration_id = $1 AND created_record_time < $2 AND (archived_record_time IS NULL OR archived_record_time >= $2)
          ORDER BY row_id`,
        [migrationId, t],
      );
      const expected = replayAcs(history, migrationId, t);
      expect({ migrationId, t, acs: rows.map((r) => r.contract_id) }).toEqual({
        migrationId,
        t,
        acs: expected,
      });
    }
  });
});
