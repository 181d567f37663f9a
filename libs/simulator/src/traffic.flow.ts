import {
  buildSplicePayload,
  type BuyMemberTrafficArgument,
  buyMemberTrafficArgumentType,
  type BuyMemberTrafficResult,
  buyMemberTrafficResultType,
  formatDamlDecimal,
  fromCompact,
  type HistoryUpdate,
  parseDamlDecimal,
  type MemberTrafficPayload,
  SpliceChoices,
  SpliceTemplates,
  V,
  wholeDamlDecimal,
} from '@canton-scan/domain';
import { compactSummary, type AmuletFlow } from './amulet.flow';
import { showDecimal, summarizeTransfer, totalBurn } from './amulet-arithmetic';
import type { AmuletContract, GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { SimParty } from './network-identities';
import { TRAFFIC_FEES } from './network-config';
import type { RoundFlow } from './round.flow';
import type { SimContext } from './simulator.context';
import type { TxBuilder } from './transaction.builder';
import type { ValidatorFlow } from './validator.flow';

/** A purchase buys this many times `minTopupAmount`, drawn uniformly. */
const TOP_UP_MULTIPLES = [2, 10] as const;
/** Validators' top-ups are spread over the top-up period by this many rounds per validator. */
const TOP_UP_STAGGER = 7;
const BYTES_PER_MB = wholeDamlDecimal(1_000_000);
const SPLICE_META = 'splice.lfdecentralizedtrust.org/';

interface ActiveTraffic {
  readonly contract: GenericContract;
  readonly payload: MemberTrafficPayload;
}

interface Member {
  readonly validator: SimParty;
  /** `PAR::<participant uid>`, as MemberTraffic's `memberId` names a participant. */
  readonly memberId: string;
  /** The validator's own amulets (minted by taps for its purchases, and the change). */
  wallet: AmuletContract[];
  /** The member's active MemberTraffic contracts, oldest first. */
  traffic: ActiveTraffic[];
  purchases: number;
}

/**
 * Synchronizer traffic: each validator buys extra traffic for its participant with
 * `AmuletRules_BuyMemberTraffic` when it is onboarded, then tops up every
 * `trafficTopUpEveryRounds` rounds while it holds a licence (staggered per validator). A purchase
 * burns amulet worth `trafficAmount / 1e6 × extraTrafficPrice / amuletPrice` of the round and
 * creates one MemberTraffic contract; once a member has more than the DSO's
 * `numMemberTrafficContractsThreshold` contracts, the DSO merges them into one
 * (`DsoRules_MergeMemberTrafficContracts`). Validators pay with amulet they tap.
 */
export class TrafficFlow {
  private readonly members: Member[];
  private readonly synchronizerId: string;

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly rounds: RoundFlow,
    private readonly amulets: AmuletFlow,
    private readonly validators: ValidatorFlow,
  ) {
    this.members = ctx.network.validators.map((validator, i) => ({
      validator,
      memberId: ctx.network.validatorParticipantIds[i],
      wallet: [],
      traffic: [],
      purchases: 0,
    }));
    this.synchronizerId = ctx.network.synchronizers[0];
  }

  *tick(round: number): Generator<HistoryUpdate> {
    const every = this.ctx.options.trafficTopUpEveryRounds;
    for (const member of this.members) {
      if (!this.validators.isLicensed(member.validator)) continue;
      const due = (round + member.validator.index * TOP_UP_STAGGER) % every === 0;
      if (member.purchases > 0 && !due) continue;
      yield* this.buy(member, round);
      // Only contracts of one migration merge (the Daml checks each against the first one's).
      const mergeable = member.traffic.filter((t) => t.payload.migrationId === String(this.ctx.migrationId));
      const threshold = Number(this.governance.dsoRulesPayload.config.numMemberTrafficContractsThreshold);
      if (mergeable.length > threshold) yield this.merge(member, mergeable);
    }
  }

  private *buy(member: Member, round: number): Generator<HistoryUpdate> {
    const { rng, dso } = this.ctx;
    const validator = member.validator;
    const trafficAmount = BigInt(TRAFFIC_FEES.minTopupAmount * rng.int(...TOP_UP_MULTIPLES));
    const amuletPrice = this.rounds.amuletPriceOf(round);
    // computeSynchronizerFees: USD = bytes / 1e6 × extraTrafficPrice; amulet = USD / amuletPrice.
    const usdSpent = mulHalfEven(
      divHalfEven(wholeDamlDecimal(trafficAmount), BYTES_PER_MB),
      TRAFFIC_FEES.extraTrafficPrice,
    );
    const amuletPaid = divHalfEven(usdSpent, amuletPrice);
    // splitAndBurn: a self-transfer splits `amuletPaid` off (no fee is charged), which is then burned.
    const available = member.wallet.reduce((sum, a) => sum + a.amount, 0n);
    if (available < amuletPaid) {
      yield this.amulets.tap(validator, amuletPaid - available + this.amulets.randomWhole(100, 1000), (a) =>
        member.wallet.push(a),
      );
    }
    const inputs = member.wallet;
    member.wallet = [];
    yield this.ctx.transaction({ command: 'buy-member-traffic' }, (tx) => {
      const openRound = this.rounds.openRound(round);
      const rate = this.amulets.holdingFeeRate(round);
      const transferSummary = summarizeTransfer({
        sender: validator.id,
        openRound: round,
        amuletPrice,
        holdingFeeRate: rate,
        inputs: {
          amulets: inputs.map((a) => ({ initialAmount: a.amount, createdAt: a.round, ratePerRound: a.rate })),
        },
        outputs: [{ receiver: validator.id, amount: amuletPaid }],
      });
      // The burned split amulet leaves the sender's balance too (splitAndBurn adjusts the summary).
      const burnedAsOfRoundZero = amuletPaid + mulHalfEven(rate, wholeDamlDecimal(round));
      const summary = {
        ...transferSummary,
        balanceChanges: transferSummary.balanceChanges.map(
          ([party, c]) =>
            [
              party,
              party === validator.id
                ? {
                    changeToInitialAmountAsOfRoundZero:
                      c.changeToInitialAmountAsOfRoundZero - burnedAsOfRoundZero,
                    changeToHoldingFeesRate: c.changeToHoldingFeesRate - rate,
                  }
                : c,
            ] as const,
        ),
      };
      const senderChangeAmount = summary.senderChangeAmount;
      const argument: BuyMemberTrafficArgument = {
        inputs: inputs.map((a) => ({ tag: 'InputAmulet', value: tx.contractId(a) })),
        context: {
          openMiningRound: tx.contractId(openRound),
          issuingMiningRounds: [],
          validatorRights: [],
          featuredAppRight: null,
        },
        provider: validator.id,
        memberId: member.memberId,
        synchronizerId: this.synchronizerId,
        migrationId: String(this.ctx.migrationId),
        trafficAmount: String(trafficAmount),
        expectedDso: dso.id,
      };
      tx.exercise(
        this.governance.amuletRules,
        {
          choice: SpliceChoices.AmuletRulesBuyMemberTraffic,
          argument: fromCompact(buyMemberTrafficArgumentType, argument),
          consuming: false,
          actingParties: [validator.id],
        },
        () => {
          // splitAndBurn: the self-transfer's split amulet and change, then the split is archived (burned).
          for (const input of inputs) tx.archive(input, [validator.id]);
          const split = tx.createAmulet(dso, validator, amuletPaid, round, rate);
          let change: AmuletContract | undefined;
          if (senderChangeAmount > 0n) {
            change = tx.createAmulet(dso, validator, senderChangeAmount, round, rate);
            member.wallet.push(change);
          }
          tx.archive(split, [validator.id]);
          // Validator activity over the whole burn: the split plus the (zero) output fees. Without a
          // ValidatorRight to claim it the coupon is left to the DSO, which expires it when its round closes.
          const rewardAmount = amuletPaid + summary.outputFees.reduce((a, b) => a + b, 0n);
          tx.create(
            SpliceTemplates.ValidatorRewardCoupon,
            buildSplicePayload(SpliceTemplates.ValidatorRewardCoupon, {
              dso: dso.id,
              user: validator.id,
              amount: formatDamlDecimal(rewardAmount),
              round: { number: String(round) },
            }),
            [dso.id],
            [validator.id],
          );
          const purchased = this.createTraffic(tx, member, {
            dso: dso.id,
            memberId: member.memberId,
            synchronizerId: this.synchronizerId,
            migrationId: String(this.ctx.migrationId),
            totalPurchased: String(trafficAmount),
            numPurchases: '1',
            amuletSpent: formatDamlDecimal(amuletPaid),
            usdSpent: formatDamlDecimal(usdSpent),
          });
          const burned = totalBurn(summary) + amuletPaid;
          const result: BuyMemberTrafficResult = {
            round: { number: String(round) },
            summary: compactSummary(summary),
            amuletPaid: formatDamlDecimal(amuletPaid),
            purchasedTraffic: tx.contractId(purchased),
            senderChangeAmulet: change ? tx.contractId(change) : null,
            meta: {
              values: {
                [`${SPLICE_META}burned`]: showDecimal(burned),
                [`${SPLICE_META}reason`]: 'traffic purchase',
                [`${SPLICE_META}tx-kind`]: 'burn',
              },
            },
          };
          return fromCompact(buyMemberTrafficResultType, result);
        },
      );
    });
    member.purchases++;
  }

  /** The DSO delegate merges the member's contracts `merged` into one with the totals added up. */
  private merge(member: Member, merged: readonly ActiveTraffic[]): HistoryUpdate {
    const { dso } = this.ctx;
    const delegate = this.governance.currentSvs[0];
    member.traffic = member.traffic.filter((t) => !merged.includes(t));
    return this.ctx.transaction({ command: 'merge-member-traffic' }, (tx) => {
      const trafficCids = V.list(merged.map((t) => V.contractId(tx.contractId(t.contract))));
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesMergeMemberTrafficContracts,
          argument: V.record({
            amuletRulesCid: V.contractId(tx.contractId(this.governance.amuletRules)),
            trafficCids,
            sv: V.some(V.party(delegate.party.id)),
          }),
          consuming: false,
          actingParties: [delegate.party.id],
        },
        () => {
          let mergedCid = '';
          tx.exercise(
            this.governance.amuletRules,
            {
              choice: SpliceChoices.AmuletRulesMergeMemberTrafficContracts,
              argument: V.record({ trafficCids }),
              consuming: false,
              actingParties: [dso.id],
            },
            () => {
              for (const t of merged) tx.archive(t.contract, [dso.id]);
              const first = merged[0].payload;
              const sum = (field: 'totalPurchased' | 'numPurchases'): string =>
                String(merged.reduce((acc, t) => acc + BigInt(t.payload[field]), 0n));
              const sumDecimal = (field: 'amuletSpent' | 'usdSpent'): string =>
                formatDamlDecimal(merged.reduce((acc, t) => acc + parseDamlDecimal(t.payload[field]), 0n));
              const contract = this.createTraffic(tx, member, {
                dso: dso.id,
                memberId: first.memberId,
                synchronizerId: first.synchronizerId,
                migrationId: first.migrationId,
                totalPurchased: sum('totalPurchased'),
                numPurchases: sum('numPurchases'),
                amuletSpent: sumDecimal('amuletSpent'),
                usdSpent: sumDecimal('usdSpent'),
              });
              mergedCid = tx.contractId(contract);
              return V.record({ mergedTrafficCid: V.contractId(mergedCid) });
            },
          );
          return V.record({ memberTraffic: V.contractId(mergedCid) });
        },
      );
    });
  }

  private createTraffic(tx: TxBuilder, member: Member, payload: MemberTrafficPayload): GenericContract {
    const contract = tx.create(
      SpliceTemplates.MemberTraffic,
      buildSplicePayload(SpliceTemplates.MemberTraffic, payload),
      [this.ctx.dso.id],
    );
    member.traffic.push({ contract, payload });
    return contract;
  }
}

const UNITS = wholeDamlDecimal(1);

/** a / b rounded half to even at 10 fractional digits, as Daml divides Numeric values. */
function divHalfEven(a: bigint, b: bigint): bigint {
  return roundHalfEven(a * UNITS, b);
}

/** a × b rounded half to even at 10 fractional digits, as Daml multiplies Numeric values. */
function mulHalfEven(a: bigint, b: bigint): bigint {
  return roundHalfEven(a * b, UNITS);
}

function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('simulator bug: negative traffic amount');
  const q = numerator / denominator;
  const twice = 2n * (numerator % denominator);
  return twice > denominator || (twice === denominator && q % 2n === 1n) ? q + 1n : q;
}
