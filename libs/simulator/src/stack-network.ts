import type { AppConfig } from '@canton-scan/domain';
import type { SimulationOptions } from './simulator.options';

/**
 * What the network `npm start` loads carries besides the simulator's defaults, so that every
 * endpoint a wallet or the explorer calls has something to answer with: a few users with a
 * TransferPreapproval (direct transfers, `transfer-preapprovals/by-party`) and transfer
 * instructions offered to the others, some pending, some accepted, rejected or withdrawn; and
 * a batch payout every 40 rounds (about ten), transactions of more than 100 events for the
 * explorer's update page; and a routine vote every 43 rounds, so that the last one (requested in
 * round 430 of the 432 laid out, its SVs' votes cast in 431) is still open when the stack starts,
 * as a real network usually has a vote in progress.
 */
export const STACK_NETWORK_EXTRAS = {
  transferPreapprovalParties: 3,
  transferInstructionsPerRound: 0.25,
  batchTransfersPerRound: 0.025,
  voteEveryRounds: 43,
} as const satisfies SimulationOptions;

/**
 * The simulated network `npm start` loads: the default one with STACK_NETWORK_EXTRAS, on rounds
 * of `SIMULATION_TICK_SECONDS` (the AmuletRules' tickDuration), and the first SV's scan (in its
 * SvNodeState's `synchronizerNodes`, where scan discovery reads it) is this stack's own scan,
 * `SCAN_PUBLIC_URL`; the other SVs keep the simulator's example URLs. The first validator is
 * hosted on the stack's own ledger participant (`LEDGER_PARTICIPANT_ID`), so that participant has
 * bought traffic (a wallet SDK's traffic check finds it). A live network gets its start time when
 * it is created (`openSimulatedNetwork`).
 */
export function stackSimulationOptions(
  config: Pick<AppConfig, 'scanApi' | 'ledgerNode' | 'simulation'>,
): SimulationOptions {
  return {
    ...STACK_NETWORK_EXTRAS,
    tickSeconds: config.simulation.tickSeconds,
    svScanUrls: [config.scanApi.publicUrl],
    validatorParticipantIds: [participantMemberId(config.ledgerNode.participantId)],
  };
}

/**
 * The participant as a sequencer member, as MemberTraffic names it: `PAR::<uid>`. A participant id
 * configured as the bare uid is qualified, as wallet SDKs qualify the ledger's participant id.
 */
export function participantMemberId(participantId: string): string {
  return /^(PAR|MED)::/.test(participantId) ? participantId : `PAR::${participantId}`;
}
