import {
  buildSplicePayload,
  type DamlValue,
  formatDamlDecimal,
  type HistoryUpdate,
  type OpenMiningRoundPayload,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  type UnclaimedDevelopmentFundCouponPayload,
  V,
} from '@canton-scan/domain';
import type { GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import { ISSUANCE_CONFIG, TRANSFER_CONFIG } from './network-config';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';

interface RoundContract {
  readonly round: number;
  readonly contract: GenericContract;
}

/** An UnclaimedDevelopmentFundCoupon waiting to be claimed. */
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

/**
 * The mining round lifecycle, one tick per round: three open rounds at any time (the newest not
 * yet open, opensAt = creation + one tick), then summarizing, issuing, closed, archived. At tick
 * k round k-1 moves to summarizing and round k+2 is created, so round k is the oldest open round
 * during tick k, the one validators and apps report activity for.
 */
export class RoundFlow {
  private readonly open: RoundContract[] = [];
  private readonly summarizing: RoundContract[] = [];
  private readonly issuing: RoundContract[] = [];
  private readonly closed: RoundContract[] = [];
  /** Development fund coupons created at issuing, for the amulet flow to claim. */
  readonly coupons: PendingCoupon[] = [];
  /** Liveness records the validator flow created, for the amulet flow to mint. */
  readonly livenessRecords: PendingLivenessRecord[] = [];
  private price = parseDamlDecimal('0.005');
  /** `amuletPrice` of each open round, as its OpenMiningRound states it. */
  private readonly openPrices = new Map<number, bigint>();

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
  ) {}

  /** Rounds 0 and 1 open at genesis, round 2 a tick later. */
  bootstrap(tx: TxBuilder): void {
    for (const round of [0, 1, 2]) {
      const opensAt = tx.effectiveMicros + (round === 2 ? this.ctx.options.tickMicros : 0);
      this.open.push({ round, contract: this.createOpenRound(tx, round, opensAt) });
    }
  }

  /** The OpenMiningRound contract of `round` (must be one of the three open ones). */
  openRound(round: number): GenericContract {
    const found = this.open.find((r) => r.round === round);
    if (!found) throw new Error(`simulator bug: round ${round} is not open`);
    return found.contract;
  }

  /** The ClosedMiningRound of `round` while it is on the ledger. */
  closedRound(round: number): GenericContract | undefined {
    return this.closed.find((r) => r.round === round)?.contract;
  }

  /** The IssuingMiningRound of `round` while that round is issuing. */
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
    yield this.advanceOpenRounds(round);
    if (this.summarizing.length > 0 && this.summarizing[0].round <= round - 2)
      yield this.startIssuing(this.summarizing.shift()!);
    if (this.issuing.length > 0 && this.issuing[0].round <= round - 3)
      yield this.closeRound(this.issuing.shift()!);
    if (this.closed.length > 0 && this.closed[0].round <= round - 3 - CLOSED_ROUND_RETENTION) {
      yield this.archiveClosed(this.closed.shift()!);
    }
  }

  private advanceOpenRounds(round: number): HistoryUpdate {
    const oldest = this.open.shift();
    if (!oldest || oldest.round !== round - 1)
      throw new Error(`simulator bug: expected open round ${round - 1}`);
    this.openPrices.delete(oldest.round);
    this.walkPrice();
    return this.dsoAutomation(
      SpliceChoices.DsoRulesAdvanceOpenMiningRounds,
      SpliceChoices.AmuletRulesAdvanceOpenMiningRounds,
      [oldest],
      (tx) => {
        tx.archive(oldest.contract, [this.ctx.dso.id]);
        const summarizing = tx.create(
          SpliceTemplates.SummarizingMiningRound,
          buildSplicePayload(SpliceTemplates.SummarizingMiningRound, {
            dso: this.ctx.dso.id,
            round: { number: String(oldest.round) },
            amuletPrice: formatDamlDecimal(this.price),
            issuanceConfig: ISSUANCE_CONFIG,
            tickDuration: { microseconds: String(this.ctx.options.tickMicros) },
          }),
          [this.ctx.dso.id],
        );
        this.summarizing.push({ round: oldest.round, contract: summarizing });
        const newest = round + 2;
        const contract = this.createOpenRound(tx, newest, tx.effectiveMicros + this.ctx.options.tickMicros);
        this.open.push({ round: newest, contract });
        return V.record({
          summarizingRound: V.contractId(tx.contractId(summarizing)),
          openRound: V.contractId(tx.contractId(contract)),
        });
      },
    );
  }

  private startIssuing(summarizing: RoundContract): HistoryUpdate {
    const rng = this.ctx.rng;
    return this.dsoAutomation(
      SpliceChoices.DsoRulesMiningRoundStartIssuing,
      SpliceChoices.AmuletRulesMiningRoundStartIssuing,
      [summarizing],
      (tx) => {
        tx.archive(summarizing.contract, [this.ctx.dso.id]);
        const issuing = tx.create(
          SpliceTemplates.IssuingMiningRound,
          buildSplicePayload(SpliceTemplates.IssuingMiningRound, {
            dso: this.ctx.dso.id,
            round: { number: String(summarizing.round) },
            issuancePerValidatorRewardCoupon: `0.${String(rng.int(1_000_000, 9_999_999)).padStart(10, '0')}`,
            issuancePerFeaturedAppRewardCoupon: `${rng.int(10, 99)}.${String(rng.int(0, 9_999_999)).padStart(10, '0')}`,
            issuancePerUnfeaturedAppRewardCoupon: `0.${String(rng.int(100_000, 999_999)).padStart(10, '0')}`,
            issuancePerSvRewardCoupon: `${rng.int(1, 9)}.${String(rng.int(0, 9_999_999)).padStart(10, '0')}`,
            opensAt: tx.effectiveAt,
            targetClosesAt: formatMicros(tx.effectiveMicros + 2 * this.ctx.options.tickMicros),
            optIssuancePerValidatorFaucetCoupon: `${rng.int(100, 999)}.${String(rng.int(0, 9_999_999)).padStart(10, '0')}`,
          }),
          [this.ctx.dso.id],
        );
        this.issuing.push({ round: summarizing.round, contract: issuing });
        const coupon = this.createCoupon(tx);
        return V.record({
          issuingRound: V.contractId(tx.contractId(issuing)),
          developmentFundCoupon: V.contractId(tx.contractId(coupon)),
        });
      },
    );
  }

  private closeRound(issuing: RoundContract): HistoryUpdate {
    return this.dsoAutomation(
      SpliceChoices.DsoRulesMiningRoundClose,
      SpliceChoices.AmuletRulesMiningRoundClose,
      [issuing],
      (tx) => {
        tx.archive(issuing.contract, [this.ctx.dso.id]);
        const rng = this.ctx.rng;
        const closed = tx.create(
          SpliceTemplates.ClosedMiningRound,
          buildSplicePayload(SpliceTemplates.ClosedMiningRound, {
            dso: this.ctx.dso.id,
            round: { number: String(issuing.round) },
            issuancePerValidatorRewardCoupon: `0.${String(rng.int(1_000_000, 9_999_999)).padStart(10, '0')}`,
            issuancePerFeaturedAppRewardCoupon: `${rng.int(10, 99)}.0000000000`,
            issuancePerUnfeaturedAppRewardCoupon: `0.${String(rng.int(100_000, 999_999)).padStart(10, '0')}`,
            issuancePerSvRewardCoupon: `${rng.int(1, 9)}.0000000000`,
            optIssuancePerValidatorFaucetCoupon: null,
          }),
          [this.ctx.dso.id],
        );
        this.closed.push({ round: issuing.round, contract: closed });
        return V.record({ closedRound: V.contractId(tx.contractId(closed)) });
      },
    );
  }

  private archiveClosed(closed: RoundContract): HistoryUpdate {
    return this.dsoAutomation(
      SpliceChoices.DsoRulesMiningRoundArchive,
      SpliceChoices.AmuletRulesMiningRoundArchive,
      [closed],
      (tx) => {
        tx.archive(closed.contract, [this.ctx.dso.id]);
      },
    );
  }

  /** SV automation: a DsoRules choice delegating to the matching AmuletRules choice. */
  private dsoAutomation(
    dsoChoice: string,
    amuletRulesChoice: string,
    rounds: readonly RoundContract[],
    children: (tx: TxBuilder) => DamlValue | void,
  ): HistoryUpdate {
    const dso = this.ctx.dso.id;
    return this.ctx.transaction({ command: 'dso-round-automation' }, (tx) => {
      const roundCids = V.list(rounds.map((r) => V.contractId(tx.contractId(r.contract))));
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: dsoChoice,
          argument: V.record({
            amuletRulesCid: V.contractId(tx.contractId(this.governance.amuletRules)),
            roundCids,
          }),
          consuming: false,
          actingParties: [dso],
        },
        () => {
          let result: DamlValue | void = undefined;
          tx.exercise(
            this.governance.amuletRules,
            {
              choice: amuletRulesChoice,
              argument: V.record({ roundCids }),
              consuming: false,
              actingParties: [dso],
            },
            () => {
              result = children(tx);
              return result;
            },
          );
          return result;
        },
      );
    });
  }

  private createOpenRound(tx: TxBuilder, round: number, opensAtMicros: number): GenericContract {
    const tick = this.ctx.options.tickMicros;
    this.openPrices.set(round, this.price);
    const payload: OpenMiningRoundPayload = {
      dso: this.ctx.dso.id,
      round: { number: String(round) },
      amuletPrice: formatDamlDecimal(this.price),
      opensAt: formatMicros(opensAtMicros),
      targetClosesAt: formatMicros(opensAtMicros + 2 * tick),
      issuingFor: { microseconds: String(round * tick) },
      transferConfigUsd: TRANSFER_CONFIG,
      issuanceConfig: ISSUANCE_CONFIG,
      tickDuration: { microseconds: String(tick) },
    };
    return tx.create(
      SpliceTemplates.OpenMiningRound,
      buildSplicePayload(SpliceTemplates.OpenMiningRound, payload),
      [this.ctx.dso.id],
    );
  }

  private createCoupon(tx: TxBuilder): GenericContract {
    const rng = this.ctx.rng;
    const users = this.ctx.network.users;
    const beneficiary = rng.chance(0.3) ? rng.pick(users) : null;
    const amount = BigInt(rng.int(10, 500)) * 10_000_000_000n + BigInt(rng.int(0, 99_999)) * 100_000n;
    const payload: UnclaimedDevelopmentFundCouponPayload = {
      dso: this.ctx.dso.id,
      beneficiary: beneficiary?.id ?? null,
      amount: formatDamlDecimal(amount),
    };
    const contract = tx.create(
      SpliceTemplates.UnclaimedDevelopmentFundCoupon,
      buildSplicePayload(SpliceTemplates.UnclaimedDevelopmentFundCoupon, payload),
      [this.ctx.dso.id],
      beneficiary ? [beneficiary.id] : [],
    );
    this.coupons.push({ contract, beneficiary, amount });
    return contract;
  }

  private walkPrice(): void {
    const next = this.price + (this.price * BigInt(this.ctx.rng.int(-200, 200))) / 10_000n;
    this.price = next < PRICE_FLOOR ? PRICE_FLOOR : next > PRICE_CEILING ? PRICE_CEILING : next;
  }
}
