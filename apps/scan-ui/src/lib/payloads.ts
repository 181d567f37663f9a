/**
 * The parts of Splice contract payloads (compact JSON) the pages read. The API types payloads as
 * open records; these describe what the UI expects inside and are read defensively.
 */

export interface OpenMiningRound {
  round: { number: string };
  amuletPrice: string;
  opensAt: string;
  targetClosesAt: string;
}

export interface TransferConfig {
  createFee: { fee: string };
  holdingFee: { rate: string };
  transferFee: { initialRate: string; steps: { _1: string; _2: string }[] };
  lockHolderFee: { fee: string };
  maxNumInputs: string;
  maxNumOutputs: string;
}

export interface AmuletConfig {
  transferConfig: TransferConfig;
  tickDuration: { microseconds: string };
}

export interface AmuletRules {
  configSchedule: { initialValue: AmuletConfig; futureValues: { _1: string; _2: AmuletConfig }[] };
}

export interface DsoRules {
  epoch: string;
  config?: { decentralizedSynchronizer?: { activeSynchronizerId?: string } };
  svs: [string, { name: string; svRewardWeight: string; joinedAsOfRound: { number: string } }][];
  dsoDelegate: string;
}

export interface SvNodeState {
  sv: string;
  svName: string;
  state: { synchronizerNodes: [string, { scan: { publicUrl: string } | null }][] };
}

/** A Daml variant in compact JSON. */
export interface Variant {
  tag: string;
  value: unknown;
}

export interface VoteRequest {
  requester: string;
  action: Variant;
  voteBefore: string;
  votes: [string, { accept: boolean }][];
  trackingCid: string | null;
}

/**
 * The name of a vote request's action: the innermost constructor of `ARC_* { *Action: SRARC_* }`
 * (e.g. `SRARC_OffboardSv`, `CRARC_SetConfig`), or the outer tag when it holds no action variant.
 */
export function actionName(action: Variant): string {
  const inner = action.value && typeof action.value === 'object' ? Object.values(action.value) : [];
  const nested = inner.find(
    (v): v is Variant => typeof v === 'object' && v !== null && typeof (v as Variant).tag === 'string',
  );
  return nested ? nested.tag : action.tag;
}

/** `DsoRules_CloseVoteRequestResult`: a closed vote request and how it ended. */
export interface CloseVoteRequestResult {
  request: VoteRequest;
  completedAt: string;
  abstainingSvs: string[];
  outcome:
    | { tag: 'VRO_Accepted'; value: { effectiveAt: string } }
    | { tag: 'VRO_Rejected'; value: Record<string, never> }
    | { tag: 'VRO_Expired'; value: Record<string, never> };
}

export interface ValidatorLicense {
  validator: string;
  sponsor: string;
  lastActiveAt: string | null;
}

/**
 * The amulet configuration in force at `now` in the AmuletRules contract active then (created at
 * `createdAt`): the `futureValues` entry with the latest time at or before `now` (histories before
 * splice-amulet 0.1.12 scheduled changes there; clients must not take `initialValue` when one
 * applies), else `initialValue`, in force since the contract was created (an `AmuletRules_SetConfig`
 * re-creates AmuletRules with the new config as `initialValue` and no future values).
 */
export function configInForce(
  rules: AmuletRules,
  now: string,
  createdAt?: string,
): { config: AmuletConfig; since: string | undefined } {
  let best: { _1: string; _2: AmuletConfig } | undefined;
  for (const item of rules.configSchedule.futureValues ?? []) {
    if (Date.parse(item._1) <= Date.parse(now) && (!best || Date.parse(item._1) >= Date.parse(best._1)))
      best = item;
  }
  return best
    ? { config: best._2, since: best._1 }
    : { config: rules.configSchedule.initialValue, since: createdAt };
}
