import { createHash } from 'node:crypto';
import type { ResolvedSimulationOptions } from './simulator.options';

export type PartyRole = 'dso' | 'sv' | 'validator' | 'user';

export interface SimParty {
  /** `hint::1220<64 hex>`. */
  readonly id: string;
  readonly hint: string;
  readonly role: PartyRole;
  /** Position among the parties of its role. */
  readonly index: number;
  /** Externally signed: its transactions carry an external transaction hash. */
  readonly external: boolean;
}

export interface SimSv {
  readonly name: string;
  readonly party: SimParty;
  readonly participantId: string;
}

/** Who is who in a simulated network, a pure function of the options. */
export interface SimulatedNetwork {
  readonly dso: SimParty;
  /** All SVs at genesis; the last one is offboarded by a vote. */
  readonly svs: readonly SimSv[];
  readonly validators: readonly SimParty[];
  /**
   * The participant hosting each validator (same index), `PAR::<uid>` as sequencer members are
   * written: `validatorParticipantIds` of the options for the first ones, else
   * `PAR::<validator hint>::<its party's fingerprint>`.
   */
  readonly validatorParticipantIds: readonly string[];
  readonly users: readonly SimParty[];
  /** Users acting as app providers (FeaturedAppRight, allocation executors, CIP-0104 app activity). */
  readonly appProviders: readonly SimParty[];
  readonly synchronizers: readonly [string, string];
  readonly offboardedSv: SimSv;
  readonly lateValidator: { readonly party: SimParty; readonly onboardedInRound: number };
  readonly departedValidator: { readonly party: SimParty; readonly departedInRound: number };
}

const SV_NAMES = [
  'Digital-Asset-2',
  'Cumberland-1',
  'Global-Synchronizer-Foundation',
  'Tradeweb-Markets-1',
  'Liberty-City-Ventures-1',
  'Proof-Group-1',
  'Orb-1-LP-1',
  'MPC-Holding-Inc',
  'SV-Nodeops-Limited',
  'C7-Technology-Services-Limited',
  'Five-North-1',
  'Kaiko-1',
];

const VALIDATOR_NAMES = [
  'bitwave',
  'nodefleet',
  'cantonloop',
  'ledgerworks',
  'blockdaemon',
  'figment',
  'chorus',
  'everstake',
];

const USER_NAMES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'eve',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yolanda',
];

export function describeSimulatedNetwork(options: ResolvedSimulationOptions): SimulatedNetwork {
  const party = (role: PartyRole, hint: string, index: number, external = false): SimParty => ({
    id: `${hint}::1220${createHash('sha256').update(`${options.seed}:${role}:${hint}`).digest('hex')}`,
    hint,
    role,
    index,
    external,
  });
  const named = (names: readonly string[], i: number, fallback: string): string =>
    i < names.length ? names[i] : `${fallback}-${i + 1}`;

  const svs = Array.from({ length: options.svCount + 1 }, (_, i): SimSv => {
    const name = named(SV_NAMES, i, 'SV-Operator');
    const p = party('sv', name, i);
    return { name, party: p, participantId: `PAR::${name.toLowerCase()}::${p.id.split('::')[1]}` };
  });
  const validators = Array.from({ length: options.validatorCount }, (_, i) =>
    party('validator', `${named(VALIDATOR_NAMES, i, 'validator')}-validator-1`, i),
  );
  const validatorParticipantIds = validators.map(
    (v, i) => options.validatorParticipantIds[i] ?? `PAR::${v.hint}::${v.id.split('::')[1]}`,
  );
  const users = Array.from({ length: options.partyCount }, (_, i) =>
    party('user', named(USER_NAMES, i, 'user'), i, i % 4 === 3),
  );
  const providerCount = Math.max(3, Math.ceil(options.partyCount / 5));
  return {
    dso: party('dso', 'DSO', 0),
    svs,
    validators,
    validatorParticipantIds,
    users,
    appProviders: users.filter((u) => !u.external).slice(0, providerCount),
    synchronizers: options.synchronizerIds,
    offboardedSv: svs[svs.length - 1],
    lateValidator: {
      party: validators[validators.length - 1],
      onboardedInRound: Math.floor(options.rounds / 4),
    },
    departedValidator: { party: validators[2], departedInRound: Math.floor(options.rounds / 2) },
  };
}
