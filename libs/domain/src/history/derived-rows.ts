import { toCompact } from '../daml-value/compact';
import type { CompactValue, DamlValue } from '../daml-value/daml-value.types';
import { formatDamlDecimal, parseDamlDecimal } from '../daml-value/daml-decimal';
import { DEFAULT_DEVELOPMENT_FUND_PERCENTAGE, type RewardInputs } from '../scan/rewards/reward-issuance';
import { PayloadReader, reportUninterpretable } from './payload-reader';
import { SpliceChoices, SpliceTemplates } from '../splice/splice-templates';

/** `package_name:Module:Entity` — how derived rows recognise templates across package versions. */
export function qualifiedName(packageName: string, templateId: string): string {
  const [, moduleName, entityName] = templateId.split(':');
  return `${packageName}:${moduleName}:${entityName}`;
}

export const Q = {
  Amulet: SpliceTemplates.Amulet.qualifiedName,
  LockedAmulet: SpliceTemplates.LockedAmulet.qualifiedName,
  ValidatorLicense: SpliceTemplates.ValidatorLicense.qualifiedName,
  OpenMiningRound: SpliceTemplates.OpenMiningRound.qualifiedName,
  ClosedMiningRound: SpliceTemplates.ClosedMiningRound.qualifiedName,
  AmuletRules: SpliceTemplates.AmuletRules.qualifiedName,
  DsoRules: SpliceTemplates.DsoRules.qualifiedName,
} as const;

/*
 * Each `...Of` reads what one derived table needs from a compact payload by field name
 * (PayloadReader): fields of newer package versions are ignored, absent Optionals are None, and a
 * payload lacking a needed field is reported and gives no row (docs/compact-only.md).
 */

export interface HoldingFacts {
  owner: string;
  amount: string;
  locked: boolean;
}

export function holdingOf(name: string, payload: CompactValue, contractId: string): HoldingFacts | undefined {
  if (name === Q.Amulet) {
    const r = new PayloadReader(payload);
    const facts = { owner: r.text('owner'), amount: r.decimal('amount', 'initialAmount'), locked: false };
    return r.result(facts, 'amulet_holdings', name, contractId);
  }
  if (name === Q.LockedAmulet) {
    const r = new PayloadReader(payload);
    const facts = {
      owner: r.text('amulet', 'owner'),
      amount: r.decimal('amulet', 'amount', 'initialAmount'),
      locked: true,
    };
    return r.result(facts, 'amulet_holdings', name, contractId);
  }
  return undefined;
}

/** The faucet state of a licence: null until the first round collected. */
export interface FaucetFacts {
  firstReceivedRound: string;
  lastReceivedRound: string;
  numCouponsMissed: string;
}

export interface LicenseFacts {
  validator: string;
  faucet: FaucetFacts | null;
}

export function licenseOf(name: string, payload: CompactValue, contractId: string): LicenseFacts | undefined {
  if (name !== Q.ValidatorLicense) return undefined;
  const r = new PayloadReader(payload);
  // Older ValidatorLicense versions have no faucetState at all (absent: None).
  const faucet =
    r.optional('faucetState') === null
      ? null
      : {
          firstReceivedRound: r.int('faucetState', 'firstReceivedFor', 'number'),
          lastReceivedRound: r.int('faucetState', 'lastReceivedFor', 'number'),
          numCouponsMissed: r.int('faucetState', 'numCouponsMissed'),
        };
  return r.result({ validator: r.text('validator'), faucet }, 'validator_licenses', name, contractId);
}

/**
 * An OpenMiningRound: its number, opensAt and the CIP-0104 reward inputs it carries (Splice
 * scan's `RewardComputationInputs.fromOpenMiningRound`): null for a round without `rewardConfig`
 * or `trafficPrice` (pre-CIP-0104), or whose inputs cannot be read.
 */
export function openRoundOf(
  name: string,
  payload: CompactValue,
  contractId: string,
): { round: string; opensAt: string; inputs: RewardInputs | null } | undefined {
  if (name !== Q.OpenMiningRound) return undefined;
  const r = new PayloadReader(payload);
  const opened = r.result(
    { round: r.int('round', 'number'), opensAt: r.time('opensAt') },
    'mining_rounds',
    name,
    contractId,
  );
  if (!opened) return undefined;
  return { ...opened, inputs: rewardInputsOf(payload) };
}

