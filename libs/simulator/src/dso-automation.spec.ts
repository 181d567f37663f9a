import {
  type HistoryExercisedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  toCompact,
} from '@canton-scan/domain';
import { requiredNumVotes } from './dso-confirmation';
import { computeIssuingRoundParameters } from './issuance';
import { ISSUANCE_CONFIG } from './network-config';
import { simulateNetwork } from './simulator';

const isTransaction = (u: HistoryUpdate): u is HistoryTransaction => 'events_by_id' in u;

describe('the DSO as Splice runs it', () => {
  const updates = [...simulateNetwork({ rounds: 30, svCount: 4, seed: 3 })];
  const transactions = updates.filter(isTransaction).filter((t) => t.offset !== '');
  const exercises = transactions.flatMap((t) =>
    Object.values(t.events_by_id).flatMap((e) =>
      e.event_type === 'exercised_event' ? [{ tx: t, e: e as HistoryExercisedEvent }] : [],
    ),
  );
  const byChoice = (choice: string) => exercises.filter(({ e }) => e.choice === choice);

  it('starts with a root DsoBootstrap and its DsoBootstrap_Bootstrap, and has no other root create', () => {
    const [genesis] = transactions;
    const roots = genesis.root_event_ids.map((id) => genesis.events_by_id[id]);
    expect(roots.map((e) => (e.event_type === 'created_event' ? 'create' : e.choice))).toEqual([
      'create',
      SpliceChoices.DsoBootstrapBootstrap,
    ]);
    expect(roots[0].template_id).toBe(SpliceTemplates.DsoBootstrap.templateId);
    const rootCreates = transactions.flatMap((t) =>
      t.root_event_ids.map((id) => t.events_by_id[id]).filter((e) => e.event_type === 'created_event'),
    );
    expect(rootCreates.map((e) => e.template_id)).toEqual([SpliceTemplates.DsoBootstrap.templateId]);
  });

  it('starts issuing and archives rounds only through confirmed actions, the choice last after the confirmations', () => {
    for (const choice of [
      SpliceChoices.AmuletRulesMiningRoundStartIssuing,
      SpliceChoices.AmuletRulesMiningRoundArchive,
    ]) {
      const executed = byChoice(choice);
      expect(executed.length).toBeGreaterThan(0);
      for (const { tx, e } of executed) {
        const parent = Object.values(tx.events_by_id).find(
          (p) => p.event_type === 'exercised_event' && p.child_event_ids.includes(e.event_id),
        ) as HistoryExercisedEvent;
        expect(parent.choice).toBe(SpliceChoices.DsoRulesExecuteConfirmedAction);
        expect(tx.root_event_ids).toEqual([parent.event_id]);
        expect(parent.child_event_ids.at(-1)).toBe(e.event_id);
        const confirmations = parent.child_event_ids.slice(0, -1).map((id) => tx.events_by_id[id]);
        expect(confirmations.every((c) => c.template_id === SpliceTemplates.Confirmation.templateId)).toBe(
          true,
        );
        const arg = toCompact(parent.choice_argument) as { confirmationCids: string[] };
        expect(confirmations.map((c) => c.contract_id)).toEqual(arg.confirmationCids);
        expect(confirmations.length).toBeGreaterThanOrEqual(requiredNumVotes(3));
      }
    }
  });

  it('names the round contracts in the advance and close arguments, and leaves no DSO root choice Splice lacks', () => {
    for (const { e } of byChoice(SpliceChoices.DsoRulesAdvanceOpenMiningRounds)) {
      const arg = toCompact(e.choice_argument) as Record<string, unknown>;
      expect(Object.keys(arg)).toEqual([
        'amuletRulesCid',
        'roundToArchiveCid',
        'middleRoundCid',
        'latestRoundCid',
        'amuletPriceVoteCids',
        'sv',
      ]);
      expect(e.child_event_ids).toHaveLength(1);
    }
    for (const { e } of byChoice(SpliceChoices.DsoRulesMiningRoundClose))
      expect(Object.keys(toCompact(e.choice_argument) as object)).toEqual([
        'amuletRulesCid',
        'issuingRoundCid',
        'sv',
      ]);
    const rootChoices = new Set(
      transactions.flatMap((t) =>
        t.root_event_ids.flatMap((id) => {
          const e = t.events_by_id[id];
          return e.event_type === 'exercised_event' && e.choice.startsWith('DsoRules_') ? [e.choice] : [];
        }),
      ),
    );
    for (const gone of ['DsoRules_MiningRound_StartIssuing', 'DsoRules_MiningRound_Archive'])
      expect(rootChoices.has(gone)).toBe(false);
    expect(byChoice('VoteRequest_CastVote')).toEqual([]);
    expect(byChoice('ValidatorLicense_ReceiveFaucetCoupon')).toEqual([]);
  });

  it('gives every SV reward coupon the weight of its SV and expires the unclaimed coupons of closed rounds', () => {
    expect(byChoice(SpliceChoices.DsoRulesReceiveSvRewardCoupon).length).toBeGreaterThan(30 * 3);
    const expired = byChoice(SpliceChoices.DsoRulesClaimExpiredRewards);
    expect(expired.length).toBeGreaterThan(0);
    const kinds = new Set(
      expired.flatMap(({ tx, e }) =>
        e.child_event_ids
          .map((id) => tx.events_by_id[id])
          .flatMap((c) => (c.event_type === 'exercised_event' ? [c.choice] : [])),
      ),
    );
    expect(kinds).toContain('SvRewardCoupon_DsoExpire');
    expect(kinds).toContain('ValidatorRewardCoupon_DsoExpire');
    // Every liveness record of a closed round is gone: minted by its validator while the round
    // issued (a transfer input) or expired with the round's other unclaimed coupons.
    const records = new Set(
      transactions.flatMap((t) =>
        Object.values(t.events_by_id).flatMap((e) =>
          e.event_type === 'created_event' && e.template_id.endsWith(':ValidatorLivenessActivityRecord')
            ? [e.contract_id]
            : [],
        ),
      ),
    );
    const archived = new Set(
      transactions.flatMap((t) =>
        Object.values(t.events_by_id).flatMap((e) =>
          e.event_type === 'exercised_event' && e.consuming && records.has(e.contract_id)
            ? [e.contract_id]
            : [],
        ),
      ),
    );
    expect(records.size).toBeGreaterThan(0);
    expect(archived.size).toBeGreaterThan(records.size * 0.8);
  });
});

