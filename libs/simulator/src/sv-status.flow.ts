import {
  buildSplicePayload,
  type HistoryUpdate,
  SpliceChoices,
  SpliceTemplates,
  type SvRewardStatePayload,
  type SvStatusReportPayload,
  V,
} from '@canton-scan/domain';
import type { GovernanceFlow } from './governance.flow';
import type { SimSv } from './network-identities';
import type { RoundFlow } from './round.flow';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';

/** Rounds between two status reports of one SV (MainNet SVs report every minute). */
const STATUS_REPORT_EVERY_ROUNDS = 6;

/**
 * What each SV's automation does every round: collect its SV reward coupon for the round
 * (`DsoRules_ReceiveSvRewardCoupon`, one coupon for the SV itself at its full weight, none at
 * weight 0) and, every few rounds, submit a status report (`DsoRules_SubmitStatusReport`).
 */
export class SvStatusFlow {
  constructor(
    private readonly ctx: SimContext,
    private readonly governance: GovernanceFlow,
    private readonly rounds: RoundFlow,
  ) {}

  *tick(round: number): Generator<HistoryUpdate> {
    for (const [i, sv] of this.governance.currentSvs.entries()) {
      yield this.receiveSvRewardCoupon(sv, round);
      if ((round + i) % STATUS_REPORT_EVERY_ROUNDS === 0) yield this.submitStatusReport(sv, round);
    }
  }

  private receiveSvRewardCoupon(sv: SimSv, round: number): HistoryUpdate {
    const dso = this.ctx.dso.id;
    const info = this.governance.dsoRulesPayload.svs.find(([party]) => party === sv.party.id)?.[1];
    const rewardState = this.governance.svRewardStates.get(sv.name);
    if (!info || !rewardState) throw new Error(`simulator bug: ${sv.name} has no SV reward state`);
    const weight = info.svRewardWeight;
    const beneficiaries: [string, string][] = weight === '0' ? [] : [[sv.party.id, weight]];
    return this.ctx.transaction({ command: 'receive-sv-reward-coupon' }, (tx) => {
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesReceiveSvRewardCoupon,
          argument: V.record({
            sv: V.party(sv.party.id),
            openRoundCid: V.contractId(tx.contractId(this.rounds.openRound(round))),
            rewardStateCid: V.contractId(tx.contractId(rewardState.contract)),
            beneficiaries: V.list(beneficiaries.map(([party, w]) => V.tuple(V.party(party), V.int64(w)))),
          }),
          consuming: false,
          actingParties: [sv.party.id],
        },
        () => {
          tx.archive(rewardState.contract, [dso]);
          const state = rewardState.payload.state;
          const payload: SvRewardStatePayload = {
            ...rewardState.payload,
            state: {
              lastRoundCollected: { number: String(round) },
              numRoundsCollected: String(Number(state.numRoundsCollected) + 1),
              numRoundsMissed: String(
                Number(state.numRoundsMissed) + (round - Number(state.lastRoundCollected.number) - 1),
              ),
              numCouponsIssued: String(Number(state.numCouponsIssued) + beneficiaries.length),
            },
          };
          const next = tx.create(
            SpliceTemplates.SvRewardState,
            buildSplicePayload(SpliceTemplates.SvRewardState, payload),
            [dso],
          );
          this.governance.svRewardStates.set(sv.name, { contract: next, payload });
          const coupons = beneficiaries.map(([beneficiary, w]) =>
            tx.create(
              SpliceTemplates.SvRewardCoupon,
              buildSplicePayload(SpliceTemplates.SvRewardCoupon, {
                dso,
                sv: sv.party.id,
                beneficiary,
                round: { number: String(round) },
                weight: w,
              }),
              [dso],
              [sv.party.id, beneficiary].filter((p, i, all) => all.indexOf(p) === i),
            ),
          );
          return V.record({
            svRewardState: V.contractId(tx.contractId(next)),
            svRewardCoupons: V.list(coupons.map((c) => V.contractId(tx.contractId(c)))),
          });
        },
      );
    });
  }

  private submitStatusReport(sv: SimSv, round: number): HistoryUpdate {
    const dso = this.ctx.dso.id;
    const previous = this.governance.svStatusReports.get(sv.party.id);
    if (!previous) throw new Error(`simulator bug: ${sv.name} has no status report`);
    return this.ctx.transaction({ command: 'submit-sv-status-report' }, (tx) => {
      // The SV's nodes lag the ledger by a moment; CometBFT makes about a block a second.
      const status = {
        createdAt: tx.effectiveAt,
        cometBftHeight: String(
          Math.floor((tx.effectiveMicros - this.ctx.clock.tickStart(0)) / 1_000_000) + 1,
        ),
        mediatorSynchronizerTime: formatMicros(tx.effectiveMicros - 1_500_000),
        participantSynchronizerTime: formatMicros(tx.effectiveMicros - 1_200_000),
        latestOpenRound: { number: String(round + 2) },
      };
      tx.exercise(
        this.governance.dsoRules,
        {
          choice: SpliceChoices.DsoRulesSubmitStatusReport,
          argument: V.record({
            sv: V.party(sv.party.id),
            previousReportCid: V.contractId(tx.contractId(previous.contract)),
            status: V.record({
              createdAt: V.timestamp(status.createdAt),
              cometBftHeight: V.int64(status.cometBftHeight),
              mediatorSynchronizerTime: V.timestamp(status.mediatorSynchronizerTime),
              participantSynchronizerTime: V.timestamp(status.participantSynchronizerTime),
              latestOpenRound: V.record({ number: V.int64(status.latestOpenRound.number) }),
            }),
          }),
          consuming: false,
          actingParties: [sv.party.id],
        },
        () => {
          tx.archive(previous.contract, [dso]);
          const payload: SvStatusReportPayload = {
            ...previous.payload,
            number: String(Number(previous.payload.number) + 1),
            status,
          };
          const next = tx.create(
            SpliceTemplates.SvStatusReport,
            buildSplicePayload(SpliceTemplates.SvStatusReport, payload),
            [dso],
          );
          this.governance.svStatusReports.set(sv.party.id, { contract: next, payload });
          return V.record({ newReport: V.contractId(tx.contractId(next)) });
        },
      );
    });
  }
}
