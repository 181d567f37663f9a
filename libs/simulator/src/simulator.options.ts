import { createHash } from 'node:crypto';
import { parseMicros } from './sim-clock';

/**
 * Knobs of the simulated network. Every field is optional; see `DEFAULT_SIMULATION_OPTIONS`.
 *
 * Size: the active set at the end is roughly
 *   rounds x (transfersPerRound x outputsPerTransfer + tapsPerRound)
 * (defaults: 432 x 9 = 3.9k, measured 4.2k). About 1,000,000 active contracts:
 * `rounds: 1008, transfersPerRound: 50, outputsPerTransfer: 20` (7 days of 10-minute rounds;
 * measured 1.06M). Add `migrationRound: 20` to keep the import updates few (otherwise the late
 * migration re-creates nearly all of them). Memory holds only the active contract set (about
 * 0.5 KB per active contract including garbage), never the history.
 */
export interface SimulationOptions {
  /** PRNG seed (uint32). Same seed and options give byte-identical output. */
  seed?: number;
  /** SVs in DsoRules at the end. One more SV is onboarded at genesis and offboarded by a vote. */
  svCount?: number;
  /** Validators, including one onboarded late and one that leaves half-way (at least 4). */
  validatorCount?: number;
  /** Ordinary parties holding amulet (at least 4); every fourth is an external party. */
  partyCount?: number;
  /**
   * Mining rounds (ticks) to simulate, at least 24. The scripted one-off events (votes, the late
   * and withdrawn validators, the migration, the config schedule) fall at fractions of it.
   */
  rounds?: number;
  /**
   * Go on without end after `rounds`: every later round is an ordinary tick (rounds advance,
   * validators, votes every `voteEveryRounds`, taps, transfers, allocations, app activity,
   * reassignments) and the scripted events stay where `rounds` puts them. Contracts meant to last
   * the whole run (TransferPreapprovals, pending transfer instructions, the external-party config
   * state) then last a year past `rounds`. Default false: the generator ends after `rounds`.
   */
  continuous?: boolean;
  /** `AmuletRules_Transfer`s per round. */
  transfersPerRound?: number;
  /** Receivers per transfer; each gets a new Amulet (the main lever for the active set). */
  outputsPerTransfer?: number;
  /** DevNet taps per round, each minting one Amulet. */
  tapsPerRound?: number;
  /**
   * No longer used: app activity is off-ledger (verdict items, docs/events.md), not records
   * created per round. Still accepted so stored options and existing scripts resolve.
   */
  appProvidersPerRound?: number;
  /** Allocations created per round (fractions accumulate: 0.5 = one every other round). */
  allocationsPerRound?: number;
  /** Users (the first ones) given a TransferPreapproval at genesis (default 1). */
  transferPreapprovalParties?: number;
  /**
   * Transfer commands of external parties per round (`ExternalPartyAmuletRules_CreateTransferCommand`,
   * then the DSO's `TransferCommand_Send`); fractions accumulate (default 0.5). See TransferCommandFlow.
   */
  transferCommandsPerRound?: number;
  /**
   * Transfer instructions (two-step transfers offered to users without a TransferPreapproval)
   * created per round; fractions accumulate (default 0: none). See TransferInstructionFlow.
   */
  transferInstructionsPerRound?: number;
  /**
   * Batch payouts per round: one `AmuletRules_Transfer` merging many inputs and paying 53 or more
   * receivers, a tree of more than 100 events; fractions accumulate (default 0: none). See
   * BatchTransferFlow.
   */
  batchTransfersPerRound?: number;
  /** Length of a mining round in seconds (production: 600). */
  tickSeconds?: number;
  /** Record time of the first update, ISO-8601 UTC with at most microseconds. */
  startTime?: string;
  /**
   * The global synchronizer and a second one contracts are reassigned to. The second one is used
   * only with reassignments (`reassignEveryRounds` > 0); every transaction is on the first.
   */
  synchronizerIds?: readonly [string, string];
  /**
   * Round at which migration 0 ends and migration 1 starts with import updates (one per active
   * contract). Default: a tenth of the run before the end. An early migration keeps the import
   * updates of a large run few.
   */
  migrationRound?: number;
  /**
   * Reassignments to the second synchronizer: every this many rounds (and in round 2) a contract
   * moves there for good and an amulet makes a round trip, and two LockedAmulets of open
   * allocations are left in flight (see ReassignmentFlow). Default 0: none, the network runs on
   * one synchronizer, as MainNet does (its synchronizer migration stays: `migrationRound`).
   */
  reassignEveryRounds?: number;
  /** A routine vote request is made every this many rounds, besides the scripted ones. */
  voteEveryRounds?: number;
  /**
   * Scan base URLs (without `/api/scan`) of the first SVs, in SV order (`svs[0]` is the DSO
   * delegate), as their SvNodeState's `synchronizerNodes[].scan.publicUrl` gives them. Every SV
   * not given one has `https://scan.sv-<n>.example.com` (n counts from 1). At most `svCount + 1`
   * (the SV offboarded by vote included). `npm start` gives the first SV the stack's own scan.
   */
  svScanUrls?: readonly string[];
  /**
   * Participant ids (`PAR::<name>::<fingerprint>`) hosting the first validators, in validator
   * order; the others get one derived from their party. At most `validatorCount`. `npm start`
   * gives the first validator the stack's own ledger participant (`LEDGER_PARTICIPANT_ID`), so
   * that participant has bought traffic.
   */
  validatorParticipantIds?: readonly string[];
  /** A validator tops up its participant's traffic every this many rounds (staggered per validator). */
  trafficTopUpEveryRounds?: number;
}