function rewardInputsOf(payload: CompactValue): RewardInputs | null {
  const r = new PayloadReader(payload);
  if (r.optional('rewardConfig') === null || r.optional('trafficPrice') === null) return null;
  const fund = r.optional('issuanceConfig', 'optDevelopmentFundPercentage');
  const inputs: RewardInputs = {
    amuletToIssuePerYear: r.decimal('issuanceConfig', 'amuletToIssuePerYear'),
    appRewardPercentage: r.decimal('issuanceConfig', 'appRewardPercentage'),
    featuredAppRewardCap: r.decimal('issuanceConfig', 'featuredAppRewardCap'),
    developmentFundPercentage:
      fund === null
        ? DEFAULT_DEVELOPMENT_FUND_PERCENTAGE
        : r.decimal('issuanceConfig', 'optDevelopmentFundPercentage'),
    tickDurationMicros: r.int('tickDuration', 'microseconds'),
    amuletPrice: r.decimal('amuletPrice'),
    trafficPrice: r.decimal('trafficPrice'),
    appRewardCouponThreshold: r.decimal('rewardConfig', 'appRewardCouponThreshold'),
  };
  if (r.missing.length > 0) return null;
  // Numeric columns take the scientific form; the arithmetic wants plain decimals.
  const plain = (v: string) => formatDamlDecimal(parseDamlDecimal(v));
  return {
    ...inputs,
    amuletToIssuePerYear: plain(inputs.amuletToIssuePerYear),
    appRewardPercentage: plain(inputs.appRewardPercentage),
    featuredAppRewardCap: plain(inputs.featuredAppRewardCap),
    developmentFundPercentage: plain(inputs.developmentFundPercentage),
    amuletPrice: plain(inputs.amuletPrice),
    trafficPrice: plain(inputs.trafficPrice),
    appRewardCouponThreshold: plain(inputs.appRewardCouponThreshold),
  };
}

export function closedRoundOf(name: string, payload: CompactValue, contractId: string): string | undefined {
  if (name !== Q.ClosedMiningRound) return undefined;
  const r = new PayloadReader(payload);
  return r.result(r.int('round', 'number'), 'mining_rounds (closed)', name, contractId);
}

export interface VoteResultFacts {
  actionName: string;
  accepted: boolean;
  outcome: string;
  requester: string;
  effectiveAt: string;
  completedAt: string;
}

/**
 * A closed vote request: the result of DsoRules_CloseVoteRequest (docs/governance.md "Vote
 * results"). `compact`: the result is compact already (compact-only history), else lossless.
 * `eventId` names the exercise in a report.
 */
export function voteResultOf(
  choice: string,
  exerciseResult: DamlValue | CompactValue,
  compact: boolean,
  eventId = '',
): VoteResultFacts | undefined {
  if (choice !== SpliceChoices.DsoRulesCloseVoteRequest) return undefined;
  let result: unknown;
  try {
    // Only this choice's result is made compact: the write path sees every exercise.
    result = compact ? exerciseResult : toCompact(exerciseResult as DamlValue);
  } catch (error) {
    reportUninterpretable({
      derived: 'vote_results',
      template: choice,
      contract: eventId,
      missing: [(error as Error).message],
    });
    return undefined;
  }
  const r = new PayloadReader(result);
  const outcome = r.text('outcome', 'tag');
  const completedAt = r.time('completedAt');
  const actionValue = r.object('request', 'action', 'value');
  const inner = new PayloadReader(Object.values(actionValue)[0]).text('tag');
  if (r.missing.length === 0 && inner === '') r.missing.push('request.action.value.*.tag');
  const accepted = outcome === 'VRO_Accepted';
  const facts = {
    actionName: inner,
    accepted,
    outcome,
    requester: r.text('request', 'requester'),
    effectiveAt: accepted ? r.time('outcome', 'value', 'effectiveAt') : completedAt,
    completedAt,
  };
  return r.result(facts, 'vote_results', choice, eventId);
}
