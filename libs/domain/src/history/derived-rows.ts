import { toCompact } from '../daml-value/compact';
import type { CompactValue, DamlValue } from '../daml-value/daml-value.types';
import type { AmuletRulesPayload } from '../splice/amulet-rules.payloads';
import { PayloadReader, reportUninterpretable } from './payload-reader';
import { SpliceChoices, SpliceTemplates } from '../splice/splice-templates';
import { timestampToMicros } from '../snapshots/snapshot-schedule';

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

export interface RewardConfig {
  pool: string;
  threshold: string;
  capPerWeight: string;
}

/**
 * The AmuletRules configuration in force at `at`: latest futureValues entry at or before it, else
 * initialValue. Undefined when that configuration has no reward accounting (AmuletRules of
 * package versions before CIP-0104) or the schedule cannot be read.
 */
export function rewardConfigAt(rules: AmuletRulesPayload, at: string): RewardConfig | undefined {
  const schedule = new PayloadReader(rules);
  let chosen: unknown = schedule.object('configSchedule', 'initialValue');
  const futureValues = schedule.array('configSchedule', 'futureValues');
  if (schedule.missing.length > 0) return undefined;
  const atMicros = timestampToMicros(at);
  let chosenAt = -1n;
  for (const item of futureValues) {
    const entry = new PayloadReader(item);
    const time = entry.time('_1');
    const config = entry.object('_2');
    if (entry.missing.length > 0) continue;
    const t = timestampToMicros(time);
    if (t <= atMicros && t > chosenAt) {
      chosen = config;
      chosenAt = t;
    }
  }
  const r = new PayloadReader(chosen);
  const reward = {
    pool: r.decimal('rewardAccounting', 'appRewardPoolPerRound'),
    threshold: r.decimal('rewardAccounting', 'appRewardThreshold'),
    capPerWeight: r.decimal('rewardAccounting', 'appRewardCapPerWeight'),
  };
  return r.missing.length === 0 ? reward : undefined;
}

export function openRoundOf(
  name: string,
  payload: CompactValue,
  contractId: string,
): { round: string; opensAt: string } | undefined {
  if (name !== Q.OpenMiningRound) return undefined;
  const r = new PayloadReader(payload);
  return r.result(
    { round: r.int('round', 'number'), opensAt: r.time('opensAt') },
    'mining_rounds',
    name,
    contractId,
  );
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