export type ResolvedSimulationOptions = Required<SimulationOptions> & {
  readonly startMicros: number;
  readonly tickMicros: number;
};

export const DEFAULT_SIMULATION_OPTIONS = {
  seed: 1,
  svCount: 4,
  validatorCount: 6,
  partyCount: 20,
  rounds: 432,
  continuous: false,
  transfersPerRound: 3,
  outputsPerTransfer: 1,
  tapsPerRound: 2,
  appProvidersPerRound: 4,
  allocationsPerRound: 0.5,
  transferPreapprovalParties: 1,
  transferCommandsPerRound: 0.5,
  transferInstructionsPerRound: 0,
  batchTransfersPerRound: 0,
  tickSeconds: 600,
  startTime: '2026-01-05T00:00:00.000000Z',
  reassignEveryRounds: 0,
  voteEveryRounds: 72,
  trafficTopUpEveryRounds: 48,
} as const;

export const MIN_SIMULATED_ROUNDS = 24;
/** A sequencer member id of a participant: `PAR::` and a unique identifier `<name>::<fingerprint>`. */
const PARTICIPANT_ID = /^PAR::[^:\s]+::[^:\s]+$/;
/** The scripted allocations the in-flight contracts (with reassignments) come from are created in rounds 2 and 3. */
const MIN_MIGRATION_ROUND = 4;

