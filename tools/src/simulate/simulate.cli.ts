import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { isHostingItem, isVerdictItem } from '@canton-scan/domain';
import { resolveSimulationOptions, simulateHistory, type SimulationSummary } from '@canton-scan/simulator';
import { Progress } from '../progress/progress';
import { parseSimulateArgs, simulateUsage, UsageError, type SimulateArgs } from './simulate.args';

/** Lines are gathered into chunks of about this size before each write. */
const CHUNK_BYTES = 1 << 20;

async function main(argv: readonly string[]): Promise<number> {
  let args: SimulateArgs;
  try {
    args = parseSimulateArgs(argv);
    // Bad knobs are reported before the output file is created.
    if (!args.help) resolveSimulationOptions(args.options);
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof RangeError)) throw e;
    process.stderr.write(`simulate: ${e.message}\n\n${simulateUsage()}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${simulateUsage()}\n`);
    return 0;
  }
  const started = process.hrtime.bigint();
  const out = createWriteStream(args.out);
  const failed = once(out, 'error').then(([error]: unknown[]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  // The bar follows simulated time (record times over the run's rounds); quiet: no display.
  const resolved = resolveSimulationOptions(args.options);
  const progress = args.quiet
    ? undefined
    : new Progress({ label: 'simulate', unit: 'updates', total: resolved.rounds * resolved.tickMicros });
  try {
    const { summary, bytes } = await Promise.race([
      writeHistory(args, out, (count, recordTime) =>
        progress?.update(count, { position: Date.parse(recordTime) * 1000 - resolved.startMicros }),
      ),
      failed,
    ]);
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
    progress?.stop();
    process.stdout.write(report(summary, bytes, elapsedSeconds(started), args.out));
  } finally {
    progress?.stop();
  }
  return 0;
}

/** Streams the generator into `out`, waiting for `drain` whenever the stream's buffer is full. */
async function writeHistory(
  args: SimulateArgs,
  out: WriteStream,
  onProgress: (updates: number, recordTime: string) => void,
): Promise<{ summary: SimulationSummary; bytes: number }> {
  const updates = simulateHistory(args.options);
  let chunk = '';
  let bytes = 0;
  let count = 0;
  let recordTime = '';
  for (;;) {
    const next = updates.next();
    if (!next.done) {
      chunk += `${JSON.stringify(next.value)}\n`;
      if (isVerdictItem(next.value)) recordTime = next.value.verdict.record_time;
      else if (isHostingItem(next.value)) recordTime = next.value.party_to_participant.record_time;
      else {
        count++;
        recordTime = next.value.record_time;
      }
    }
    if (chunk.length >= CHUNK_BYTES || (next.done && chunk.length > 0)) {
      bytes += Buffer.byteLength(chunk);
      const flushed = out.write(chunk);
      chunk = '';
      if (!flushed) await once(out, 'drain');
      if (recordTime) onProgress(count, recordTime);
    }
    if (next.done) return { summary: next.value, bytes };
  }
}

function report(summary: SimulationSummary, bytes: number, seconds: number, file: string): string {
  const { stats, landmarks, network } = summary;
  const n = (x: number): string => x.toLocaleString('en-US');
  const inFlight = landmarks.inFlight
    .map(
      (f) =>
        `  in flight (migration ${f.migrationId}): LockedAmulet ${f.contractId} of allocation ${f.settlementId} (${f.allocationContractId})`,
    )
    .join('\n');
  return [
    `wrote ${file} (${mb(bytes)}) in ${seconds.toFixed(2)} s, ${rate(stats.updates, seconds)} updates/s`,
    `  updates:              ${n(stats.updates)} (${n(stats.transactions)} transactions, ${n(stats.reassignments)} reassignments, ${n(stats.importUpdates)} import updates)`,
    `  contracts created:    ${n(stats.contractsCreated)}, archived: ${n(stats.contractsArchived)}`,
    `  active at end:        ${n(stats.activeAtEnd)} (migration 1), in flight: ${n(stats.inFlightAtEnd)}`,
    `  last offset:          ${stats.lastOffset}`,
    `  DSO party:            ${network.dso.id}`,
    `  synchronizers:        ${(summary.options.reassignEveryRounds > 0 ? network.synchronizers : network.synchronizers.slice(0, 1)).join(', ')}`,
    `  offboarded SV:        ${landmarks.offboardedSv.name} (${landmarks.offboardedSv.party.id})`,
    `  late validator:       ${landmarks.lateValidator.party.id}, onboarded in round ${landmarks.lateValidator.onboardedInRound}`,
    `  departed validator:   ${landmarks.departedValidator.party.id}, stops recording liveness in round ${landmarks.departedValidator.departedInRound}`,
    `  migration 0 -> 1 at round ${landmarks.migration.atRound}, ${n(landmarks.migration.importUpdates)} import updates`,
    inFlight,
    '',
  ].join('\n');
}

function elapsedSeconds(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function rate(count: number, seconds: number): string {
  return Math.round(count / Math.max(seconds, 1e-6)).toLocaleString('en-US');
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`simulate: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
