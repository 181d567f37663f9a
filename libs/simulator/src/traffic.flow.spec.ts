import {
  type BuyMemberTrafficArgument,
  type BuyMemberTrafficResult,
  type ClosedMiningRoundPayload,
  formatDamlDecimal,
  type HistoryCreatedEvent,
  type HistoryExercisedEvent,
  type MemberTrafficPayload,
  type OpenMiningRoundPayload,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  toCompact,
  type ValidatorRewardCouponPayload,
} from '@canton-scan/domain';
import { compactOf, replay, run, small, SMALL } from './simulator.fixture';

/** One Daml Decimal (Numeric 10) in units of 10^-10. */
const UNITS = 10_000_000_000n;

/** Daml's Decimal product of two amounts in units: rounded to 10 decimals, half to even. */
function times(a: bigint, b: bigint): bigint {
  const product = a * b;
  const q = product / UNITS;
  const twice = 2n * (product % UNITS);
  return twice > UNITS || (twice === UNITS && q % 2n === 1n) ? q + 1n : q;
}

// Field lists of splice-amulet 0.1.14 and splice-dso-governance 0.1.20, in declaration order:
// Splice/DecentralizedSynchronizer.daml (MemberTraffic), Splice/AmuletRules.daml
// (AmuletRules_BuyMemberTraffic, AmuletRules_BuyMemberTrafficResult,
// AmuletRules_MergeMemberTrafficContracts), Splice/Amulet.daml (ValidatorRewardCoupon),
// Splice/DsoRules.daml (DsoRules_MergeMemberTrafficContracts).
const DAML_FIELDS = {
  MemberTraffic: [
    'dso',
    'memberId',
    'synchronizerId',
    'migrationId',
    'totalPurchased',
    'numPurchases',
    'amuletSpent',
    'usdSpent',
  ],
  BuyMemberTraffic: [
    'inputs',
    'context',
    'provider',
    'memberId',
    'synchronizerId',
    'migrationId',
    'trafficAmount',
    'expectedDso',
  ],
  BuyMemberTrafficResult: [
    'round',
    'summary',
    'amuletPaid',
    'purchasedTraffic',
    'senderChangeAmulet',
    'meta',
  ],
  ValidatorRewardCoupon: ['dso', 'user', 'amount', 'round'],
  TransferContext: ['openMiningRound', 'issuingMiningRounds', 'validatorRights', 'featuredAppRight'],
  DsoRulesMerge: ['amuletRulesCid', 'trafficCids', 'sv'],
  DsoRulesMergeResult: ['memberTraffic'],
  AmuletRulesMerge: ['trafficCids'],
  AmuletRulesMergeResult: ['mergedTrafficCid'],
} as const;

const STAGGERED = { ...SMALL, trafficTopUpEveryRounds: 3 };
const STACK_PARTICIPANT = `PAR::canton-scan-stack::1220${'9f'.repeat(32)}`;

