import {
  buildSplicePayload,
  formatDamlDecimal,
  type HistoryUpdate,
  parseDamlDecimal,
  SpliceChoices,
  SpliceTemplates,
  toCompact,
  V,
} from '@canton-scan/domain';
import { mulNumeric } from './amulet-arithmetic';
import type { GenericContract } from './contract-store';
import type { GovernanceFlow } from './governance.flow';
import type { RoundFlow } from './round.flow';
import type { SimContext } from './simulator.context';

/** A reward coupon or activity record left unclaimed, waiting for its round to close. */
export interface ExpiringReward {
  readonly kind: 'validatorRewardCoupon' | 'livenessRecord';
  readonly contract: GenericContract;
  readonly round: number;
  /** `amount` of a ValidatorRewardCoupon (the burn it rewards); records count one faucet each. */
  readonly amount: bigint;
}

/**
 * The DSO's expiry of unclaimed rewards: once a round is closed, an SV exercises
 * `DsoRules_ClaimExpiredRewards` over the round's unclaimed ValidatorRewardCoupons and
 * ValidatorLivenessActivityRecords; each is expired (`…_DsoExpire` with the ClosedMiningRound) and
 * their issuance at the closed round's rates becomes one UnclaimedReward (when positive).
 */
export class RewardExpiryFlow {
  private readonly pending: ExpiringReward[] = [];

  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly rounds: RoundFlow,
  ) {}

  /** Leaves `reward` to the DSO's expiry once its round has closed. */
  expireWhenClosed(reward: ExpiringReward): void {
    this.pending.push(reward);
  }

  *tick(): Generator<HistoryUpdate> {
    const byRound = new Map<number, ExpiringReward[]>();
    for (const reward of this.pending) {
      if (this.rounds.closedRound(reward.round) === undefined) continue;
      byRound.set(reward.round, [...(byRound.get(reward.round) ?? []), reward]);
    }
    for (const [round, rewards] of [...byRound.entries()].sort(([a], [b]) => a - b)) {
      for (const r of rewards) this.pending.splice(this.pending.indexOf(r), 1);
      yield this.expire(this.rounds.closedRound(round)!, rewards);
    }
  }

  private expire(closed: GenericContract, rewards: readonly ExpiringReward[]): HistoryUpdate {
    const { dso } = this.ctx;
    const sv = this.governance.currentSvs[0].party;
    const coupons = rewards.filter((r) => r.kind === 'validatorRewardCoupon');
    const records = rewards.filter((r) => r.kind === 'livenessRecord');
    return this.ctx.transaction({ command: 'claim-expired-rewards' }, (tx) => {
      const closedRoundCid = V.contractId(tx.contractId(closed));
      const cids = (list: readonly ExpiringReward[]): ReturnType<typeof V.list> =>
        V.list(list.map((r) => V.contractId(tx.contractId(r.contract))));
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesClaimExpiredRewards,
          argument: V.record({
            amuletRulesCid: V.contractId(tx.contractId(this.governance.amuletRules)),
            choiceArg: V.record({
              closedRoundCid,
              validatorRewardCouponCids: cids(coupons),
              appCouponCids: V.list([]),
              svRewardCouponCids: V.list([]),
              optValidatorFaucetCouponCids: V.none(),
              optValidatorLivenessActivityRecordCids: V.some(cids(records)),
            }),
            sv: V.some(V.party(sv.id)),
          }),
          consuming: false,
          actingParties: [sv.id],
        },
        () => {
          for (const c of coupons)
            tx.exercise(c.contract, {
              choice: SpliceChoices.ValidatorRewardCouponDsoExpire,
              argument: V.record({ closedRoundCid }),
              consuming: true,
              actingParties: [dso.id],
              result: V.record({ amount: V.numeric(formatDamlDecimal(c.amount)) }),
            });
          for (const r of records)
            tx.exercise(r.contract, {
              choice: SpliceChoices.ValidatorLivenessActivityRecordDsoExpire,
              argument: V.record({ closedRoundCid }),
              consuming: true,
              actingParties: [dso.id],
              result: V.record({}),
            });
          const rates = toCompact(closed.payload) as {
            issuancePerValidatorRewardCoupon: string;
            optIssuancePerValidatorFaucetCoupon: string | null;
          };
          const amount =
            mulNumeric(
              coupons.reduce((s, c) => s + c.amount, 0n),
              parseDamlDecimal(rates.issuancePerValidatorRewardCoupon),
            ) +
            mulNumeric(
              BigInt(records.length) * 10_000_000_000n,
              parseDamlDecimal(rates.optIssuancePerValidatorFaucetCoupon ?? '0'),
            );
          const unclaimed =
            amount > 0n
              ? tx.create(
                  SpliceTemplates.UnclaimedReward,
                  buildSplicePayload(SpliceTemplates.UnclaimedReward, {
                    dso: dso.id,
                    amount: formatDamlDecimal(amount),
                  }),
                  [dso.id],
                )
              : undefined;
          return V.record({
            unclaimedReward: V.optional(unclaimed ? V.contractId(tx.contractId(unclaimed)) : null),
          });
        },
      );
    });
  }
}
