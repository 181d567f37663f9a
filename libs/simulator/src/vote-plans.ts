import type {
  ActionRequiringConfirmation,
  AmuletConfig,
  DsoRulesConfig,
  RewardConfig,
} from '@canton-scan/domain';
import type { SimSv } from './network-identities';
import { amuletConfig, REWARD_CONFIGS } from './network-config';
import { formatMicros } from './sim-clock';
import type { SimContext } from './simulator.context';

export type VoteOutcome = 'accepted' | 'rejected' | 'expired';

/** A vote request to make, and how it will end. */
export interface VotePlan {
  readonly requestRound: number;
  readonly outcome: VoteOutcome;
  /** Builds the action from the state at request time; undefined skips the vote. */
  readonly action: () => ActionRequiringConfirmation | undefined;
  readonly summary: string;
  /** Name of the requesting SV; by default the SVs take turns. */
  readonly requester?: string;
  /**
   * Ask for the action to take effect at the start of the round this many after the request (an
   * accepted request is closed, and its action executed, in that round).
   */
  readonly effectiveAfterRounds?: number;
  /**
   * Ask for the action to take effect at the start of this round (`targetEffectiveAt`); an
   * accepted request is closed, and its action executed, in that round.
   */
  readonly effectiveRound?: number;
}

/**
 * A `CRARC_SetConfig` vote, as Splice's SV UI makes it: `baseConfig` is the config in force when
 * the vote is requested, `newConfig` that config with the reward configuration changed, and the
 * change takes effect when the DSO closes the accepted vote at `targetEffectiveAt`.
 */
export function setConfigAction(
  ctx: SimContext,
  baseConfig: AmuletConfig,
  reward: RewardConfig,
): ActionRequiringConfirmation {
  return {
    tag: 'ARC_AmuletRules',
    value: {
      amuletRulesAction: {
        tag: 'CRARC_SetConfig',
        value: { newConfig: amuletConfig(ctx.network, ctx.options.tickMicros, reward), baseConfig },
      },
    },
  };
}

/**
 * Votes at fixed fractions of the run, so every outcome and action kind appears whatever the
 * seed: the SV offboarding (accepted), a reward-accounting config added to the AmuletRules
 * schedule (accepted), a featured app right granted, the synchronizer upgrade scheduled in the
 * DsoRules config, and rejected and expired requests.
 */
export function scriptedVotePlans(
  ctx: SimContext,
  currentSvs: () => SimSv[],
  currentConfig: () => AmuletConfig,
  currentDsoConfig: () => DsoRulesConfig,
): VotePlan[] {
  const { network, options } = ctx;
  const rounds = options.rounds;
  const at = (fraction: number): number => Math.max(1, Math.floor(rounds * fraction));
  const svAt = (i: number): SimSv => {
    const svs = currentSvs();
    return svs[Math.min(i, svs.length - 1)];
  };
  // A config change requested a few rounds before the round it takes effect in.
  const setConfig = (
    effectiveRound: number,
    reward: RewardConfig,
    outcome: VoteOutcome,
    summary: string,
  ): VotePlan => {
    const requestRound = Math.max(1, effectiveRound - 3);
    return {
      requestRound,
      outcome,
      summary,
      effectiveRound: Math.max(effectiveRound, requestRound + 2),
      action: () => setConfigAction(ctx, currentConfig(), reward),
    };
  };
  return [
    scheduleMigration(ctx, currentDsoConfig),
    {
      requestRound: at(0.08),
      outcome: 'accepted',
      summary: 'Feature a busy application provider.',
      action: () => ({
        tag: 'ARC_DsoRules',
        value: {
          dsoAction: {
            tag: 'SRARC_GrantFeaturedAppRight',
            value: { provider: network.appProviders[2].id, activityWeight: null },
          },
        },
      }),
    },
    {
      requestRound: at(0.15),
      outcome: 'rejected',
      summary: 'Raise the reward weight of an SV.',
      requester: network.offboardedSv.name,
      action: () => ({
        tag: 'ARC_DsoRules',
        value: {
          dsoAction: {
            tag: 'SRARC_UpdateSvRewardWeight',
            value: { svParty: svAt(1).party.id, newRewardWeight: '12000' },
          },
        },
      }),
    },
    setConfig(
      Math.floor(rounds / 3),
      REWARD_CONFIGS.firstFuture,
      'accepted',
      'Raise the app reward coupon threshold to 1 USD.',
    ),
    setConfig(
      Math.floor((2 * rounds) / 3),
      REWARD_CONFIGS.secondFuture,
      'accepted',
      'Raise the app reward coupon threshold to 1.5 USD.',
    ),
    setConfig(
      Math.floor(rounds * 0.9),
      REWARD_CONFIGS.votedIn,
      'accepted',
      'Set the next reward configuration.',
    ),
    {
      requestRound: at(0.25),
      outcome: 'accepted',
      summary: `Offboard ${network.offboardedSv.name}.`,
      action: () => ({
        tag: 'ARC_DsoRules',
        value: { dsoAction: { tag: 'SRARC_OffboardSv', value: { sv: network.offboardedSv.party.id } } },
      }),
    },
    {
      ...setConfig(
        at(0.35) + 3,
        REWARD_CONFIGS.rejected,
        'rejected',
        'Raise the app reward coupon threshold to 99 USD.',
      ),
      requestRound: at(0.35),
      effectiveRound: Math.floor(rounds * 0.95),
    },
    {
      requestRound: at(0.45),
      outcome: 'expired',
      summary: 'Offboard an inactive SV.',
      action: () => ({
        tag: 'ARC_DsoRules',
        value: { dsoAction: { tag: 'SRARC_OffboardSv', value: { sv: svAt(2).party.id } } },
      }),
    },
    {
      requestRound: at(0.55),
      outcome: 'accepted',
      summary: 'Adjust the reward weight of the delegate.',
      effectiveAfterRounds: 4,
      action: () => ({
        tag: 'ARC_DsoRules',
        value: {
          dsoAction: {
            tag: 'SRARC_UpdateSvRewardWeight',
            value: { svParty: svAt(0).party.id, newRewardWeight: '15000' },
          },
        },
      }),
    },
    {
      requestRound: at(0.65),
      outcome: 'expired',
      summary: 'Lower the reward weight of an SV.',
      action: () => ({
        tag: 'ARC_DsoRules',
        value: {
          dsoAction: {
            tag: 'SRARC_UpdateSvRewardWeight',
            value: { svParty: svAt(1).party.id, newRewardWeight: '8000' },
          },
        },
      }),
    },
  ];
}

