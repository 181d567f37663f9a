import type { scanApi } from '@canton-scan/contracts';
import { notFound } from '../../errors/domain-error';
import {
  RewardAccountingRepository,
  type RewardTotalsRow,
  type RoundState,
} from './reward-accounting.repository';

export type ActivityTotalsOk = scanApi.RewardAccountingActivityTotalsOk;
export type ActivityTotals = scanApi.RewardAccountingActivityTotals;

function ok(t: RewardTotalsRow): ActivityTotalsOk {
  return {
    status: 'Ok',
    round_number: Number(t.round),
    total_app_activity_weight: Number(t.total_app_activity_weight),
    active_parties_count: Number(t.active_parties_count),
    activity_records_count: Number(t.activity_records_count),
    total_app_reward_minting_allowance: t.total_app_reward_minting_allowance,
    total_app_reward_thresholded: t.total_app_reward_thresholded,
    total_app_reward_unclaimed: t.total_app_reward_unclaimed,
    rewarded_app_provider_parties_count: Number(t.rewarded_app_provider_parties_count),
  };
}

/**
 * Status of a round's activity totals when none are stored (the writer stores them in the
 * transaction that closes the round, so a stored round has its final totals):
 * - a known round (it has an OpenMiningRound in this history) that is not closed: Undetermined;
 * - a known closed round without a recorded reward configuration (the AmuletRules in force when
 *   it opened are not in this history), or whose migration's verdicts this store does not carry
 *   (a mirror: its app activity is unknown, not zero): CannotProvide;
 * - a known, closed, configured round without totals (not computed yet; the writer and the
 *   migration that computes the rounds of older stores leave none): Undetermined;
 * - an unknown round above the newest known one (not reached yet, so not closed), or any round
 *   while no round is known yet: Undetermined;
 * - an unknown round below the first known one (before this history begins) or between known
 *   rounds (a gap in this history): CannotProvide.
 */
export function statusWithoutTotals(s: RoundState, round: bigint): 'Undetermined' | 'CannotProvide' {
  if (s.known) return s.closed && (!s.configured || !s.activityHeld) ? 'CannotProvide' : 'Undetermined';
  if (s.lastKnownRound === undefined || round > BigInt(s.lastKnownRound)) return 'Undetermined';
  return 'CannotProvide';
}

/**
 * `/v0/internal/reward-accounting-process/rounds/{round_number}/activity-totals` (CIP-0104): reads
 * the totals the writer stored; never writes (it answers from a read-only replica as well).
 */
export class RewardAccountingService {
  constructor(private readonly repository: RewardAccountingRepository) {}

  /**
   * `.../rounds/earliest-available`: the earliest round whose app activity records are complete
   * (upstream: the first round fully ingested and closed); NotFound while there is none.
   */
  async getEarliestAvailableRound(): Promise<scanApi.GetRewardAccountingEarliestAvailableRoundResponse> {
    const round = await this.repository.earliestCompleteRound();
    if (round === undefined) throw notFound('No reward accounting data available yet');
    return { earliest_round: Number(round) };
  }

  async getActivityTotals(roundNumber: number): Promise<ActivityTotals> {
    const round = String(roundNumber);
    const state = await this.repository.roundState(round);
    if (state.totals) return ok(state.totals);
    return { status: statusWithoutTotals(state, BigInt(round)) };
  }
}