describe('computeIssuingRoundParameters', () => {
  const fmt = (units: bigint) => {
    const s = (units < 0n ? -units : units).toString().padStart(11, '0');
    return `${units < 0n ? '-' : ''}${s.slice(0, -10)}.${s.slice(-10)}`;
  };

  it('caps every tranche when the coupons are few (values from Python decimal, half-even)', () => {
    const p = computeIssuingRoundParameters(600_000_000, 50_000_000n, ISSUANCE_CONFIG, {
      totalValidatorRewardCoupons: '1234.5000000000',
      totalFeaturedAppRewardCoupons: '10.0000000000',
      totalUnfeaturedAppRewardCoupons: '3.0000000000',
      totalSvRewardWeight: '40000',
      optTotalValidatorFaucetCoupons: '4',
    });
    expect(fmt(p.issuancePerValidatorRewardCoupon)).toBe('0.2000000000');
    expect(fmt(p.issuancePerUnfeaturedAppRewardCoupon)).toBe('0.6000000000');
    expect(fmt(p.issuancePerFeaturedAppRewardCoupon)).toBe('100.0000000000');
    expect(fmt(p.issuancePerSvRewardCoupon)).toBe('14.4596651446');
    expect(fmt(p.unclaimedValidatorRewards)).toBe('33622.2628614916');
    expect(fmt(p.unclaimedAppRewards)).toBe('107445.6885844749');
    expect(fmt(p.unclaimedSvRewards)).toBe('0.0000000000');
    expect(fmt(p.issuancePerValidatorFaucetCoupon)).toBe('570.0000000000');
    expect(fmt(p.amuletsToIssueToDevelopmentFund)).toBe('38051.7503805175');
  });

  it('shares the tranches out when the coupons exceed them', () => {
    const p = computeIssuingRoundParameters(600_000_000, 71_234_567n, ISSUANCE_CONFIG, {
      totalValidatorRewardCoupons: '987654.3210987654',
      totalFeaturedAppRewardCoupons: '1500.2500000000',
      totalUnfeaturedAppRewardCoupons: '250000.5000000000',
      totalSvRewardWeight: '30000',
      optTotalValidatorFaucetCoupons: '7',
    });
    expect(fmt(p.issuancePerValidatorRewardCoupon)).toBe('0.0366010274');
    expect(fmt(p.issuancePerUnfeaturedAppRewardCoupon)).toBe('0.4312014520');
    expect(fmt(p.issuancePerFeaturedAppRewardCoupon)).toBe('0.4312014556');
    expect(fmt(p.issuancePerSvRewardCoupon)).toBe('19.2795535261');
    expect(fmt(p.unclaimedValidatorRewards)).toBe('0.0000000000');
    expect(fmt(p.unclaimedAppRewards)).toBe('0.0000000000');
    expect(fmt(p.unclaimedSvRewards)).toBe('0.0000008661');
    expect(fmt(p.issuancePerValidatorFaucetCoupon)).toBe('0.0000000000');
  });
});
