// The cost of storing verdicts packed (libs/domain/src/scan/events/verdict-codec.ts): N simulated
// verdicts (`--verdicts N`, default 5,000) as the writer stores them, their text and packed bytes,
// and the CPU per verdict to pack (the writer: ingest, mirror) and to unpack (the reads of
// /v0/events and /v0/events/{id}). `--only pack|unpack` runs just that loop, `--rounds R` times
// over the verdicts, and prints no timing: for `valgrind --tool=callgrind`, whose instruction
// count with `--rounds 0` subtracted, divided by N x R, is the instructions per verdict.
import { isVerdictItem, packVerdict, unpackVerdict } from '@canton-scan/domain';
import { simulateHistory } from '@canton-scan/simulator';
import { parseArgs } from '../ingest/cli-args';
import { BENCH_HISTORY_NETWORK, fmt } from './bench-util';

function verdictTexts(n: number): string[] {
  const texts: string[] = [];
  for (const item of simulateHistory(BENCH_HISTORY_NETWORK)) {
    // The text the writer stores (parseVerdictItem).
    if (isVerdictItem(item)) texts.push(JSON.stringify(item.verdict));
    if (texts.length >= n) break;
  }
  return texts;
}

/** Microseconds per call of `work` over `inputs`, the best of `runs` passes (after one warm-up pass). */
function microsEach<T>(inputs: readonly T[], work: (input: T) => unknown, runs = 5): number {
  for (const input of inputs) work(input);
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (const input of inputs) work(input);
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1000) / inputs.length;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2), { verdicts: 'int', only: 'string', rounds: 'int' });
  const texts = verdictTexts((args.verdicts as number | undefined) ?? 5_000);
  const only = args.only as string | undefined;
  if (only !== undefined) {
    if (only !== 'pack' && only !== 'unpack') throw new Error(`--only must be pack or unpack, got "${only}"`);
    const packed = only === 'unpack' ? texts.map(packVerdict) : [];
    const rounds = (args.rounds as number | undefined) ?? 1;
    let sink = 0;
    for (let r = 0; r < rounds; r++)
      if (only === 'pack') for (const t of texts) sink += packVerdict(t).length;
      else for (const p of packed) sink += unpackVerdict(p).length;
    console.log(`${only}: ${fmt(texts.length)} verdicts x ${rounds} (${sink})`);
    return;
  }
  const packed = texts.map(packVerdict);
  for (let i = 0; i < texts.length; i++)
    if (unpackVerdict(packed[i]) !== texts[i]) throw new Error(`verdict ${i} does not come back as stored`);
  const textBytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0) / texts.length;
  const packedBytes = packed.reduce((sum, p) => sum + p.length, 0) / packed.length;
  console.log(`${fmt(texts.length)} simulated verdicts`);
  console.log(`text   : ${textBytes.toFixed(1)} B per verdict`);
  console.log(
    `packed : ${packedBytes.toFixed(1)} B per verdict (${((100 * packedBytes) / textBytes).toFixed(1)} %)`,
  );
  console.log(`pack   : ${microsEach(texts, packVerdict).toFixed(1)} µs per verdict`);
  console.log(`unpack : ${microsEach(packed, unpackVerdict).toFixed(1)} µs per verdict`);
}

main();
