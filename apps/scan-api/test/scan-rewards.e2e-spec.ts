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
  type ClosedMiningRoundPayload,
  type HistoryCreatedEvent,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type OpenMiningRoundPayload,
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
    open: first<OpenMiningRoundPayload>(SpliceTemplates.OpenMiningRound),
    closed: first<ClosedMiningRoundPayload>(SpliceTemplates.ClosedMiningRound),
  };
}

/** A round's CIP-0104 inputs as its OpenMiningRound carries them (decimals as Daml text). */
interface RoundInputs {
  amuletPrice: string;
  trafficPrice: string;
  appRewardCouponThreshold: string;
  tickMicros: bigint;
  amuletToIssuePerYear: string;
  appRewardPercentage: string;
  featuredAppRewardCap: string;
  developmentFundPercentage: string | null;
}

const EARLY: RoundInputs = {
  amuletPrice: '0.0050000000',
  trafficPrice: '16.6700000000',
  appRewardCouponThreshold: '0.5000000000',
  tickMicros: 600_000_000n,
  amuletToIssuePerYear: '40000000000.0000000000',
  appRewardPercentage: '0.1500000000',
  featuredAppRewardCap: '100.0000000000',
  developmentFundPercentage: '0.0500000000',
};
const LATER: RoundInputs = {
  ...EARLY,
  amuletPrice: '0.0070000000',
  appRewardCouponThreshold: '3.0000000000',
  featuredAppRewardCap: '1.5000000000',
  developmentFundPercentage: null,
};

/** The OpenMiningRound fields that carry `inputs`. */
function roundPayloadOf(inputs: RoundInputs) {
  const { issuanceConfig } = samplePayloadsOnce().open;
  return {
    amuletPrice: inputs.amuletPrice,
    trafficPrice: inputs.trafficPrice,
    tickDuration: { microseconds: String(inputs.tickMicros) },
    issuanceConfig: {
      ...issuanceConfig,
      amuletToIssuePerYear: inputs.amuletToIssuePerYear,
      appRewardPercentage: inputs.appRewardPercentage,
      featuredAppRewardCap: inputs.featuredAppRewardCap,
      optDevelopmentFundPercentage: inputs.developmentFundPercentage,
    },
    rewardConfig: {
      mintingVersion: 'RewardVersion_FeaturedAppMarkers',
      dryRunVersion: null,
      batchSize: '100',
      rewardCouponTimeToLive: { microseconds: '129600000000' },
      appRewardCouponThreshold: inputs.appRewardCouponThreshold,
    },
  };
}

/** The inputs an OpenMiningRound payload carries, read here without the code under test. */
function inputsOfRound(p: OpenMiningRoundPayload): RoundInputs {
  const plain = (v: string) => formatDamlDecimal(parseDamlDecimal(v));
  return {
    amuletPrice: plain(p.amuletPrice),
    trafficPrice: plain(p.trafficPrice!),
    appRewardCouponThreshold: plain(p.rewardConfig!.appRewardCouponThreshold),
    tickMicros: BigInt(p.tickDuration.microseconds),
    amuletToIssuePerYear: plain(p.issuanceConfig.amuletToIssuePerYear),
    appRewardPercentage: plain(p.issuanceConfig.appRewardPercentage),
    featuredAppRewardCap: plain(p.issuanceConfig.featuredAppRewardCap),
    developmentFundPercentage:
      p.issuanceConfig.optDevelopmentFundPercentage === null
        ? null
        : plain(p.issuanceConfig.optDevelopmentFundPercentage),
  };
}

let sampleCache: ReturnType<typeof samplePayloads> | undefined;
const samplePayloadsOnce = () => (sampleCache ??= samplePayloads());

/**
 * An independent reference of Splice scan's computation (RewardComputationInputs.scala,
 * DbScanAppRewardsStore.computeRewardTotals), written from its formulas for this test: Numeric 10
 * values as bigint counts of 10^-10, every product and quotient rounded half-even; a provider's
 * amount (w / 10^6) x issuancePerMb kept exact for the threshold test and stored rounded half away
 * from zero to 10 decimals (a decimal(38,10) column), as the SQL of Splice's store does.
 */
