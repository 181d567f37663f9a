// npm run bench [-- --quick] [-- --only NAME ...] — runs every benchmark in sequence, each as its
// own child process (node dist/tools/src/bench/<name>.bench.js), then prints a summary of all
// their figures (read back from tmp/bench/<name>.json) with OK / MISS against their targets.
// --quick runs each at its smallest meaningful size, the whole run in a few minutes, so a change
// can be checked before the long runs; without it each runs at its default size. Exits 1 when a
// benchmark failed to run (a non-zero exit, e.g. a failed request, or no figures written); a
// missed target is reported, not a failure.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from '../ingest/cli-args';
import { benchFiguresFile, fmt, seconds, writeBenchFigures, type BenchFigure } from './bench-util';

/** Every benchmark with its arguments for a quick run (none for a full run: each one's defaults). */
const BENCHES: { name: string; quick: string[] }[] = [
  { name: 'ingest', quick: ['--updates', '20000'] },
  { name: 'storage', quick: ['--updates', '5000'] },
  { name: 'mirror', quick: ['--updates', '10000'] },
  { name: 'ledger', quick: ['--updates', '20000'] },
  { name: 'registry', quick: ['--updates', '5000', '--duration', '3'] },
  { name: 'scan', quick: ['--contracts', '50000', '--requests', '10', '--duration', '3'] },
  { name: 'ui', quick: ['--contracts', '50000'] },
];

interface Run {
  name: string;
  code: number | null;
  seconds: number;
  figures?: BenchFigure[];
  problem?: string;
}

/**
 * The ingest is allocation-heavy (parsed updates, row text): 64 MB semi-spaces cut the time V8
 * spends scavenging (ingest CPU 444 → 395 µs/update on 50,000 updates, docs/performance.md).
 */
const WRITER_HEAP_FLAG = '--max-semi-space-size=64';
/**
 * bench:scan and bench:ui load their network through the simulator, which keeps every active
 * contract (about 2 GiB at bench:scan's default million): their loaders get 12 GiB of heap, room
 * a batch once took (a migration's million import updates in one batch, since fixed).
 */
const LOADER_HEAP_FLAG = '--max-old-space-size=12288';

async function runBench(name: string, args: string[]): Promise<Run> {
  const file = benchFiguresFile(name);
  rmSync(file, { force: true }); // figures of an earlier run must not pass for this one's
  console.log(`\n=== bench:${name} ${args.join(' ')}`);
  const started = performance.now();
  // The writer's processes run with a larger young generation (see package.json's ingest/mirror).
  const v8 =
    name === 'ingest' || name === 'mirror' || name === 'storage'
      ? [WRITER_HEAP_FLAG]
      : name === 'scan' || name === 'ui'
        ? [LOADER_HEAP_FLAG]
        : [];
  const child = spawn(process.execPath, [...v8, join(__dirname, `${name}.bench.js`), ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const run: Run = { name, code, seconds: seconds(started) };
  if (code !== 0) run.problem = `exited with ${code ?? 'a signal'}`;
  if (existsSync(file)) {
    run.figures = (JSON.parse(readFileSync(file, 'utf8')) as { figures: BenchFigure[] }).figures;
  } else {
    run.problem ??= `wrote no figures to ${file}`;
  }
  return run;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { quick: 'flag', only: 'strings' });
  const quick = Boolean(args.quick);
  const only = args.only as string[] | undefined;
  const unknown = only?.filter((n) => !BENCHES.some((b) => b.name === n)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown benchmark(s) ${unknown.join(', ')} (${BENCHES.map((b) => b.name).join(', ')})`);
  const selected = BENCHES.filter((b) => !only || only.includes(b.name));

  const runs: Run[] = [];
  for (const bench of selected) runs.push(await runBench(bench.name, quick ? bench.quick : []));

  console.log(`\n=== summary (${quick ? 'quick' : 'full'} run)`);
  const rows = runs.flatMap((run) =>
    (run.figures ?? []).map((f) => ({
      bench: run.name,
      label: f.label,
      value: `${fmt(f.value, Number.isInteger(f.value) ? 0 : 1)} ${f.unit}`,
      target: f.target ?? '',
      verdict: f.ok === undefined ? '' : f.ok ? 'OK' : 'MISS',
    })),
  );
  const width = (key: keyof (typeof rows)[number]) => Math.max(0, ...rows.map((r) => r[key].length));
  const [b, l, v, t] = [width('bench'), width('label'), width('value'), width('target')];
  for (const r of rows)
    console.log(
      `${r.bench.padEnd(b)}  ${r.label.padEnd(l)}  ${r.value.padStart(v)}  ${r.target.padEnd(t)}  ${r.verdict}`.trimEnd(),
    );
  const misses = rows.filter((r) => r.verdict === 'MISS').length;
  const failed = runs.filter((r) => r.problem);
  console.log('');
  for (const run of runs)
    console.log(
      `bench:${run.name.padEnd(9)} ${run.seconds.toFixed(0).padStart(5)} s  ${run.problem ?? 'ran'}`,
    );
  console.log(
    `${runs.length - failed.length} of ${runs.length} benchmarks ran; ${misses} figure(s) missed their target`,
  );
  writeBenchFigures(
    'all',
    runs.map((run) => ({
      label: `bench:${run.name} run time${run.problem ? ` (${run.problem})` : ''}`,
      value: Math.round(run.seconds),
      unit: 's',
      target: 'runs',
      ok: !run.problem,
    })),
  );
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
