import { T, type CompactOf } from '../daml-value/daml-type';
import { amuletConfigType, type AmuletConfig } from './amulet-rules.payloads';
import {
  dsoRulesConfigType,
  synchronizerNodeConfigType,
  type DsoRulesConfig,
  type SynchronizerNodeConfig,
} from './dso-governance.payloads';
import { relTimeType, type RelTime } from './mining-round.payloads';
import type { Expect, SameShape } from './splice-payload.check';

// Compact payload shapes of the network's genesis: `Splice.DsoBootstrap:DsoBootstrap` (package
// splice-dso-governance) and the name service rules it creates (package splice-amulet-name-service).

export const ansRulesConfigType = T.record({
  renewalDuration: relTimeType,
  entryLifetime: relTimeType,
  entryFee: T.numeric,
  descriptionPrefix: T.text,
});
export interface AnsRulesConfig {
  renewalDuration: RelTime;
  entryLifetime: RelTime;
  entryFee: string;
  descriptionPrefix: string;
}

export const ansRulesType = T.record({ dso: T.party, config: ansRulesConfigType });
/** `Splice.Ans:AnsRules`: the name service's rules, created at genesis. */
export interface AnsRulesPayload {
  dso: string;
  config: AnsRulesConfig;
}

export const dsoBootstrapType = T.record({
  dso: T.party,
  sv1Party: T.party,
  sv1Name: T.text,
  sv1RewardWeight: T.int64,
  sv1ParticipantId: T.text,
  sv1SynchronizerNodes: T.genMap(T.text, synchronizerNodeConfigType),
  round0Duration: relTimeType,
  amuletConfig: amuletConfigType,
  amuletPrice: T.numeric,
  ansRulesConfig: ansRulesConfigType,
  config: dsoRulesConfigType,
  initialTrafficState: T.genMap(T.text, T.record({ consumedTraffic: T.int64 })),
  isDevNet: T.bool,
  initialRound: T.optional(T.int64),
});
/**
 * `Splice.DsoBootstrap:DsoBootstrap`: the network's root contract. Its `DsoBootstrap_Bootstrap`
 * (in the same transaction) creates AmuletRules, the name service rules, the first three rounds,
 * DsoRules with SV1 as sole SV, and SV1's reward state, price vote, status report and node state.
 */
export interface DsoBootstrapPayload {
  dso: string;
  sv1Party: string;
  sv1Name: string;
  sv1RewardWeight: string;
  sv1ParticipantId: string;
  sv1SynchronizerNodes: [string, SynchronizerNodeConfig][];
  round0Duration: RelTime;
  amuletConfig: AmuletConfig;
  amuletPrice: string;
  ansRulesConfig: AnsRulesConfig;
  config: DsoRulesConfig;
  initialTrafficState: [string, { consumedTraffic: string }][];
  isDevNet: boolean;
  initialRound: string | null;
}

type _DsoBootstrapShapeChecks = [
  Expect<SameShape<CompactOf<typeof ansRulesType>, AnsRulesPayload>>,
  Expect<SameShape<CompactOf<typeof dsoBootstrapType>, DsoBootstrapPayload>>,
];