function referenceTotals(inputs: RoundInputs, weights: Map<string, bigint>) {
  const S = 10_000_000_000n;
  const num = (t: string) => {
    const [w, f = ''] = t.split('.');
    return BigInt(w) * S + BigInt(f.padEnd(10, '0'));
  };
  const show = (u: bigint): string =>
    u < 0n ? `-${show(-u)}` : `${u / S}.${(u % S).toString().padStart(10, '0')}`;
  const roundEven = (n: bigint, d: bigint) => {
    const q = n / d;
    const twice = (n % d) * 2n;
    return twice > d || (twice === d && q % 2n === 1n) ? q + 1n : q;
  };
  const mul = (a: bigint, b: bigint) => roundEven(a * b, S);
  const div = (a: bigint, b: bigint) => roundEven(a * S, b);
  const total = [...weights.values()].reduce((a, b) => a + b, 0n);
  const roundsPerYear = div(365n * 24n * 3600n * 1_000_000n * S, inputs.tickMicros * S);
  const perRound = div(num(inputs.amuletToIssuePerYear), roundsPerYear);
  const adjusted = perRound - mul(perRound, num(inputs.developmentFundPercentage ?? '0.05'));
  const ccPerMb = div(num(inputs.trafficPrice), num(inputs.amuletPrice));
  const coupons = mul(div(total * S, 1_000_000n * S), ccPerMb);
  const toIssue = mul(adjusted, num(inputs.appRewardPercentage));
  const cap = num(inputs.featuredAppRewardCap);
  const scaled = mul(cap, coupons);
  const perCoupon = coupons === 0n ? cap : div(mul(toIssue < scaled ? toIssue : scaled, cap), scaled);
  const unclaimed = toIssue - mul(perCoupon, coupons);
  const perMb = mul(ccPerMb, perCoupon);
  const threshold = div(num(inputs.appRewardCouponThreshold), num(inputs.amuletPrice));
  let minted = 0n;
  let rewarded = 0;
  for (const w of weights.values()) {
    const exact = w * perMb; // x 10^-16: (w / 10^6) x perMb in units of 10^-10, times 10^6
    if (exact < threshold * 1_000_000n) continue;
    minted += (exact + 500_000n) / 1_000_000n;
    rewarded++;
  }
  const unclaimedShown = unclaimed < 0n ? 0n : unclaimed;
  return {
    total_app_reward_minting_allowance: show(minted),
    total_app_reward_thresholded: show(toIssue - unclaimedShown - minted),
    total_app_reward_unclaimed: show(unclaimedShown),
    rewarded_app_provider_parties_count: rewarded,
  };
}

