import { resolveSimulationOptions } from '@canton-scan/simulator';
import { parseSimulateArgs, simulateUsage, UsageError } from './simulate.args';

describe('parseSimulateArgs', () => {
  it('needs only --out and leaves every knob to the simulator defaults', () => {
    expect(parseSimulateArgs(['--out', 'h.jsonl'])).toEqual({
      help: false,
      out: 'h.jsonl',
      quiet: false,
      options: {},
    });
  });

  it('maps every flag to its simulation option, in both --flag value and --flag=value forms', () => {
    const args = parseSimulateArgs([
      '--out=h.jsonl',
      '--seed',
      '7',
      '--rounds=100',
      '--svs',
      '5',
      '--validators',
      '8',
      '--parties=30',
      '--transfers-per-round',
      '4',
      '--outputs-per-transfer',
      '2',
      '--taps-per-round',
      '3',
      '--app-providers-per-round',
      '6',
      '--allocations-per-round',
      '0.25',
      '--tick-seconds',
      '60',
      '--start-time',
      '2026-02-01T00:00:00Z',
      '--migration-round',
      '90',
      '--reassign-every-rounds',
      '10',
      '--vote-every-rounds',
      '20',
      '--synchronizer-ids',
      `global-domain::1220${'a'.repeat(64)},other::1220${'b'.repeat(64)}`,
      '--sv-scan-urls',
      'http://localhost:5012, https://scan.sv-2.example.org',
      '--traffic-top-up-every-rounds=12',
      '--validator-participant-ids',
      `PAR::canton-scan-stack::1220${'c'.repeat(64)}`,
      '-q',
    ]);
    expect(args.quiet).toBe(true);
    expect(args.options).toEqual({
      seed: 7,
      rounds: 100,
      svCount: 5,
      validatorCount: 8,
      partyCount: 30,
      transfersPerRound: 4,
      outputsPerTransfer: 2,
      tapsPerRound: 3,
      appProvidersPerRound: 6,
      allocationsPerRound: 0.25,
      tickSeconds: 60,
      startTime: '2026-02-01T00:00:00Z',
      migrationRound: 90,
      reassignEveryRounds: 10,
      voteEveryRounds: 20,
      synchronizerIds: [`global-domain::1220${'a'.repeat(64)}`, `other::1220${'b'.repeat(64)}`],
      svScanUrls: ['http://localhost:5012', 'https://scan.sv-2.example.org'],
      trafficTopUpEveryRounds: 12,
      validatorParticipantIds: [`PAR::canton-scan-stack::1220${'c'.repeat(64)}`],
    });
    expect(() => resolveSimulationOptions(args.options)).not.toThrow();
  });

  it('accepts --help without --out', () => {
    expect(parseSimulateArgs(['--help']).help).toBe(true);
    expect(parseSimulateArgs(['-h']).help).toBe(true);
  });

  it.each<[string[], RegExp]>([
    [[], /--out FILE is required/],
    [['--out'], /--out needs a value/],
    [['--out', '--seed', '1'], /--out needs a value/],
    [['--out', 'a', '--out', 'b'], /--out given twice/],
    [['--out', 'a', '--colour', 'red'], /unknown option --colour/],
    [['--out', 'a', 'extra'], /unexpected argument "extra"/],
    [['--out', 'a', '--rounds', 'ten'], /--rounds must be an integer/],
    [['--out', 'a', '--rounds', '1.5'], /--rounds must be an integer/],
    [
      ['--out', 'a', '--allocations-per-round', '-1'],
      /--allocations-per-round must be a non-negative number/,
    ],
    [['--out', 'a', '--synchronizer-ids', 'only-one'], /two comma-separated ids/],
    [['--out', 'a', '--sv-scan-urls', 'http://a,,http://b'], /comma-separated list/],
    [['--out='], /--out needs a file name/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseSimulateArgs(argv)).toThrow(UsageError);
    expect(() => parseSimulateArgs(argv)).toThrow(message);
  });

  it('documents every flag with its default', () => {
    const usage = simulateUsage();
    for (const flag of [
      '--out',
      '--seed',
      '--rounds',
      '--validators',
      '--parties',
      '--transfers-per-round',
      '--outputs-per-transfer',
    ]) {
      expect(usage).toContain(flag);
    }
    expect(usage).toContain('(default 432)');
  });
});