describe('synchronizer traffic purchases in the simulated network', () => {
  const history = replay(small.updates);
  const often = run(STAGGERED);
  const oftenHistory = replay(often.updates);
  const network = small.summary.network;
  const [globalSynchronizer] = network.synchronizers;
  const isTraffic = (e: HistoryCreatedEvent) => e.template_id === SpliceTemplates.MemberTraffic.templateId;
  const purchasesOf = (h: typeof history) =>
    h.exercised.filter((x) => x.event.choice === SpliceChoices.AmuletRulesBuyMemberTraffic);
  const childrenOf = (tx: { events_by_id: Record<string, unknown> }, event: HistoryExercisedEvent) =>
    event.child_event_ids.map((id) => tx.events_by_id[id] as HistoryCreatedEvent | HistoryExercisedEvent);
  const keysOf = (value: unknown) => Object.keys(value as Record<string, unknown>);

  it('writes the Daml records of splice-amulet 0.1.14 with exactly their fields', () => {
    const purchases = purchasesOf(history);
    expect(purchases.length).toBeGreaterThan(0);
    for (const { event, tx } of purchases) {
      expect(event.consuming).toBe(false);
      expect(event.template_id).toBe(SpliceTemplates.AmuletRules.templateId);
      const argument = toCompact(event.choice_argument) as unknown as BuyMemberTrafficArgument;
      expect(keysOf(argument)).toEqual(DAML_FIELDS.BuyMemberTraffic);
      expect(keysOf(argument.context)).toEqual(DAML_FIELDS.TransferContext);
      expect(keysOf(toCompact(event.exercise_result))).toEqual(DAML_FIELDS.BuyMemberTrafficResult);
      const created = childrenOf(tx, event).filter((e) => e.event_type === 'created_event');
      const traffic = created.filter(isTraffic);
      expect(traffic).toHaveLength(1);
      expect(keysOf(toCompact(traffic[0].create_arguments))).toEqual(DAML_FIELDS.MemberTraffic);
      const coupon = created.find((e) => e.template_id === SpliceTemplates.ValidatorRewardCoupon.templateId)!;
      expect(keysOf(toCompact(coupon.create_arguments))).toEqual(DAML_FIELDS.ValidatorRewardCoupon);
    }
    const merges = oftenHistory.exercised.filter(
      (x) => x.event.choice === SpliceChoices.DsoRulesMergeMemberTrafficContracts,
    );
    expect(merges.length).toBeGreaterThan(0);
    for (const { event, tx } of merges) {
      expect(keysOf(toCompact(event.choice_argument))).toEqual(DAML_FIELDS.DsoRulesMerge);
      expect(keysOf(toCompact(event.exercise_result))).toEqual(DAML_FIELDS.DsoRulesMergeResult);
      const [inner] = childrenOf(tx, event) as HistoryExercisedEvent[];
      expect(inner.choice).toBe(SpliceChoices.AmuletRulesMergeMemberTrafficContracts);
      expect(keysOf(toCompact(inner.choice_argument))).toEqual(DAML_FIELDS.AmuletRulesMerge);
      expect(keysOf(toCompact(inner.exercise_result))).toEqual(DAML_FIELDS.AmuletRulesMergeResult);
    }
  });

  it('prices the traffic as computeSynchronizerFees does and burns it from the buyer’s amulet', () => {
    for (const { event, tx } of purchasesOf(history)) {
      const argument = toCompact(event.choice_argument) as unknown as BuyMemberTrafficArgument;
      const result = toCompact(event.exercise_result) as unknown as BuyMemberTrafficResult;
      const children = childrenOf(tx, event);
      const traffic = compactOf<MemberTrafficPayload>(
        children.find((e): e is HistoryCreatedEvent => e.event_type === 'created_event' && isTraffic(e))!,
      );
      const openRound = history.created.find(
        ({ event: e }) => e.contract_id === argument.context.openMiningRound,
      )!;
      const { amuletPrice } = compactOf<OpenMiningRoundPayload>(openRound.event);
      // USD = bytes / 1e6 × 16.67 (extraTrafficPrice); amulet = USD / amuletPrice.
      const usd = (BigInt(argument.trafficAmount) * parseDamlDecimal('16.67')) / 1_000_000n;
      expect(traffic).toMatchObject({
        memberId: argument.memberId,
        synchronizerId: globalSynchronizer,
        totalPurchased: argument.trafficAmount,
        numPurchases: '1',
        usdSpent: formatDamlDecimal(usd),
        amuletSpent: result.amuletPaid,
      });
      expect(BigInt(argument.trafficAmount)).toBeGreaterThanOrEqual(200_000n);
      const paid = parseDamlDecimal(result.amuletPaid);
      const price = parseDamlDecimal(amuletPrice);
      const exact = (usd * 10_000_000_000n) / price;
      expect(paid - exact).toBeGreaterThanOrEqual(0n);
      expect(paid - exact).toBeLessThanOrEqual(1n);
      expect(result.summary.amuletPrice).toBe(amuletPrice);
      // splitAndBurn: the self-transfer's output (the whole price; 0.1.22 charges no fee) is archived.
      const s = result.summary;
      const d = parseDamlDecimal;
      expect(s.outputFees.map(d)).toEqual([0n]);
      expect(d(s.holdingFees) + d(s.senderChangeFee)).toBe(0n);
      expect(d(s.inputAmuletAmount)).toBe(paid + d(s.senderChangeAmount));
      const coupon = compactOf<ValidatorRewardCouponPayload>(
        children.find(
          (e): e is HistoryCreatedEvent =>
            e.event_type === 'created_event' &&
            e.template_id === SpliceTemplates.ValidatorRewardCoupon.templateId,
        )!,
      );
      expect(coupon).toEqual({
        dso: network.dso.id,
        user: argument.provider,
        amount: result.amuletPaid,
        round: result.round,
      });
      expect(result.meta?.values['splice.lfdecentralizedtrust.org/burned']).toBe(
        result.amuletPaid.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '.0'),
      );
      expect(result.meta?.values['splice.lfdecentralizedtrust.org/tx-kind']).toBe('burn');
    }
  });

  it('expires each purchase’s ValidatorRewardCoupon once its round closes, into the round’s UnclaimedReward at the closed round’s rate', () => {
    const coupons = new Map(
      history.created
        .filter(({ event }) => event.template_id === SpliceTemplates.ValidatorRewardCoupon.templateId)
        .map(({ event }) => [event.contract_id, compactOf<ValidatorRewardCouponPayload>(event)]),
    );
    const closedRounds = new Map(
      history.created
        .filter(({ event }) => event.template_id === SpliceTemplates.ClosedMiningRound.templateId)
        .map(({ event }) => [event.contract_id, compactOf<ClosedMiningRoundPayload>(event)]),
    );
    const expiries = history.exercised.filter(
      (x) => x.event.choice === SpliceChoices.DsoRulesClaimExpiredRewards,
    );
    expect(expiries.length).toBeGreaterThan(2);
    const expired = new Set<string>();
    let exact = 0;
    for (const { event, tx } of expiries) {
      const { choiceArg } = toCompact(event.choice_argument) as unknown as {
        choiceArg: {
          closedRoundCid: string;
          validatorRewardCouponCids: string[];
          appCouponCids: string[];
          svRewardCouponCids: string[];
          optValidatorFaucetCouponCids: string[] | null;
          optValidatorLivenessActivityRecordCids: string[] | null;
        };
      };
      const closed = closedRounds.get(choiceArg.closedRoundCid)!;
      const children = event.child_event_ids.map((id) => tx.events_by_id[id]);
      const expiryOf = (cid: string) =>
        children.find(
          (c): c is HistoryExercisedEvent => c.event_type === 'exercised_event' && c.contract_id === cid,
        )!;
      let validatorRewards = 0n;
      for (const cid of choiceArg.validatorRewardCouponCids) {
        const coupon = coupons.get(cid)!;
        expect(coupon.round).toEqual(closed.round);
        const expiry = expiryOf(cid);
        expect(expiry.choice).toBe(SpliceChoices.ValidatorRewardCouponDsoExpire);
        expect(toCompact(expiry.exercise_result)).toEqual({ amount: coupon.amount });
        validatorRewards += parseDamlDecimal(coupon.amount);
        expired.add(cid);
      }
      // The round's other unclaimed coupons expire in the same exercise, their issuance added as
      // AmuletRules_ClaimExpiredRewards adds it (splice-amulet Splice/AmuletRules.daml): featured
      // and unfeatured app amounts, SV weights, and faucet coupons with liveness records by count.
      let featured = 0n;
      let unfeatured = 0n;
      for (const cid of choiceArg.appCouponCids) {
        const result = toCompact(expiryOf(cid).exercise_result) as unknown as {
          featured: boolean;
          amount: string;
        };
        if (result.featured) featured += parseDamlDecimal(result.amount);
        else unfeatured += parseDamlDecimal(result.amount);
      }
      let svWeight = 0n;
      for (const cid of choiceArg.svRewardCouponCids)
        svWeight += BigInt(
          (toCompact(expiryOf(cid).exercise_result) as unknown as { weight: string }).weight,
        );
      const faucets =
        BigInt((choiceArg.optValidatorFaucetCouponCids ?? []).length) +
        BigInt((choiceArg.optValidatorLivenessActivityRecordCids ?? []).length);
      const amount =
        times(validatorRewards, parseDamlDecimal(closed.issuancePerValidatorRewardCoupon)) +
        times(faucets * UNITS, parseDamlDecimal(closed.optIssuancePerValidatorFaucetCoupon ?? '0.0')) +
        times(featured, parseDamlDecimal(closed.issuancePerFeaturedAppRewardCoupon)) +
        times(unfeatured, parseDamlDecimal(closed.issuancePerUnfeaturedAppRewardCoupon)) +
        times(svWeight * UNITS, parseDamlDecimal(closed.issuancePerSvRewardCoupon));
      const unclaimed = children.filter(
        (c): c is HistoryCreatedEvent =>
          c.event_type === 'created_event' && c.template_id === SpliceTemplates.UnclaimedReward.templateId,
      );
      if (amount > 0n) {
        expect(unclaimed).toHaveLength(1);
        expect(compactOf<{ amount: string }>(unclaimed[0]).amount).toBe(formatDamlDecimal(amount));
        exact++;
      } else expect(unclaimed).toHaveLength(0);
    }
    expect(exact).toBeGreaterThan(0);
    // Every coupon of a round closed by the end of the run has been expired.
    const lastClosed = Math.max(...[...closedRounds.values()].map((r) => Number(r.round.number)));
    for (const [cid, coupon] of coupons)
      if (Number(coupon.round.number) <= lastClosed - 1) expect(expired.has(cid)).toBe(true);
  });

  it('has every validator’s participant buy at onboarding and top up later', () => {
    const buyers = new Map<string, number>();
    for (const { event } of purchasesOf(history)) {
      const { memberId, provider } = toCompact(event.choice_argument) as unknown as BuyMemberTrafficArgument;
      expect(memberId).toBe(
        network.validatorParticipantIds[network.validators.findIndex((v) => v.id === provider)],
      );
      expect(memberId).toMatch(/^PAR::[^:]+::1220[0-9a-f]{64}$/);
      buyers.set(memberId, (buyers.get(memberId) ?? 0) + 1);
    }
    expect([...buyers.keys()].sort()).toEqual([...network.validatorParticipantIds].sort());
    expect(Math.max(...buyers.values())).toBeGreaterThan(1);
  });

  it('merges a member’s contracts above the threshold, keeping the purchased total', () => {
    const member = often.summary.network.validatorParticipantIds[0];
    const purchases = purchasesOf(oftenHistory)
      .map((x) => toCompact(x.event.choice_argument) as unknown as BuyMemberTrafficArgument)
      .filter((a) => a.memberId === member);
    const purchased = purchases.reduce((sum, a) => sum + BigInt(a.trafficAmount), 0n);
    const lastMigration = Math.max(...oftenHistory.activeAtEnd.keys());
    const active = [...oftenHistory.activeAtEnd.get(lastMigration)!.values()]
      .filter((c) => c.templateName === 'MemberTraffic')
      .map((c) => c.payload as unknown as MemberTrafficPayload)
      .filter((p) => p.memberId === member);
    expect(purchases.length).toBeGreaterThan(6);
    expect(active.length).toBeLessThan(purchases.length);
    expect(active.reduce((sum, p) => sum + BigInt(p.totalPurchased), 0n)).toBe(purchased);
    expect(active.some((p) => Number(p.numPurchases) > 1)).toBe(true);
  });

  it('hosts the first validators on the participants the options name', () => {
    const withStack = run({ ...SMALL, validatorParticipantIds: [STACK_PARTICIPANT] });
    expect(withStack.summary.network.validatorParticipantIds[0]).toBe(STACK_PARTICIPANT);
    const bought = replay(withStack.updates).created.filter(
      ({ event }) =>
        isTraffic(event) && compactOf<MemberTrafficPayload>(event).memberId === STACK_PARTICIPANT,
    );
    expect(bought.length).toBeGreaterThan(0);
    expect(() => run({ ...SMALL, rounds: 24, validatorParticipantIds: ['participant-1'] })).toThrow(
      /validatorParticipantIds: "participant-1" is not a participant id/,
    );
  });
});