describe('scan reward accounting (CIP-0104 activity totals)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: Client;
  let samples: ReturnType<typeof samplePayloads>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    samples = samplePayloadsOnce();
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
   * Rounds 1..5 and 9, each OpenMiningRound with its own inputs: rounds 1, 3, 4, 5 EARLY, round 2
   * LATER, round 9 none (no `rewardConfig`/`trafficPrice`: pre-CIP-0104).
   * Rounds 1, 2, 3, 5 and 9 are closed; round 4 is not.
   */
  function history(): (HistoryUpdate | HistoryVerdictItem)[] {
    const h = new HistoryBuilder('2026-01-05T00:00:00.000000Z');
    let verdicts = 0;
    const dso = samples.open.dso;
    const p = (name: string) => h.party(name);
    const open = (round: number, opensAt: string, inputs: RoundInputs | null) =>
      h.tx([
        {
          create: {
            template: SpliceTemplates.OpenMiningRound,
            payload: {
              ...samples.open,
              dso,
              round: { number: String(round) },
              opensAt,
              ...(inputs ? roundPayloadOf(inputs) : { trafficPrice: null, rewardConfig: null }),
            },
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
      open(9, '2026-01-04T23:00:00.000000Z', null),
      open(1, '2026-01-05T00:30:00.000000Z', EARLY),
      open(2, '2026-01-05T01:00:00.000000Z', LATER),
      open(3, '2026-01-05T00:59:59.999999Z', EARLY),
      open(4, '2026-01-05T00:40:00.000000Z', EARLY),
      open(5, '2026-01-05T00:50:00.000000Z', EARLY),
      ...Object.entries(ACTIVITY).flatMap(([round, records]) =>
        records.map(([provider, weight]) => activity(Number(round), provider, weight)),
      ),
      activity(4, 'a', 5_000),
      activity(9, 'a', 5_000),
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
  /**
   * App activity (provider, bytes) of the closed rounds with inputs. Round 1 (EARLY): 2 MB, so the
   * issuance is shared without reaching the cap; c's share is below the 100 CC threshold (0.5 USD
   * at 0.005). Round 2 (LATER): 0.2 MB at a cap of 1.5 per coupon: capped, most of the issuance
   * unclaimed; b and c below the threshold (3 USD at 0.007). Round 3 (EARLY): one provider twice. Round 5: no activity.
   */
  const ACTIVITY: Record<number, [string, number][]> = {
    1: [
      ['a', 600_000],
      ['a', 400_000],
      ['b', 990_000],
      ['c', 500],
      ['d', 9_500],
    ],
    2: [
      ['a', 150_000],
      ['b', 100],
      ['c', 49_900],
    ],
    3: [
      ['a', 70_000],
      ['a', 30_000],
    ],
    5: [],
  };
  const INPUTS: Record<number, RoundInputs> = { 1: EARLY, 2: LATER, 3: EARLY, 5: EARLY };
  const EXPECTED = Object.fromEntries(
    Object.entries(ACTIVITY).map(([round, records]) => {
      const weights = new Map<string, bigint>();
      for (const [provider, w] of records) weights.set(provider, (weights.get(provider) ?? 0n) + BigInt(w));
      return [
        round,
        ok(Number(round), {
          total_app_activity_weight: records.reduce((a, [, w]) => a + w, 0),
          active_parties_count: weights.size,
          activity_records_count: records.length,
          ...referenceTotals(INPUTS[Number(round)], weights),
        }),
      ];
    }),
  );

  it('exercises every case of the computation: thresholded, capped (unclaimed), no activity', () => {
    const t = (round: number) => EXPECTED[round] as scanApi.RewardAccountingActivityTotalsOk;
    expect(t(1).total_app_reward_thresholded).not.toBe('0.0000000000');
    expect(t(1).total_app_reward_unclaimed).toBe('0.0000000000');
    expect(t(1).rewarded_app_provider_parties_count).toBe(3);
    expect(parseDamlDecimal(t(2).total_app_reward_unclaimed)).toBeGreaterThan(0n);
    expect(t(2).rewarded_app_provider_parties_count).toBe(1);
    expect(t(2).total_app_reward_thresholded).not.toBe('0.0000000000');
    expect(t(3).rewarded_app_provider_parties_count).toBe(1);
    expect(t(5).total_app_reward_minting_allowance).toBe('0.0000000000');
    expect(t(5).total_app_reward_unclaimed).not.toBe('0.0000000000');
  });

  it("stores a closed round's totals on write, matching the reference computation", async () => {
    await writeHistory(db.dataSource, history());
    for (const [round, expected] of Object.entries(EXPECTED)) {
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
    for (const [round, expected] of Object.entries(EXPECTED))
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
    // Closed, but its OpenMiningRound has no rewardConfig/trafficPrice (pre-CIP-0104).
    expect(await status(9)).toBe('CannotProvide');
  });

  it('matches the reference computation for every closed round of a simulated network', async () => {
    const items = [...simulateHistory({ seed: 11, rounds: 40 })];
    await writeHistory(db.dataSource, items);
    const weights = new Map<number, Map<string, bigint>>();
    const counts = new Map<number, number>();
    const inputs = new Map<number, RoundInputs>();
    for (const item of items) {
      if (isVerdictItem(item)) {
        if (!item.app_activity_records) continue;
        const round = item.app_activity_records.round_number;
        const w = weights.get(round) ?? new Map<string, bigint>();
        for (const record of item.app_activity_records.records) {
          counts.set(round, (counts.get(round) ?? 0) + 1);
          w.set(record.party, (w.get(record.party) ?? 0n) + BigInt(record.weight));
        }
        weights.set(round, w);
      } else if ('events_by_id' in item) {
        for (const e of createdEvents(item))
          if (e.template_id === SpliceTemplates.OpenMiningRound.templateId) {
            const payload = toCompact(e.create_arguments) as unknown as OpenMiningRoundPayload;
            inputs.set(Number(payload.round.number), inputsOfRound(payload));
          }
      }
    }
    expect([...counts.values()].filter((n) => n > 0).length).toBeGreaterThan(20);
    const closed: { round: number }[] = await db.dataSource.query(
      'SELECT round::int FROM mining_rounds WHERE closed_record_time IS NOT NULL ORDER BY round',
    );
    expect(closed.length).toBeGreaterThan(30);
    let rewarded = 0;
    let thresholded = 0;
    for (const { round } of closed) {
      const t = (await totals(round)).data as scanApi.RewardAccountingActivityTotalsOk;
      const w = weights.get(round) ?? new Map<string, bigint>();
      expect(t).toEqual(
        ok(round, {
          total_app_activity_weight: Number([...w.values()].reduce((a, b) => a + b, 0n)),
          active_parties_count: w.size,
          activity_records_count: counts.get(round) ?? 0,
          ...referenceTotals(inputs.get(round)!, w),
        }),
      );
      rewarded += t.rewarded_app_provider_parties_count;
      if (t.total_app_reward_thresholded !== '0.0000000000') thresholded++;
    }
    expect(rewarded).toBeGreaterThan(0);
    expect(thresholded).toBeGreaterThan(0);
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