/**
 * The SVs schedule the synchronizer migration of `migrationRound` ahead of it, as Splice's SV UI
 * does ("Set next scheduled synchronizer upgrade": an `SRARC_SetConfig` of the DsoRules config),
 * closed two rounds later. The schedule stays in the config after the migration (the imported
 * DsoRules carry it), as nothing in Splice clears it.
 */
function scheduleMigration(ctx: SimContext, currentDsoConfig: () => DsoRulesConfig): VotePlan {
  const { migrationRound } = ctx.options;
  return {
    requestRound: Math.max(1, migrationRound - 3),
    outcome: 'accepted',
    summary: 'Schedule the synchronizer upgrade (migration) with downtime.',
    action: () => {
      const baseConfig = currentDsoConfig();
      const schedule = {
        time: formatMicros(ctx.clock.tickStart(migrationRound)),
        migrationId: String(ctx.migrationId + 1),
      };
      return {
        tag: 'ARC_DsoRules',
        value: {
          dsoAction: {
            tag: 'SRARC_SetConfig',
            value: { newConfig: { ...baseConfig, nextScheduledSynchronizerUpgrade: schedule }, baseConfig },
          },
        },
      };
    },
  };
}

/** Routine votes cycle through action kinds whose execution can repeat without harm. */
export function routineVotePlan(
  ctx: SimContext,
  svs: SimSv[],
  currentConfig: AmuletConfig,
  round: number,
  n: number,
): VotePlan {
  const target = svs[n % svs.length];
  const network = ctx.network;
  switch (n % 4) {
    case 0:
      return {
        requestRound: round,
        outcome: 'accepted',
        summary: 'Routine reward weight review.',
        action: () => ({
          tag: 'ARC_DsoRules',
          value: {
            dsoAction: {
              tag: 'SRARC_UpdateSvRewardWeight',
              value: { svParty: target.party.id, newRewardWeight: String(9000 + (n % 7) * 250) },
            },
          },
        }),
      };
    case 1:
      return {
        requestRound: round,
        outcome: 'rejected',
        summary: 'Feature another application.',
        action: () => ({
          tag: 'ARC_DsoRules',
          value: {
            dsoAction: {
              tag: 'SRARC_GrantFeaturedAppRight',
              value: {
                provider: network.appProviders[n % network.appProviders.length].id,
                activityWeight: null,
              },
            },
          },
        }),
      };
    case 2:
      return {
        requestRound: round,
        outcome: 'expired',
        summary: 'Tweak the reward configuration.',
        effectiveRound: round + 30,
        action: () => setConfigAction(ctx, currentConfig, REWARD_CONFIGS.rejected),
      };
    default:
      return {
        requestRound: round,
        outcome: 'rejected',
        summary: 'Offboard an SV over missed rounds.',
        action: () => ({
          tag: 'ARC_DsoRules',
          value: { dsoAction: { tag: 'SRARC_OffboardSv', value: { sv: target.party.id } } },
        }),
      };
  }
}
