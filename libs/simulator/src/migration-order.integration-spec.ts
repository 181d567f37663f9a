import {
  encodeScanOffset,
  isHostingItem,
  isVerdictItem,
  LedgerWriter,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { useTestDatabase } from '@canton-scan/testing';
import { simulateHistory } from './simulator';

/** The migration an item of the write path belongs to (an update, a verdict item, a hosting item). */
function migrationOf(item: unknown): number {
  if (isVerdictItem(item)) return (item.verdict as { migration_id: number }).migration_id;
  if (isHostingItem(item)) return item.party_to_participant.migration_id;
  const update = item as { migration_id?: number; event?: { migration_id: number } };
  // A reassignment carries it in its event.
  return update.migration_id ?? update.event!.migration_id;
}

/**
 * What the writer derives from the history, without the row ids and dictionary ids a write
 * order assigns: rounds and their totals, app activity, holdings, licenses, votes, snapshots.
 */
const DERIVED = {
  mining_rounds: `SELECT round::text, migration_id::text, opens_at, opened_record_time, closed_record_time,
                         amulet_to_issue_per_year::text, traffic_price::text
                    FROM mining_rounds ORDER BY round`,
  reward_accounting_totals: `SELECT round::text, total_app_activity_weight::text, active_parties_count::text,
                                   activity_records_count::text, total_app_reward_minting_allowance::text,
                                   total_app_reward_thresholded::text, total_app_reward_unclaimed::text,
                                   rewarded_app_provider_parties_count::text
                              FROM reward_accounting_totals ORDER BY round`,
  app_activity_records: `SELECT update_id, provider, round::text, activity_weight::text, migration_id::text
                           FROM app_activity_records ORDER BY update_id, provider, round`,
  amulet_holdings: `SELECT c.contract_id, h.migration_id::text, h.amount::text, h.locked, h.created_record_time,
                           h.archived_record_time
                      FROM amulet_holdings h JOIN contracts c ON c.row_id = h.contract_row_id
                     ORDER BY c.contract_id, h.migration_id`,
  validator_licenses: `SELECT c.contract_id, l.migration_id::text, l.validator, l.first_received_round,
                              l.last_received_round, l.num_rounds_missed, l.archived_record_time
                         FROM validator_licenses l JOIN contracts c ON c.row_id = l.contract_row_id
                        ORDER BY c.contract_id, l.migration_id`,
  contracts: `SELECT contract_id, migration_id::text, archived_record_time FROM contracts ORDER BY contract_id, migration_id`,
  vote_results: `SELECT u.update_id, v.node_id, v.accepted, v.outcome FROM vote_results v
                   JOIN updates u ON u.row_id = v.update_row_id ORDER BY u.update_id, v.node_id`,
  acs_snapshots: `SELECT migration_id::text, record_time FROM acs_snapshots ORDER BY migration_id, record_time`,
  history_migrations: `SELECT * FROM history_migrations ORDER BY migration_id`,
};

describe('migrations written out of order', () => {
  const db = useTestDatabase();
  const items = [...simulateHistory({ seed: 11, rounds: 30, migrationRound: 18 })] as unknown[];
  const earlier = items.filter((item) => migrationOf(item) === 0);
  const later = items.filter((item) => migrationOf(item) === 1);
  const activityRound = (item: unknown) =>
    isVerdictItem(item) ? (item.app_activity_records?.round_number as number | undefined) : undefined;
  // A round open across the migration, with app activity in both: the simulator's migration falls
  // between rounds, MainNet's do not. The last activity of the earlier migration is moved to the
  // first round the later one has activity in (closed in the later migration).
  const straddled = later.map(activityRound).find((r) => r !== undefined)!;
  const lastActive = earlier.map(activityRound).findLastIndex((r) => r !== undefined);
  earlier[lastActive] = JSON.parse(JSON.stringify(earlier[lastActive]));
  (
    earlier[lastActive] as { app_activity_records: { round_number: number } }
  ).app_activity_records.round_number = straddled;

  const write = async (order: unknown[][]) => {
    await db.truncate();
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 1 });
    for (const part of order)
      for (let i = 0; i < part.length; i += 150) await writer.append(part.slice(i, i + 150));
    const state: Record<string, unknown[]> = {};
    for (const [table, sql] of Object.entries(DERIVED)) state[table] = await db.dataSource.query(sql);
    return state;
  };

  it('derives the same state when a later migration is written while an earlier one is completed', async () => {
    expect(earlier.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    const inOrder = await write([earlier, later]);

    // What the test is about: a round with activity in both migrations, totalled once closed (in
    // the later one); rounds re-created by the later migration's import.
    const activity = inOrder.app_activity_records as { round: string; migration_id: string }[];
    const migrationsOf = new Set(
      activity.filter((a) => a.round === String(straddled)).map((a) => a.migration_id),
    );
    expect([...migrationsOf].sort()).toEqual(['0', '1']);
    const totals = inOrder.reward_accounting_totals as { round: string; activity_records_count: string }[];
    expect(totals.find((t) => String(t.round) === String(straddled))).toBeDefined();

    // The later migration (its import included) written while the earlier one is half copied,
    // as a mirror copying them in parallel does.
    const half = Math.floor(earlier.length / 2);
    const interleaved = await write([earlier.slice(0, half), later, earlier.slice(half)]);
    expect(interleaved).toEqual(inOrder);
  });

  it('refuses an offset of an earlier migration at or above a later migration first offset', async () => {
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 1 });
    const regular = (list: unknown[]) =>
      list.filter(
        (i) => !isVerdictItem(i) && !isHostingItem(i) && (i as { offset?: string }).offset,
      ) as (HistoryUpdate & { offset: string })[];
    const laterUpdates = regular(later);
    await writer.append(earlier.slice(0, 100));
    await writer.append(later.slice(0, later.indexOf(laterUpdates[0]) + 1));
    const next = regular(earlier.slice(100))[0];
    // Moved to the later migration's first offset: it would interleave the two migrations.
    const moved = { ...next, offset: laterUpdates[0].offset };
    await expect(writer.append([moved])).rejects.toThrow(
      new RegExp(
        `update ${next.update_id}: offset \\d+ of migration 0 is neither below offset \\d+ of a later ` +
          'migration nor above every offset stored',
      ),
    );
    // In place, it is taken; and above every offset stored (the later migration's included), as
    // a history written in order would have it.
    await expect(writer.append([next])).resolves.toMatchObject({ appended: 1 });
    const after = regular(earlier.slice(100))[1];
    const top = BigInt(
      (await db.dataSource.query(`SELECT max(ledger_offset)::text AS top FROM updates`))[0].top as string,
    );
    await expect(writer.append([{ ...after, offset: encodeScanOffset(top + 1n) }])).resolves.toMatchObject({
      appended: 1,
    });
  });
});