/** Fills defaults and checks every knob, naming each bad one. */
export function resolveSimulationOptions(options: SimulationOptions = {}): ResolvedSimulationOptions {
  const o = { ...DEFAULT_SIMULATION_OPTIONS, ...stripUndefined(options) };
  const problems: string[] = [];
  const integer = (
    name: keyof SimulationOptions,
    value: number,
    min: number,
    max = Number.MAX_SAFE_INTEGER,
  ): void => {
    if (!Number.isInteger(value) || value < min || value > max)
      problems.push(`${name} must be an integer in [${min}, ${max}], got ${value}`);
  };
  integer('seed', o.seed, 0, 0xffff_ffff);
  integer('svCount', o.svCount, 1, 200);
  integer('validatorCount', o.validatorCount, 4, 100_000);
  integer('partyCount', o.partyCount, 4, 1_000_000);
  integer('rounds', o.rounds, MIN_SIMULATED_ROUNDS, 10_000_000);
  integer('transfersPerRound', o.transfersPerRound, 0, 1_000_000);
  integer('outputsPerTransfer', o.outputsPerTransfer, 1, 100);
  integer('tapsPerRound', o.tapsPerRound, 0, 1_000_000);
  integer('appProvidersPerRound', o.appProvidersPerRound, 1, 10_000);
  integer('transferPreapprovalParties', o.transferPreapprovalParties, 0, o.partyCount);
  integer('tickSeconds', o.tickSeconds, 1, 86_400);
  integer('reassignEveryRounds', o.reassignEveryRounds, 0, 10_000_000);
  integer('voteEveryRounds', o.voteEveryRounds, 1, 10_000_000);
  integer('trafficTopUpEveryRounds', o.trafficTopUpEveryRounds, 1, 10_000_000);
  const rate = (name: keyof SimulationOptions, value: number): void => {
    if (!(Number.isFinite(value) && value >= 0 && value <= 10_000))
      problems.push(`${name} must be a number in [0, 10000], got ${value}`);
  };
  rate('allocationsPerRound', o.allocationsPerRound);
  rate('transferInstructionsPerRound', o.transferInstructionsPerRound);
  rate('transferCommandsPerRound', o.transferCommandsPerRound);
  rate('batchTransfersPerRound', o.batchTransfersPerRound);
  if (o.transferInstructionsPerRound > 0 && o.transferPreapprovalParties >= o.partyCount) {
    problems.push(
      'transferInstructionsPerRound needs a user without a TransferPreapproval: transferPreapprovalParties must be below partyCount',
    );
  }
  let startMicros = 0;
  try {
    startMicros = parseMicros(o.startTime);
  } catch (e) {
    problems.push(`startTime: ${(e as Error).message}`);
  }
  const rounds = o.rounds;
  const migrationRound = options.migrationRound ?? rounds - Math.max(2, Math.floor(rounds / 10));
  if (Number.isInteger(rounds) && rounds >= MIN_SIMULATED_ROUNDS) {
    integer('migrationRound', migrationRound, MIN_MIGRATION_ROUND, rounds - 2);
  }
  const svScanUrls = (options.svScanUrls ?? []).map((url) => url.replace(/\/+$/, ''));
  if (svScanUrls.length > o.svCount + 1)
    problems.push(`svScanUrls: at most svCount + 1 = ${o.svCount + 1} URLs, got ${svScanUrls.length}`);
  for (const url of svScanUrls) {
    if (!isHttpUrl(url)) problems.push(`svScanUrls: "${url}" is not an http: or https: URL`);
  }
  const validatorParticipantIds = options.validatorParticipantIds ?? [];
  if (validatorParticipantIds.length > o.validatorCount)
    problems.push(
      `validatorParticipantIds: at most validatorCount = ${o.validatorCount} ids, got ${validatorParticipantIds.length}`,
    );
  for (const id of validatorParticipantIds) {
    if (!PARTICIPANT_ID.test(id))
      problems.push(`validatorParticipantIds: "${id}" is not a participant id (PAR::<name>::<fingerprint>)`);
  }
  if (new Set(validatorParticipantIds).size !== validatorParticipantIds.length)
    problems.push('validatorParticipantIds must be distinct');
  const synchronizerIds = options.synchronizerIds ?? defaultSynchronizerIds(o.seed);
  if (synchronizerIds.length !== 2 || synchronizerIds[0] === synchronizerIds[1]) {
    problems.push('synchronizerIds must be two distinct synchronizer ids');
  }
  for (const id of synchronizerIds) {
    if (!/^[A-Za-z0-9_-]+::1220[0-9a-f]{64}$/.test(id))
      problems.push(`synchronizerIds: malformed synchronizer id "${id}"`);
  }
  if (problems.length > 0) throw new RangeError(`invalid simulation options: ${problems.join('; ')}`);
  return {
    ...o,
    migrationRound,
    synchronizerIds,
    svScanUrls,
    validatorParticipantIds,
    startMicros,
    tickMicros: o.tickSeconds * 1_000_000,
  };
}

const YEAR_MICROS = 365 * 86_400_000_000;

/**
 * How long after its creation a contract meant to outlast the run stays valid: the run's length
 * (`rounds` ticks), and a year more for a continuous run, which has no end to outlast.
 */
export function runHorizonMicros(
  options: Pick<ResolvedSimulationOptions, 'rounds' | 'tickMicros' | 'continuous'>,
): number {
  return options.rounds * options.tickMicros + (options.continuous ? YEAR_MICROS : 0);
}

/** The scan base URL of the SV at `index` (0-based, in SV order): the configured one, else the default. */
export function svScanUrl(options: Pick<ResolvedSimulationOptions, 'svScanUrls'>, index: number): string {
  return options.svScanUrls[index] ?? defaultSvScanUrl(index);
}

/** The scan base URL an SV has unless `svScanUrls` gives it one. */
export function defaultSvScanUrl(index: number): string {
  return `https://scan.sv-${index + 1}.example.com`;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function defaultSynchronizerIds(seed: number): readonly [string, string] {
  const fingerprint = (name: string): string =>
    createHash('sha256').update(`${seed}:synchronizer:${name}`).digest('hex');
  return [
    `global-domain::1220${fingerprint('global-domain')}`,
    `app-synchronizer::1220${fingerprint('app-synchronizer')}`,
  ];
}

function stripUndefined(options: SimulationOptions): SimulationOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as SimulationOptions;
}
