import {
  buildSplicePayload,
  type ClosedMiningRoundPayload,
  type DamlValue,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  type IssuanceConfig,
  type IssuingMiningRoundPayload,
  type OpenMiningRoundPayload,
  type OpenMiningRoundSummary,
  openMiningRoundSummaryType,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  type SummarizingMiningRoundPayload,
  toCompact,
  V,
} from '@canton-scan/domain';
import type { GenericContract, SimContract } from './contract-store';
import { confirmAndExecute } from './dso-confirmation';
import type { GovernanceFlow } from './governance.flow';
import { computeIssuingRoundParameters, mulDecimal } from './issuance';
import type { SimParty } from './network-identities';
import { formatMicros, parseMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

interface RoundContract<P> {
  readonly round: number;
  readonly contract: GenericContract;
  readonly payload: P;
}

/**
 * An UnclaimedDevelopmentFundCoupon waiting to be allocated; `beneficiary` is whom the fund
 * manager means to give it to (null: anybody).
 */
export interface PendingCoupon {
  readonly contract: GenericContract;
  readonly beneficiary: SimParty | null;
  readonly amount: bigint;
}

/**
 * A ValidatorLivenessActivityRecord waiting for its validator to mint it (as an
 * `InputValidatorLivenessActivityRecord` of a transfer) while its round is issuing.
 */
export interface PendingLivenessRecord {
  readonly contract: GenericContract;
  readonly validator: SimParty;
  readonly round: number;
}

const PRICE_FLOOR = parseDamlDecimal('0.002');
const PRICE_CEILING = parseDamlDecimal('0.05');
/** Rounds a closed round stays on the ledger before it is archived. */
const CLOSED_ROUND_RETENTION = 3;

/** Coupon templates of a round, in the order `DsoRules_ClaimExpiredRewards` expires them. */
const COUPON_KINDS = [
  'ValidatorRewardCoupon',
  'ValidatorFaucetCoupon',
  'ValidatorLivenessActivityRecord',
  'AppRewardCoupon',
  'SvRewardCoupon',
] as const;
type CouponKind = (typeof COUPON_KINDS)[number];

interface RoundCoupon {
  readonly kind: CouponKind;
  readonly contract: GenericContract;
  readonly fields: Record<string, unknown>;
}

/**
 * The mining round lifecycle as Splice's DSO automation runs it, one tick per round: three open
 * rounds at any time (the newest opens a tick after its creation), then summarizing, issuing,
 * closed, archived. Each tick one SV updates its AmuletPriceVote; then an SV advances the rounds
 * (`DsoRules_AdvanceOpenMiningRounds`, at the median of the SVs' votes), so round k is the
 * oldest open round during tick k, the one validators report liveness for. A summarizing round
 * starts issuing a tick later (`CRARC_MiningRound_StartIssuing`, confirmed by the SVs), with its
 * issuance computed from its coupons as Splice does; an issuing round closes once past its
 * `targetClosesAt` (`DsoRules_MiningRound_Close`), its unclaimed coupons are expired
 * (`DsoRules_ClaimExpiredRewards`) and, after a while, the closed round is archived
 * (`CRARC_MiningRound_Archive`).
 */
export class RoundFlow {
  private readonly open: RoundContract<OpenMiningRoundPayload>[] = [];
  private readonly summarizing: RoundContract<SummarizingMiningRoundPayload>[] = [];
  private readonly issuing: RoundContract<IssuingMiningRoundPayload>[] = [];
  private readonly closed: RoundContract<ClosedMiningRoundPayload>[] = [];
  private readonly unclaimedRewards: GenericContract[] = [];
  /** Development fund coupons created at issuing, for the amulet flow to allocate. */
  readonly coupons: PendingCoupon[] = [];
  /** Liveness records the validator flow created, for the amulet flow to mint. */
  readonly livenessRecords: PendingLivenessRecord[] = [];
  /** The market price the SVs vote for; it walks a little every tick. */
  private price = parseDamlDecimal('0.005');
  /** `amuletPrice` of each open round, as its OpenMiningRound states it. */
  private readonly openPrices = new Map<number, bigint>();

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
  ) {}

  /**
   * The children of `AmuletRules_Bootstrap_Rounds`: rounds 0 and 1 open at once, round 2 when
   * round 0 is due to close (`round0Duration` = one tick).
   */
  bootstrap(tx: TxBuilder): GenericContract[] {
    const tick = this.ctx.options.tickMicros;
    const now = tx.effectiveMicros;
    const targetClosesAt0 = now + tick;
    const rounds = [
      { round: 0, opensAt: now, targetClosesAt: targetClosesAt0 },
      { round: 1, opensAt: now, targetClosesAt: targetClosesAt0 + tick },
      { round: 2, opensAt: targetClosesAt0, targetClosesAt: targetClosesAt0 + 2 * tick },
    ];
    return rounds.map(({ round, opensAt, targetClosesAt }) => {
      const created = this.createOpenRound(tx, round, opensAt, targetClosesAt, round * tick);
      this.open.push(created);
      return created.contract;
    });
  }

  /** The OpenMiningRound contract of `round` (must be one of the three open ones). */
  openRound(round: number): GenericContract {
    const found = this.open.find((r) => r.round === round);
    if (!found) throw new Error(`simulator bug: round ${round} is not open`);
    return found.contract;
  }

  /** The OpenMiningRound payload of `round` (must be one of the three open ones). */
  openRoundPayload(round: number): OpenMiningRoundPayload {
    const found = this.open.find((r) => r.round === round);
    if (!found) throw new Error(`simulator bug: round ${round} is not open`);
    return found.payload;
  }

  /** The ClosedMiningRound of `round` while it is on the ledger. */
  closedRound(round: number): GenericContract | undefined {
    return this.closed.find((r) => r.round === round)?.contract;
  }

  /**
   * The IssuingMiningRound of `round`, while it issues (from about two ticks after the round until
   * it closes, when its unclaimed coupons are expired); undefined otherwise. Reward coupons of the
   * round are claimed against it.
   */
  issuingRound(round: number): GenericContract | undefined {
    return this.issuing.find((r) => r.round === round)?.contract;
  }

  /** The `amuletPrice` (USD per amulet, 10^-10 units) of open round `round`. */
  amuletPriceOf(round: number): bigint {
    const price = this.openPrices.get(round);
    if (price === undefined) throw new Error(`simulator bug: round ${round} is not open`);
    return price;
  }

  *advance(round: number): Generator<HistoryUpdate> {
    this.walkPrice();
    const members = new Set(this.governance.currentSvs.map((sv) => sv.party.id));
    const stale = [...this.governance.priceVotes.keys()].filter((sv) => !members.has(sv));
    if (stale.length > 0) yield this.garbageCollectPriceVotes(round, stale);
    yield this.updatePriceVote(round);
    yield this.advanceOpenRounds(round);
    if (this.summarizing.length > 0 && this.summarizing[0].round <= round - 2)
      yield* this.startIssuing(this.summarizing.shift()!);
    const tickStart = this.ctx.clock.tickStart(round);
    while (this.issuing.length > 0 && parseMicros(this.issuing[0].payload.targetClosesAt) <= tickStart) {
      const closed = this.closeRound(this.issuing.shift()!);
      yield closed.update;
      const coupons = this.couponsOf(closed.round.round);
      if (coupons.length > 0) yield this.expireCoupons(closed.round, coupons);
    }
    if (this.unclaimedRewards.length > this.numUnclaimedRewardsThreshold) yield this.mergeUnclaimedRewards();
    if (this.closed.length > 0 && this.closed[0].round <= round - 5 - CLOSED_ROUND_RETENTION)
      yield* this.archiveClosed(this.closed.shift()!);
  }

  private get numUnclaimedRewardsThreshold(): number {
    return Number(this.governance.dsoRulesPayload.config.numUnclaimedRewardsThreshold);
  }

  /** The SV whose turn it is, round-robin over the current SVs. */
  private svOnDuty(round: number): { id: string } {
    const svs = this.governance.currentSvs;
    return svs[round % svs.length].party;
  }

  /** `DsoRules_GarbageCollectAmuletPriceVotes`: the votes of SVs no longer in DsoRules are archived. */
  private garbageCollectPriceVotes(round: number, staleSvs: readonly string[]): HistoryUpdate {
    const sv = this.svOnDuty(round);
    const dso = this.ctx.dso.id;
    const votes = staleSvs.map((party) => {
      const vote = this.governance.priceVotes.get(party)!;
      this.governance.priceVotes.delete(party);
      return vote.contract;
    });
    return this.ctx.transaction({ command: 'dso-garbage-collect-price-votes' }, (tx) => {
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesGarbageCollectAmuletPriceVotes,
          argument: V.record({
            nonSvVoteCids: V.list(votes.map((v) => V.contractId(tx.contractId(v)))),
            duplicateVoteCids: V.list([]),
            sv: V.optional(V.party(sv.id)),
          }),
          consuming: false,
          actingParties: [sv.id],
          result: V.enum('DsoRules_GarbageCollectAmuletPriceVotesResult'),
        },
        () => {
          for (const vote of votes) tx.archive(vote, [dso]);
        },
      );
    });
  }

  /** One SV a tick moves its AmuletPriceVote to the market price (`DsoRules_UpdateAmuletPriceVote`). */
  private updatePriceVote(round: number): HistoryUpdate {
    const sv = this.svOnDuty(round);
    const dso = this.ctx.dso.id;
    return this.ctx.transaction({ command: 'update-amulet-price-vote' }, (tx) => {
      const previous = this.governance.priceVotes.get(sv.id);
      if (!previous) throw new Error('simulator bug: an SV without an AmuletPriceVote');
      const amuletPrice = formatDamlDecimal(this.price);
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesUpdateAmuletPriceVote,
          argument: V.record({
            sv: V.party(sv.id),
            voteCid: V.contractId(tx.contractId(previous.contract)),
            amuletPrice: V.numeric(amuletPrice),
          }),
          consuming: false,
          actingParties: [sv.id],
        },
        () => {
          tx.archive(previous.contract, [dso]);
          const payload = { dso, sv: sv.id, amuletPrice, lastUpdatedAt: tx.effectiveAt };
          const contract = tx.create(
            SpliceTemplates.AmuletPriceVote,
            buildSplicePayload(SpliceTemplates.AmuletPriceVote, payload),
            [dso],
          );
          this.governance.priceVotes.set(sv.id, { contract, payload });
          return V.record({ amuletPriceVote: V.contractId(tx.contractId(contract)) });
        },
      );
    });
  }

  private advanceOpenRounds(round: number): HistoryUpdate {
    const [oldest, middle, latest] = this.open;
    if (!oldest || oldest.round !== round - 1 || !middle || !latest)
      throw new Error(`simulator bug: expected open round ${round - 1}`);
    const sv = this.svOnDuty(round);
    const dso = this.ctx.dso.id;
    const votes = this.governance.currentSvs.map((s) => {
      const vote = this.governance.priceVotes.get(s.party.id);
      if (!vote) throw new Error('simulator bug: an SV without an AmuletPriceVote');
      return vote;
    });
    const amuletPrice = median(
      votes.flatMap((v) => (v.payload.amuletPrice === null ? [] : [parseDamlDecimal(v.payload.amuletPrice)])),
    );
    return this.ctx.transaction({ command: 'dso-advance-open-mining-rounds' }, (tx) => {
      const cid = (c: GenericContract): DamlValue => V.contractId(tx.contractId(c));
      const roundCids = {
        roundToArchiveCid: cid(oldest.contract),
        middleRoundCid: cid(middle.contract),
        latestRoundCid: cid(latest.contract),
      };
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesAdvanceOpenMiningRounds,
          argument: V.record({
            amuletRulesCid: cid(this.governance.amuletRules),
            ...roundCids,
            amuletPriceVoteCids: V.list(votes.map((v) => cid(v.contract))),
            sv: V.optional(V.party(sv.id)),
          }),
          consuming: false,
          actingParties: [sv.id],
        },
        () => {
          let summarizingCid = '';
          let openCid = '';
          tx.exercise(
            this.governance.amuletRules,
            {
              choice: SpliceChoices.AmuletRulesAdvanceOpenMiningRounds,
              argument: V.record({ amuletPrice: V.numeric(formatDamlDecimal(amuletPrice)), ...roundCids }),
              consuming: false,
              actingParties: [dso],
            },
            () => {
              tx.archive(oldest.contract, [dso]);
              this.open.shift();
              this.openPrices.delete(oldest.round);
              const payload: SummarizingMiningRoundPayload = {
                dso,
                round: oldest.payload.round,
                amuletPrice: oldest.payload.amuletPrice,
                issuanceConfig: oldest.payload.issuanceConfig,
                tickDuration: oldest.payload.tickDuration,
                trafficPrice: oldest.payload.trafficPrice,
                rewardConfig: oldest.payload.rewardConfig,
              };
              const summarizing = tx.create(
                SpliceTemplates.SummarizingMiningRound,
                buildSplicePayload(SpliceTemplates.SummarizingMiningRound, payload),
                [dso],
              );
              this.summarizing.push({ round: oldest.round, contract: summarizing, payload });
              const config = this.governance.amuletConfigAt(tx.effectiveMicros);
              const tick = Number(config.tickDuration.microseconds);
              const opensAt = Math.max(tx.effectiveMicros, parseMicros(latest.payload.opensAt)) + tick;
              const issuingFor =
                Number(latest.payload.issuingFor.microseconds) +
                Number(latest.payload.tickDuration.microseconds);
              const next = this.createOpenRound(
                tx,
                latest.round + 1,
                opensAt,
                opensAt + 2 * tick,
                issuingFor,
                amuletPrice,
              );
              this.open.push(next);
              summarizingCid = tx.contractId(summarizing);
              openCid = tx.contractId(next.contract);
              return V.record({
                summarizingRoundCid: V.contractId(summarizingCid),
                openRoundCid: V.contractId(openCid),
              });
            },
          );
          return V.record({
            summarizingRound: V.contractId(summarizingCid),
            openRound: V.contractId(openCid),
          });
        },
      );
    });
  }

  /** The coupons of `round` still active: what the round issues for, or what expires with it. */
  private couponsOf(round: number): RoundCoupon[] {
    const found: RoundCoupon[] = [];
    for (const contract of this.ctx.store.activeContracts()) {
      const kind = couponKind(contract);
      if (kind === undefined || contract.kind !== 'generic') continue;
      const fields = toCompact(contract.payload) as Record<string, unknown>;
      if (Number((fields.round as { number: string }).number) === round)
        found.push({ kind, contract, fields });
    }
    return COUPON_KINDS.flatMap((kind) => found.filter((c) => c.kind === kind));
  }

  private summaryOf(round: number): OpenMiningRoundSummary {
    let validator = 0n;
    let featured = 0n;
    let unfeatured = 0n;
    let svWeight = 0n;
    let faucets = 0;
    for (const { kind, fields } of this.couponsOf(round)) {
      switch (kind) {
        case 'ValidatorRewardCoupon':
          validator += parseDamlDecimal(fields.amount as string);
          break;
        case 'AppRewardCoupon':
          if (fields.featured) featured += parseDamlDecimal(fields.amount as string);
          else unfeatured += parseDamlDecimal(fields.amount as string);
          break;
        case 'SvRewardCoupon':
          svWeight += BigInt(fields.weight as string);
          break;
        case 'ValidatorFaucetCoupon':
        case 'ValidatorLivenessActivityRecord':
          faucets += 1;
          break;
      }
    }
    return {
      totalValidatorRewardCoupons: formatDamlDecimal(validator),
      totalFeaturedAppRewardCoupons: formatDamlDecimal(featured),
      totalUnfeaturedAppRewardCoupons: formatDamlDecimal(unfeatured),
      totalSvRewardWeight: String(svWeight),
      optTotalValidatorFaucetCoupons: String(faucets),
    };
  }

  private *startIssuing(summarizing: RoundContract<SummarizingMiningRoundPayload>): Generator<HistoryUpdate> {
    const dso = this.ctx.dso.id;
    const summary = this.summaryOf(summarizing.round);
    const miningRoundCid = this.ctx.ids.contractId(summarizing.contract.seq);
    yield* confirmAndExecute(
      this.ctx,
      this.governance,
      'start-issuing',
      {
        tag: 'ARC_AmuletRules',
        value: {
          amuletRulesAction: { tag: 'CRARC_MiningRound_StartIssuing', value: { miningRoundCid, summary } },
        },
      },
      (tx) =>
        tx.exercise(
          this.governance.amuletRules,
          {
            choice: SpliceChoices.AmuletRulesMiningRoundStartIssuing,
            argument: V.record({
              miningRoundCid: V.contractId(miningRoundCid),
              summary: fromCompact(openMiningRoundSummaryType, summary),
            }),
            consuming: false,
            actingParties: [dso],
          },
          () => {
            tx.archive(summarizing.contract, [dso]);
            const { payload } = summarizing;
            const params = computeIssuingRoundParameters(
              Number(payload.tickDuration.microseconds),
              parseDamlDecimal(payload.amuletPrice),
              payload.issuanceConfig,
              summary,
            );
            const unclaimed =
              params.unclaimedValidatorRewards + params.unclaimedAppRewards + params.unclaimedSvRewards;
            if (unclaimed > 0n) this.createUnclaimedReward(tx, unclaimed);
            const fundCoupon =
              params.amuletsToIssueToDevelopmentFund > 0n
                ? this.createDevelopmentFundCoupon(tx, params.amuletsToIssueToDevelopmentFund)
                : null;
            const tick = Number(payload.tickDuration.microseconds);
            const opensAt = tx.effectiveMicros + tick;
            const issuingPayload: IssuingMiningRoundPayload = {
              dso,
              round: payload.round,
              issuancePerValidatorRewardCoupon: formatDamlDecimal(params.issuancePerValidatorRewardCoupon),
              issuancePerFeaturedAppRewardCoupon: formatDamlDecimal(
                params.issuancePerFeaturedAppRewardCoupon,
              ),
              issuancePerUnfeaturedAppRewardCoupon: formatDamlDecimal(
                params.issuancePerUnfeaturedAppRewardCoupon,
              ),
              issuancePerSvRewardCoupon: formatDamlDecimal(params.issuancePerSvRewardCoupon),
              opensAt: formatMicros(opensAt),
              targetClosesAt: formatMicros(opensAt + 2 * tick),
              optIssuancePerValidatorFaucetCoupon: formatDamlDecimal(params.issuancePerValidatorFaucetCoupon),
            };
            const issuing = tx.create(
              SpliceTemplates.IssuingMiningRound,
              buildSplicePayload(SpliceTemplates.IssuingMiningRound, issuingPayload),
              [dso],
            );
            this.issuing.push({ round: summarizing.round, contract: issuing, payload: issuingPayload });
            return V.record({
              issuingRoundCid: V.contractId(tx.contractId(issuing)),
              unclaimedDevelopmentFundCouponCid: V.optional(
                fundCoupon === null ? null : V.contractId(tx.contractId(fundCoupon)),
              ),
            });
          },
        ),
    );
  }

  private closeRound(issuing: RoundContract<IssuingMiningRoundPayload>): {
    update: HistoryUpdate;
    round: RoundContract<ClosedMiningRoundPayload>;
  } {
    const dso = this.ctx.dso.id;
    const sv = this.svOnDuty(issuing.round);
    const { payload } = issuing;
    const closedPayload: ClosedMiningRoundPayload = {
      dso,
      round: payload.round,
      issuancePerValidatorRewardCoupon: payload.issuancePerValidatorRewardCoupon,
      issuancePerFeaturedAppRewardCoupon: payload.issuancePerFeaturedAppRewardCoupon,
      issuancePerUnfeaturedAppRewardCoupon: payload.issuancePerUnfeaturedAppRewardCoupon,
      issuancePerSvRewardCoupon: payload.issuancePerSvRewardCoupon,
      optIssuancePerValidatorFaucetCoupon: payload.optIssuancePerValidatorFaucetCoupon,
    };
    let closedRound: RoundContract<ClosedMiningRoundPayload> | undefined;
    const update = this.ctx.transaction({ command: 'dso-close-mining-round' }, (tx) => {
      const issuingRoundCid = V.contractId(tx.contractId(issuing.contract));
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesMiningRoundClose,
          argument: V.record({
            amuletRulesCid: V.contractId(tx.contractId(this.governance.amuletRules)),
            issuingRoundCid,
            sv: V.optional(V.party(sv.id)),
          }),
          consuming: false,
          actingParties: [sv.id],
        },
        () => {
          let closedCid = '';
          tx.exercise(
            this.governance.amuletRules,
            {
              choice: SpliceChoices.AmuletRulesMiningRoundClose,
              argument: V.record({ issuingRoundCid }),
              consuming: false,
              actingParties: [dso],
            },
            () => {
              tx.archive(issuing.contract, [dso]);
              const closed = tx.create(
                SpliceTemplates.ClosedMiningRound,
                buildSplicePayload(SpliceTemplates.ClosedMiningRound, closedPayload),
                [dso],
              );
              closedRound = { round: issuing.round, contract: closed, payload: closedPayload };
              this.closed.push(closedRound);
              closedCid = tx.contractId(closed);
              return V.record({ closedRoundCid: V.contractId(closedCid) });
            },
          );
          return V.record({ closedRound: V.contractId(closedCid) });
        },
      );
    });
    if (!closedRound) throw new Error('simulator bug: round close without a closed round');
    return { update, round: closedRound };
  }

  /**
   * `DsoRules_ClaimExpiredRewards`: the coupons of a closed round nobody claimed are expired
   * (`..._DsoExpire`), their value becoming one UnclaimedReward.
   */
  private expireCoupons(
    closed: RoundContract<ClosedMiningRoundPayload>,
    coupons: readonly RoundCoupon[],
  ): HistoryUpdate {
    const dso = this.ctx.dso.id;
    const sv = this.svOnDuty(closed.round);
    const d = parseDamlDecimal;
    const p = closed.payload;
    return this.ctx.transaction({ command: 'dso-expire-reward-coupons' }, (tx) => {
      const closedRoundCid = V.contractId(tx.contractId(closed.contract));
      const cidsOf = (kind: CouponKind): DamlValue =>
        V.list(coupons.filter((c) => c.kind === kind).map((c) => V.contractId(tx.contractId(c.contract))));
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesClaimExpiredRewards,
          argument: V.record({
            amuletRulesCid: V.contractId(tx.contractId(this.governance.amuletRules)),
            choiceArg: V.record({
              closedRoundCid,
              validatorRewardCouponCids: cidsOf('ValidatorRewardCoupon'),
              appCouponCids: cidsOf('AppRewardCoupon'),
              svRewardCouponCids: cidsOf('SvRewardCoupon'),
              optValidatorFaucetCouponCids: V.optional(cidsOf('ValidatorFaucetCoupon')),
              optValidatorLivenessActivityRecordCids: V.optional(cidsOf('ValidatorLivenessActivityRecord')),
            }),
            sv: V.optional(V.party(sv.id)),
          }),
          consuming: false,
          actingParties: [sv.id],
        },
        () => {
          let amount = 0n;
          for (const coupon of coupons) {
            const { kind, fields } = coupon;
            let result: DamlValue;
            switch (kind) {
              case 'ValidatorRewardCoupon':
                amount += mulDecimal(d(fields.amount as string), d(p.issuancePerValidatorRewardCoupon));
                result = V.record({ amount: V.numeric(fields.amount as string) });
                break;
              case 'ValidatorFaucetCoupon':
              case 'ValidatorLivenessActivityRecord':
                amount += d(p.optIssuancePerValidatorFaucetCoupon ?? '0');
                result = V.enum(`${kind}_DsoExpireResult`);
                break;
              case 'AppRewardCoupon': {
                const featured = Boolean(fields.featured);
                const issuance = featured
                  ? p.issuancePerFeaturedAppRewardCoupon
                  : p.issuancePerUnfeaturedAppRewardCoupon;
                amount += mulDecimal(d(fields.amount as string), d(issuance));
                result = V.record({ featured: V.bool(featured), amount: V.numeric(fields.amount as string) });
                break;
              }
              case 'SvRewardCoupon':
                amount += mulDecimal(
                  BigInt(fields.weight as string) * 10_000_000_000n,
                  d(p.issuancePerSvRewardCoupon),
                );
                result = V.record({ weight: V.int64(fields.weight as string) });
                break;
            }
            tx.exercise(coupon.contract, {
              choice: `${kind}_DsoExpire`,
              argument: V.record({ closedRoundCid }),
              consuming: true,
              actingParties: [dso],
              result,
            });
          }
          const unclaimed = amount > 0n ? this.createUnclaimedReward(tx, amount) : null;
          return V.record({
            unclaimedReward: V.optional(unclaimed === null ? null : V.contractId(tx.contractId(unclaimed))),
          });
        },
      );
    });
  }

  /** `DsoRules_MergeUnclaimedRewards`: once there are more than the threshold, one SV merges them. */
  private mergeUnclaimedRewards(): HistoryUpdate {
    const dso = this.ctx.dso.id;
    const sv = this.svOnDuty(this.ctx.round);
    const merged = this.unclaimedRewards.splice(0);
    return this.ctx.transaction({ command: 'dso-merge-unclaimed-rewards' }, (tx) => {
      const unclaimedRewardCids = V.list(merged.map((c) => V.contractId(tx.contractId(c))));
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesMergeUnclaimedRewards,
          argument: V.record({
            amuletRulesCid: V.contractId(tx.contractId(this.governance.amuletRules)),
            unclaimedRewardCids,
            sv: V.optional(V.party(sv.id)),
          }),
          consuming: false,
          actingParties: [sv.id],
        },
        () => {
          let mergedCid = '';
          tx.exercise(
            this.governance.amuletRules,
            {
              choice: SpliceChoices.AmuletRulesMergeUnclaimedRewards,
              argument: V.record({ unclaimedRewardCids }),
              consuming: false,
              actingParties: [dso],
            },
            () => {
              let total = 0n;
              for (const reward of merged) {
                total += parseDamlDecimal((toCompact(reward.payload) as { amount: string }).amount);
                tx.archive(reward, [dso]);
              }
              mergedCid = tx.contractId(this.createUnclaimedReward(tx, total));
              return V.record({ unclaimedRewardCid: V.contractId(mergedCid) });
            },
          );
          return V.record({ unclaimedReward: V.contractId(mergedCid) });
        },
      );
    });
  }

  private *archiveClosed(closed: RoundContract<ClosedMiningRoundPayload>): Generator<HistoryUpdate> {
    const dso = this.ctx.dso.id;
    const closedRoundCid = this.ctx.ids.contractId(closed.contract.seq);
    yield* confirmAndExecute(
      this.ctx,
      this.governance,
      'archive-closed-round',
      {
        tag: 'ARC_AmuletRules',
        value: { amuletRulesAction: { tag: 'CRARC_MiningRound_Archive', value: { closedRoundCid } } },
      },
      (tx) =>
        tx.exercise(
          this.governance.amuletRules,
          {
            choice: SpliceChoices.AmuletRulesMiningRoundArchive,
            argument: V.record({ closedRoundCid: V.contractId(closedRoundCid) }),
            consuming: false,
            actingParties: [dso],
            result: V.enum('AmuletRules_MiningRound_ArchiveResult'),
          },
          () => tx.archive(closed.contract, [dso]),
        ),
    );
  }

  private createOpenRound(
    tx: TxBuilder,
    round: number,
    opensAtMicros: number,
    targetClosesAtMicros: number,
    issuingForMicros: number,
    price: bigint = this.price,
  ): RoundContract<OpenMiningRoundPayload> {
    const config = this.governance.amuletConfigAt(tx.effectiveMicros);
    this.openPrices.set(round, price);
    const payload: OpenMiningRoundPayload = {
      dso: this.ctx.dso.id,
      round: { number: String(round) },
      amuletPrice: formatDamlDecimal(price),
      opensAt: formatMicros(opensAtMicros),
      targetClosesAt: formatMicros(targetClosesAtMicros),
      issuingFor: { microseconds: String(issuingForMicros) },
      transferConfigUsd: config.transferConfig,
      issuanceConfig: issuanceConfigAt(config.issuanceCurve, issuingForMicros),
      tickDuration: config.tickDuration,
      trafficPrice:
        config.rewardConfig === null ? null : config.decentralizedSynchronizer.fees.extraTrafficPrice,
      rewardConfig: config.rewardConfig,
    };
    const contract = tx.create(
      SpliceTemplates.OpenMiningRound,
      buildSplicePayload(SpliceTemplates.OpenMiningRound, payload),
      [this.ctx.dso.id],
    );
    return { round, contract, payload };
  }

  private createUnclaimedReward(tx: TxBuilder, amount: bigint): GenericContract {
    const dso = this.ctx.dso.id;
    const reward = tx.create(
      SpliceTemplates.UnclaimedReward,
      buildSplicePayload(SpliceTemplates.UnclaimedReward, { dso, amount: formatDamlDecimal(amount) }),
      [dso],
    );
    this.unclaimedRewards.push(reward);
    return reward;
  }

  private createDevelopmentFundCoupon(tx: TxBuilder, amount: bigint): GenericContract {
    const rng = this.ctx.rng;
    const beneficiary = rng.chance(0.3) ? rng.pick(this.ctx.network.users) : null;
    const contract = tx.create(
      SpliceTemplates.UnclaimedDevelopmentFundCoupon,
      buildSplicePayload(SpliceTemplates.UnclaimedDevelopmentFundCoupon, {
        dso: this.ctx.dso.id,
        amount: formatDamlDecimal(amount),
      }),
      [this.ctx.dso.id],
    );
    this.coupons.push({ contract, beneficiary, amount });
    return contract;
  }

  private walkPrice(): void {
    const next = this.price + (this.price * BigInt(this.ctx.rng.int(-200, 200))) / 10_000n;
    this.price = next < PRICE_FLOOR ? PRICE_FLOOR : next > PRICE_CEILING ? PRICE_CEILING : next;
  }
}

function couponKind(contract: SimContract): CouponKind | undefined {
  const name = contract.template.entityName;
  return (COUPON_KINDS as readonly string[]).includes(name) ? (name as CouponKind) : undefined;
}

/** The issuance config of the curve at `issuingFor` (the latest entry at or before it). */
function issuanceConfigAt(
  curve: {
    initialValue: IssuanceConfig;
    futureValues: { _1: { microseconds: string }; _2: IssuanceConfig }[];
  },
  issuingForMicros: number,
): IssuanceConfig {
  let config = curve.initialValue;
  for (const item of curve.futureValues)
    if (Number(item._1.microseconds) <= issuingForMicros) config = item._2;
  return config;
}

/** Splice's `median`: the middle vote, or the mean of the two middle ones (rounded as Daml does). */
function median(prices: bigint[]): bigint {
  if (prices.length === 0) throw new Error('simulator bug: no amulet price votes');
  const sorted = [...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = sorted.length;
  return mulDecimal(5_000_000_000n, sorted[Math.floor((n - 1) / 2)] + sorted[Math.floor(n / 2)]);
}
