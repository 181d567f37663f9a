import { toCompact } from '../daml-value/compact';
import type { CompactValue, DamlValue } from '../daml-value/daml-value.types';
import type {
  AmuletRulesPayload,
  FaucetState,
  ValidatorLicensePayload,
} from '../splice/amulet-rules.payloads';
import type { AmuletPayload, AppActivityRecordPayload, LockedAmuletPayload } from '../splice/amulet.payloads';
import type { CloseVoteRequestResult } from '../splice/dso-governance.payloads';
import type { ClosedMiningRoundPayload, OpenMiningRoundPayload } from '../splice/mining-round.payloads';
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
  AppActivityRecord: SpliceTemplates.AppActivityRecord.qualifiedName,
  OpenMiningRound: SpliceTemplates.OpenMiningRound.qualifiedName,
  ClosedMiningRound: SpliceTemplates.ClosedMiningRound.qualifiedName,
  AmuletRules: SpliceTemplates.AmuletRules.qualifiedName,
  DsoRules: SpliceTemplates.DsoRules.qualifiedName,
} as const;

export interface HoldingFacts {
  owner: string;
  amount: string;
  locked: boolean;
}

export function holdingOf(name: string, payload: CompactValue): HoldingFacts | undefined {
  if (name === Q.Amulet) {
    const p = payload as unknown as AmuletPayload;
    return { owner: p.owner, amount: p.amount.initialAmount, locked: false };
  }
  if (name === Q.LockedAmulet) {
    const p = payload as unknown as LockedAmuletPayload;
    return { owner: p.amulet.owner, amount: p.amulet.amount.initialAmount, locked: true };
  }
  return undefined;
}

export interface LicenseFacts {
  validator: string;
  faucet: FaucetState | null;
}

export function licenseOf(name: string, payload: CompactValue): LicenseFacts | undefined {
  if (name !== Q.ValidatorLicense) return undefined;
  const p = payload as unknown as ValidatorLicensePayload;
  return { validator: p.validator, faucet: p.faucetState };
}

export interface ActivityFacts {
  provider: string;
  round: string;
  weight: string;
}

export function activityOf(name: string, payload: CompactValue): ActivityFacts | undefined {
  if (name !== Q.AppActivityRecord) return undefined;
  const p = payload as unknown as AppActivityRecordPayload;
  return { provider: p.provider, round: p.round.number, weight: p.activityWeight };
}

export interface RewardConfig {
  pool: string;
  threshold: string;
  capPerWeight: string;
}

/** The AmuletRules configuration in force at `at`: latest futureValues entry at or before it, else initialValue. */
export function rewardConfigAt(rules: AmuletRulesPayload, at: string): RewardConfig {
  const atMicros = timestampToMicros(at);
  let chosen = rules.configSchedule.initialValue;
  let chosenAt = -1n;
  for (const item of rules.configSchedule.futureValues) {
    const t = timestampToMicros(item._1);
    if (t <= atMicros && t > chosenAt) {
      chosen = item._2;
      chosenAt = t;
    }
  }
  const r = chosen.rewardAccounting;
  return {
    pool: r.appRewardPoolPerRound,
    threshold: r.appRewardThreshold,
    capPerWeight: r.appRewardCapPerWeight,
  };
}

export function openRoundOf(
  name: string,
  payload: CompactValue,
): { round: string; opensAt: string } | undefined {
  if (name !== Q.OpenMiningRound) return undefined;
  const p = payload as unknown as OpenMiningRoundPayload;
  return { round: p.round.number, opensAt: p.opensAt };
}

export function closedRoundOf(name: string, payload: CompactValue): string | undefined {
  if (name !== Q.ClosedMiningRound) return undefined;
  return (payload as unknown as ClosedMiningRoundPayload).round.number;
}

export interface VoteResultFacts {
  actionName: string;
  accepted: boolean;
  outcome: string;
  requester: string;
  effectiveAt: string;
  completedAt: string;
}

/** A closed vote request: the result of DsoRules_CloseVoteRequest (docs/governance.md "Vote results"). */
export function voteResultOf(choice: string, exerciseResult: DamlValue): VoteResultFacts | undefined {
  if (choice !== SpliceChoices.DsoRulesCloseVoteRequest) return undefined;
  // Only this choice's result is made compact: the write path sees every exercise.
  const r = toCompact(exerciseResult) as unknown as CloseVoteRequestResult;
  const action = r.request.action;
  const inner = Object.values(action.value)[0] as { tag: string };
  const accepted = r.outcome.tag === 'VRO_Accepted';
  return {
    actionName: inner.tag,
    accepted,
    outcome: r.outcome.tag,
    requester: r.request.requester,
    effectiveAt: r.outcome.tag === 'VRO_Accepted' ? r.outcome.value.effectiveAt : r.completedAt,
    completedAt: r.completedAt,
  };
}
