import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  computeActivityTotals,
  formatDamlDecimal,
  isHostingItem,
  isVerdictItem,
  parseDamlDecimal,
  ingestUpdates,
  LedgerWriter,
  SpliceTemplates,
  toCompact,
  type AmuletRulesPayload,
  type ClosedMiningRoundPayload,
  type HistoryCreatedEvent,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type OpenMiningRoundPayload,
  type RewardAccountingConfig,
} from '@canton-scan/domain';
import { simulateHistory, simulateNetwork } from '@canton-scan/simulator';
import {
  createdEvents,
  expectResponseMatchesSpec,
  HistoryBuilder,
  sendRaw,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanClient>;

/** Realistic AmuletRules / round payloads, taken from a small simulated network and then adjusted. */
function samplePayloads() {
  const created: HistoryCreatedEvent[] = [];
  for (const u of simulateNetwork({ rounds: 24 })) if ('events_by_id' in u) created.push(...createdEvents(u));
  const first = <T>(template: { templateId: string }) =>
    toCompact(created.find((e) => e.template_id === template.templateId)!.create_arguments) as unknown as T;
  return {
    rules: first<AmuletRulesPayload>(SpliceTemplates.AmuletRules),
    open: first<OpenMiningRoundPayload>(SpliceTemplates.OpenMiningRound),
    closed: first<ClosedMiningRoundPayload>(SpliceTemplates.ClosedMiningRound),
  };
}

const EARLY: RewardAccountingConfig = {
  appRewardPoolPerRound: '1000.0000000000',
  appRewardThreshold: '3.0000000000',
  appRewardCapPerWeight: '2.0000000000',
};
const LATER: RewardAccountingConfig = {
  appRewardPoolPerRound: '100.0000000000',
  appRewardThreshold: '10.0000000000',
  appRewardCapPerWeight: '0.5000000000',
};
const UNUSED: RewardAccountingConfig = {
  appRewardPoolPerRound: '5.0000000000',
  appRewardThreshold: '1.0000000000',
  appRewardCapPerWeight: '1.0000000000',
};

describe('scan reward accounting (CIP-0104 activity totals)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: Client;
  let samples: ReturnType<typeof samplePayloads>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    samples = samplePayloads();
  });
  afterAll(() => running.close());

  const totals = async (round: number) => {
    const res = await scanApi.getRewardAccountingActivityTotals({ client, path: { round_number: round } });
    expectResponseMatchesSpec(scanSpec, 'getRewardAccountingActivityTotals', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };

  /**
   * App activity arrives with verdicts (docs/events.md): one verdict item per `activity`, on a
   * transaction this scan does not see, whose app activity records give `provider` `weight` in
   * `round`.
   *
   * Rounds 1..5 and 9 (round 9 opened before any AmuletRules, so without a reward configuration):
   * AmuletRules: initialValue UNUSED (never in force: a future value is in force from the start),
   * EARLY in force from 00:00, LATER from 01:00. Rounds 1, 3, 5 open before 01:00, round 2 after.
   * Rounds 1, 2, 3, 5 and 9 are closed; round 4 is not.
   */
  function history(): (HistoryUpdate | HistoryVerdictItem)[] {
    const h = new HistoryBuilder('2026-01-05T00:00:00.000000Z');
    let verdicts = 0;
    const dso = samples.rules.dso;
    const p = (name: string) => h.party(name);
    const config = (reward: RewardAccountingConfig) => ({
      ...samples.rules.configSchedule.initialValue,
      rewardAccounting: reward,
    });
    const open = (round: number, opensAt: string) =>
      h.tx([
        {
          create: {
            template: SpliceTemplates.OpenMiningRound,
            payload: { ...samples.open, dso, round: { number: String(round) }, opensAt },
            signatories: [dso],
          },
        },
      ]);
    const close = (round: number) =>
      h.tx([
        {
          create: {
            template: SpliceTemplates.ClosedMiningRound,
            payload: { ...samples.closed, dso, round: { number: String(round) } },
            signatories: [dso],
          },
        },
      ]);
    const activity = (round: number, provider: string, weight: number): HistoryVerdictItem => {
      const seq = verdicts++;
      const updateId = `1220${seq.toString(16).padStart(64, 'f')}`;
      const recordTime = `2026-01-05T02:00:00.${String(seq).padStart(6, '0')}Z`;
      return {
        verdict: {
          update_id: updateId,
          migration_id: 0,
          domain_id: 'global-domain::1220' + 'a'.repeat(64),
          record_time: recordTime,
          finalization_time: recordTime,
          submitting_parties: [p(provider)],
          submitting_participant_uid: 'validator-1::1220' + 'b'.repeat(64),
          verdict_result: 'VERDICT_RESULT_ACCEPTED',
          mediator_group: 0,
          transaction_views: {
            views: [
              {
                view_id: 0,
                informees: [p(provider)],
                confirming_parties: [{ parties: [p(provider)], threshold: 1 }],
                sub_views: [],
                view_hash: '',
              },
            ],
            root_views: [0],
          },
        },
        traffic_summary: {
          total_traffic_cost: weight,
          envelope_traffic_summaries: [{ traffic_cost: weight, view_ids: [0] }],
        },
        app_activity_records: { round_number: round, records: [{ party: p(provider), weight }] },
      };
    };
    return [
      open(9, '2026-01-04T23:00:00.000000Z'),
      h.tx([
        {
          create: {
            template: SpliceTemplates.AmuletRules,
            payload: {
              ...samples.rules,
              configSchedule: {
                initialValue: config(UNUSED),
                futureValues: [
                  { _1: '2026-01-04T00:00:00.000000Z', _2: config(EARLY) },
                  { _1: '2026-01-05T01:00:00.000000Z', _2: config(LATER) },
                ],
              },
            },
            signatories: [dso],
          },
        },
      ]),
      open(1, '2026-01-05T00:30:00.000000Z'),
      open(2, '2026-01-05T01:00:00.000000Z'),
      open(3, '2026-01-05T00:59:59.999999Z'),
      open(4, '2026-01-05T00:40:00.000000Z'),
      open(5, '2026-01-05T00:50:00.000000Z'),
      // Round 1 (EARLY): W = 500, pool / W = 2 = cap.
      activity(1, 'a', 60),
      activity(1, 'a', 40),
      activity(1, 'b', 300),
      activity(1, 'c', 1),
      activity(1, 'd', 99),
      // Round 2 (LATER): W = 300, pool / W = 1/3 < cap; allowances need flooring.
      activity(2, 'a', 7),
      activity(2, 'b', 13),
      activity(2, 'c', 280),
      // Round 3 (EARLY): W = 60, pool / W = 16.67 > cap = 2.
      activity(3, 'a', 10),
      activity(3, 'b', 50),
      activity(4, 'a', 5),
      activity(9, 'a', 5),
      close(1),
      close(2),
      close(3),
      close(5),
      close(9),
    ];
  }

  const ok = (
    round: number,
    fields: Omit<scanApi.RewardAccountingActivityTotalsOk, 'status' | 'round_number'>,
  ) => ({ status: 'Ok', round_number: round, ...fields });
  const HAND_COMPUTED = {
    // a = 100, b = 300, c = 1, d = 99 at rate 2: 200, 600, 2 (< 3: burned), 198.
    1: ok(1, {
      total_app_activity_weight: 500,
      active_parties_count: 4,
      activity_records_count: 5,
      total_app_reward_minting_allowance: '998.0000000000',
      total_app_reward_thresholded: '2.0000000000',
      total_app_reward_unclaimed: '0.0000000000',
      rewarded_app_provider_parties_count: 3,
    }),
    // a = floor10(700/300) = 2.3333333333, b = floor10(1300/300) = 4.3333333333 (both < 10: burned),
    // c = floor10(28000/300) = 93.3333333333; the flooring leaves 0.0000000001 unclaimed.
    2: ok(2, {
      total_app_activity_weight: 300,
      active_parties_count: 3,
      activity_records_count: 3,
      total_app_reward_minting_allowance: '93.3333333333',
      total_app_reward_thresholded: '6.6666666666',
      total_app_reward_unclaimed: '0.0000000001',
      rewarded_app_provider_parties_count: 1,
    }),
    // Capped at 2 per weight: a = 20, b = 100; the other 880 of the pool are unclaimed.
    3: ok(3, {
      total_app_activity_weight: 60,
      active_parties_count: 2,
      activity_records_count: 2,
      total_app_reward_minting_allowance: '120.0000000000',
      total_app_reward_thresholded: '0.0000000000',
      total_app_reward_unclaimed: '880.0000000000',
      rewarded_app_provider_parties_count: 2,
    }),
    // No activity: the whole pool is unclaimed.
    5: ok(5, {
      total_app_activity_weight: 0,
      active_parties_count: 0,
      activity_records_count: 0,
      total_app_reward_minting_allowance: '0.0000000000',
      total_app_reward_thresholded: '0.0000000000',
      total_app_reward_unclaimed: '1000.0000000000',
      rewarded_app_provider_parties_count: 0,
    }),
  };

  it("stores a closed round's totals on write, matching the totals computed by hand", async () => {
    await writeHistory(db.dataSource, history());
    for (const [round, expected] of Object.entries(HAND_COMPUTED)) {
      const res = await totals(Number(round));
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual(expected);
    }
    const stored = await db.dataSource.query(
      'SELECT round::int FROM reward_accounting_totals ORDER BY round',
    );
    expect(stored).toEqual([{ round: 1 }, { round: 2 }, { round: 3 }, { round: 5 }]);
  });

  it('stores the totals in the transaction of the batch that closes the round, before any read', async () => {
    const updates = history();
    const closing = updates.length - 5;
    await writeHistory(db.dataSource, updates.slice(0, closing));
    const stored = () =>
      db.dataSource.query('SELECT round::int FROM reward_accounting_totals ORDER BY round');
    expect(await stored()).toEqual([]);
    expect((await totals(1)).data).toEqual({ status: 'Undetermined' });
    // The batch of close(1) and close(2) stores their totals; nothing else does.
    await writeHistory(db.dataSource, updates.slice(closing, closing + 2));
    expect(await stored()).toEqual([{ round: 1 }, { round: 2 }]);
    await writeHistory(db.dataSource, updates.slice(closing + 2));
    expect(await stored()).toEqual([{ round: 1 }, { round: 2 }, { round: 3 }, { round: 5 }]);
  });

  it('reads only: a round whose totals are missing stays Undetermined until the writer computes them', async () => {
    await writeHistory(db.dataSource, history());
    // Totals lost (a store written before the writer computed them): reads do not compute them.
    await db.dataSource.query('DELETE FROM reward_accounting_totals WHERE round IN (1, 3)');
    await db.dataSource.query(`UPDATE reward_accounting_totals SET computed_at = '2000-01-01T00:00:00Z'`);
    expect((await totals(1)).data).toEqual({ status: 'Undetermined' });
    expect((await totals(3)).data).toEqual({ status: 'Undetermined' });
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM reward_accounting_totals')).toEqual([
      { n: 2 },
    ]);
    await computeActivityTotals(db.dataSource, ['1', '2', '3', '5']);
    for (const [round, expected] of Object.entries(HAND_COMPUTED))
      expect((await totals(Number(round))).data).toEqual(expected);
    // Rounds 1 and 3 computed now; rounds 2 and 5 kept, not recomputed.
    expect(
      await db.dataSource.query(
        `SELECT round::int FROM reward_accounting_totals WHERE computed_at > '2000-01-01T00:00:00Z' ORDER BY round`,
      ),
    ).toEqual([{ round: 1 }, { round: 3 }]);
  });

  it('answers CannotProvide for closed rounds whose verdicts the store does not carry (a mirror), never zero activity', async () => {
    const writer = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'absent',
    });
    await writer.append(history().filter((i) => !isVerdictItem(i) && !isHostingItem(i)));
    for (const round of [1, 2, 3, 5]) expect((await totals(round)).data).toEqual({ status: 'CannotProvide' });
    expect((await totals(4)).data).toEqual({ status: 'Undetermined' });
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM reward_accounting_totals')).toEqual([
      { n: 0 },
    ]);
    await expect(writer.append(history().filter(isVerdictItem))).rejects.toThrow(/without verdicts/);
  });

  it('tells rounds not closed or not yet reached (Undetermined) from rounds outside the history (CannotProvide)', async () => {
    const before = await totals(1);
    expect(before.data).toEqual({ status: 'Undetermined' });
    await writeHistory(db.dataSource, history());
    const status = async (round: number) => ((await totals(round)).data as { status: string }).status;
    expect(await status(4)).toBe('Undetermined');
    expect(await status(10)).toBe('Undetermined');
    expect(await status(1_000_000)).toBe('Undetermined');
    expect(await status(0)).toBe('CannotProvide');
    expect(await status(7)).toBe('CannotProvide');
    // Closed, but the AmuletRules in force when it opened are not in this history.
    expect(await status(9)).toBe('CannotProvide');
  });

  it('keeps pool = minting + thresholded + unclaimed for every closed round of a simulated network', async () => {
    const items = [...simulateHistory({ seed: 11, rounds: 40 })];
    await writeHistory(db.dataSource, items);
    const records = new Map<number, { n: number; weight: bigint; providers: Set<string> }>();
    for (const item of items) {
      if (!isVerdictItem(item) || !item.app_activity_records) continue;
      const round = item.app_activity_records.round_number;
      const r = records.get(round) ?? { n: 0, weight: 0n, providers: new Set<string>() };
      for (const record of item.app_activity_records.records) {
        r.n++;
        r.weight += BigInt(record.weight);
        r.providers.add(record.party);
      }
      records.set(round, r);
    }
    expect([...records.values()].filter((r) => r.n > 0).length).toBeGreaterThan(20);
    const closed: { round: string; pool: string }[] = await db.dataSource.query(
      'SELECT round::text, app_reward_pool::text AS pool FROM mining_rounds WHERE closed_record_time IS NOT NULL ORDER BY round',
    );
    expect(closed.length).toBeGreaterThan(30);
    for (const { round, pool } of closed) {
      const t = (await totals(Number(round))).data as scanApi.RewardAccountingActivityTotalsOk;
      expect(t.status).toBe('Ok');
      const sum =
        parseDamlDecimal(t.total_app_reward_minting_allowance) +
        parseDamlDecimal(t.total_app_reward_thresholded) +
        parseDamlDecimal(t.total_app_reward_unclaimed);
      expect(formatDamlDecimal(sum)).toBe(pool);
      const r = records.get(Number(round)) ?? { n: 0, weight: 0n, providers: new Set() };
      expect([t.activity_records_count, BigInt(t.total_app_activity_weight), t.active_parties_count]).toEqual(
        [r.n, r.weight, r.providers.size],
      );
    }
  });

  /** The raw answer for every round from one below the first known round to two above the last. */
  const everyAnswer = async () => {
    const [{ first, last }]: { first: number; last: number }[] = await db.dataSource.query(
      'SELECT min(round)::int AS first, max(round)::int AS last FROM mining_rounds',
    );
    const answers: string[] = [];
    for (let round = Math.max(0, first - 1); round <= last + 2; round++) {
      const res = await sendRaw(running.origin + running.config.scanApi.prefix, {
        method: 'GET',
        path: `/v0/internal/reward-accounting-process/rounds/${round}/activity-totals`,
      });
      answers.push(`${res.status} ${res.text}`);
    }
    return answers;
  };

  it('answers the same for every round of a simulated network whatever the batch boundaries', async () => {
    const updates = [...simulateHistory({ seed: 23, rounds: 30, migrationRound: 20 })];
    const bySize = new Map<number, string[]>();
    for (const size of [updates.length, 97, 13]) {
      await db.truncate();
      await writeHistory(db.dataSource, updates, size);
      bySize.set(size, await everyAnswer());
    }
    const whole = bySize.get(updates.length)!;
    expect(whole.filter((a) => a.startsWith('200 {"status":"Ok"')).length).toBeGreaterThan(20);
    for (const answers of bySize.values()) expect(answers).toEqual(whole);
    // The same as the totals computed after the whole history (what reads computed before).
    const closed: { round: string }[] = await db.dataSource.query(
      'SELECT round::text FROM reward_accounting_totals ORDER BY round',
    );
    await db.dataSource.query('DELETE FROM reward_accounting_totals');
    await computeActivityTotals(
      db.dataSource,
      closed.map((r) => r.round),
    );
    expect(await everyAnswer()).toEqual(whole);
  });

  it("has the totals of every closed round after an ingest (ingestUpdates, the ingest CLI's path)", async () => {
    const updates = [...simulateHistory({ seed: 29, rounds: 30, migrationRound: 20 })];
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    await ingestUpdates(writer, updates, { batchSize: 150 });
    const closed: { round: number }[] = await db.dataSource.query(
      'SELECT round::int FROM mining_rounds WHERE closed_record_time IS NOT NULL ORDER BY round',
    );
    expect(closed.length).toBeGreaterThan(20);
    expect(
      await db.dataSource.query('SELECT round::int FROM reward_accounting_totals ORDER BY round'),
    ).toEqual(closed);
    for (const { round } of closed)
      expect((await totals(round)).data).toMatchObject({ status: 'Ok', round_number: round });
  });

  it('refuses a malformed round number', async () => {
    const res = await scanApi.getRewardAccountingActivityTotals({ client, path: { round_number: -1 } });
    expect(res.response.status).toBe(400);
    expectResponseMatchesSpec(scanSpec, 'getRewardAccountingActivityTotals', {
      status: 400,
      contentType: res.response.headers.get('content-type'),
      body: res.error,
    });
  });
});
