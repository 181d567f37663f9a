import { DEFAULT_SIMULATION_OPTIONS, type SimulationOptions } from '@canton-scan/simulator';

export interface SimulateArgs {
  readonly help: boolean;
  /** Path of the history file (one update per line); required unless `help`. */
  readonly out: string;
  /** No progress lines on stderr. */
  readonly quiet: boolean;
  readonly options: SimulationOptions;
}

/** A command line the CLI cannot run; the message says what is wrong. */
export class UsageError extends Error {}

type ListKey = 'synchronizerIds' | 'svScanUrls' | 'validatorParticipantIds';
type OptionKey = Exclude<keyof SimulationOptions, ListKey>;

interface Flag {
  readonly name: string;
  readonly key: OptionKey | ListKey;
  readonly kind: 'integer' | 'number' | 'string' | 'pair' | 'list';
  readonly help: string;
}

const FLAGS: readonly Flag[] = [
  {
    name: 'seed',
    key: 'seed',
    kind: 'integer',
    help: 'PRNG seed; the same seed and options give the same file',
  },
  {
    name: 'rounds',
    key: 'rounds',
    kind: 'integer',
    help: 'mining rounds (10-minute ticks) to simulate, at least 24',
  },
  {
    name: 'svs',
    key: 'svCount',
    kind: 'integer',
    help: 'SVs at the end (one more is onboarded at genesis and offboarded)',
  },
  {
    name: 'validators',
    key: 'validatorCount',
    kind: 'integer',
    help: 'validators, at least 4 (one late, one withdrawn)',
  },
  { name: 'parties', key: 'partyCount', kind: 'integer', help: 'parties holding amulet, at least 4' },
  {
    name: 'transfers-per-round',
    key: 'transfersPerRound',
    kind: 'integer',
    help: 'AmuletRules_Transfer per round',
  },
  {
    name: 'outputs-per-transfer',
    key: 'outputsPerTransfer',
    kind: 'integer',
    help: 'receivers per transfer (grows the active set)',
  },
  {
    name: 'taps-per-round',
    key: 'tapsPerRound',
    kind: 'integer',
    help: 'DevNet taps (new amulets) per round',
  },
  {
    name: 'app-providers-per-round',
    key: 'appProvidersPerRound',
    kind: 'integer',
    help: 'no effect (app activity is off-ledger, in verdict items); accepted for old scripts',
  },
  {
    name: 'allocations-per-round',
    key: 'allocationsPerRound',
    kind: 'number',
    help: 'allocations per round (fractions accumulate)',
  },
  {
    name: 'transfer-preapproval-parties',
    key: 'transferPreapprovalParties',
    kind: 'integer',
    help: 'users given a TransferPreapproval at genesis (default 0)',
  },
  {
    name: 'transfer-instructions-per-round',
    key: 'transferInstructionsPerRound',
    kind: 'number',
    help: 'transfer instructions offered to users without a preapproval per round (default 0)',
  },
  {
    name: 'batch-transfers-per-round',
    key: 'batchTransfersPerRound',
    kind: 'number',
    help: 'batch payouts (one transfer, 100+ events) per round',
  },
  { name: 'tick-seconds', key: 'tickSeconds', kind: 'integer', help: 'length of a mining round in seconds' },
  {
    name: 'start-time',
    key: 'startTime',
    kind: 'string',
    help: 'record time of the first update (ISO-8601 UTC)',
  },
  {
    name: 'migration-round',
    key: 'migrationRound',
    kind: 'integer',
    help: 'round at which migration 1 starts (default: near the end)',
  },
  {
    name: 'reassign-every-rounds',
    key: 'reassignEveryRounds',
    kind: 'integer',
    help: 'rounds between reassignments to the second synchronizer and in-flight contracts (0: none, one synchronizer as on MainNet)',
  },
  {
    name: 'vote-every-rounds',
    key: 'voteEveryRounds',
    kind: 'integer',
    help: 'rounds between routine vote requests',
  },
  {
    name: 'traffic-top-up-every-rounds',
    key: 'trafficTopUpEveryRounds',
    kind: 'integer',
    help: 'rounds between a validator’s traffic purchases',
  },
  {
    name: 'synchronizer-ids',
    key: 'synchronizerIds',
    kind: 'pair',
    help: 'the two synchronizer ids, comma-separated (default: derived from the seed)',
  },
  {
    name: 'sv-scan-urls',
    key: 'svScanUrls',
    kind: 'list',
    help: 'scan base URLs of the first SVs, comma-separated (default: https://scan.sv-<n>.example.com)',
  },
  {
    name: 'validator-participant-ids',
    key: 'validatorParticipantIds',
    kind: 'list',
    help: 'participants (PAR::<name>::<fingerprint>) of the first validators, comma-separated',
  },
];

const FLAGS_BY_NAME = new Map(FLAGS.map((f) => [f.name, f]));

/**
 * Parses `simulate --out FILE [--flag value | --flag=value ...]`. Unknown flags, missing values,
 * repeated flags and malformed numbers are usage errors; the simulator itself checks ranges.
 */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  let out: string | undefined;
  let help = false;
  let quiet = false;
  const options: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (arg === '--quiet' || arg === '-q') {
      quiet = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    let value: string | undefined = eq === -1 ? undefined : arg.slice(eq + 1);
    if (name !== 'out' && !FLAGS_BY_NAME.has(name)) throw new UsageError(`unknown option --${name}`);
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    if (seen.has(name)) throw new UsageError(`--${name} given twice`);
    seen.add(name);
    if (name === 'out') {
      if (value === '') throw new UsageError('--out needs a file name');
      out = value;
      continue;
    }
    const flag = FLAGS_BY_NAME.get(name)!;
    options[flag.key] = convert(flag, value);
  }
  if (!help && out === undefined) throw new UsageError('--out FILE is required');
  return { help, out: out ?? '', quiet, options: options as SimulationOptions };
}

function convert(flag: Flag, value: string): unknown {
  switch (flag.kind) {
    case 'integer':
      if (!/^-?\d+$/.test(value)) throw new UsageError(`--${flag.name} must be an integer, got "${value}"`);
      return Number(value);
    case 'number':
      if (!/^\d+(\.\d+)?$/.test(value))
        throw new UsageError(`--${flag.name} must be a non-negative number, got "${value}"`);
      return Number(value);
    case 'string':
      return value;
    case 'pair': {
      const parts = value.split(',');
      if (parts.length !== 2 || parts.some((p) => p === '')) {
        throw new UsageError(`--${flag.name} must be two comma-separated ids, got "${value}"`);
      }
      return parts;
    }
    case 'list': {
      const parts = value.split(',').map((p) => p.trim());
      if (parts.some((p) => p === ''))
        throw new UsageError(`--${flag.name} must be a comma-separated list, got "${value}"`);
      return parts;
    }
  }
}

export function simulateUsage(): string {
  const defaults = DEFAULT_SIMULATION_OPTIONS as Readonly<Record<string, unknown>>;
  const lines = FLAGS.map((f) => {
    const fallback = defaults[f.key];
    return `  --${f.name.padEnd(24)} ${f.help}${fallback === undefined ? '' : ` (default ${fallback})`}`;
  });
  return [
    'Usage: simulate --out FILE.jsonl [options]',
    '',
    'Writes a deterministic simulated Amulet network history, one HistoryUpdate JSON per line, each transaction followed by its verdict item (docs/events.md).',
    '',
    'Options:',
    `  --${'out FILE'.padEnd(24)} history file to write (required)`,
    ...lines,
    `  --${'quiet, -q'.padEnd(24)} no progress lines on stderr`,
    `  --${'help, -h'.padEnd(24)} show this help`,
    '',
    'About 1,000,000 active contracts: --rounds 1008 --transfers-per-round 50 --outputs-per-transfer 20',
  ].join('\n');
}
