// The progress display of every long-running CLI (ingest, mirror, simulate, the benches' set-up),
// on cli-progress: a bar with rate and ETA on a terminal, plain periodic lines when the stream is
// not one (CI logs, `| tee`), and a summary line at the end either way.
import { SingleBar } from 'cli-progress';

export interface ProgressOptions {
  /** What is running, first on every line (`ingest`, `mirror`). */
  readonly label: string;
  /** What is counted (`updates`). */
  readonly unit: string;
  /**
   * Where the work ends, in the unit `update`'s `position` is given in (bytes of a file, record
   * time): with it, a bar, a percentage and an ETA; without, a counter.
   */
  readonly total?: number;
  /** Default stderr (stdout keeps what a CLI prints as its result). */
  readonly stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** How often a plain line is written when the stream is not a terminal. Default 10 s. */
  readonly plainEveryMs?: number;
  /** Where the summary line goes. Default stdout. */
  readonly summaryStream?: NodeJS.WritableStream;
  /** Wall clock in ms (tests). Default `Date.now`. */
  readonly now?: () => number;
}

/** Seconds over which the rate shown is smoothed (an exponential moving average). */
const RATE_SMOOTHING_SECONDS = 5;

export class Progress {
  private readonly bar: SingleBar;
  private readonly now: () => number;
  private rate = 0;
  private first = true;
  private last?: { at: number; count: number };
  private count = 0;
  private finished = false;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
    const bounded = options.total !== undefined;
    const stream = options.stream ?? process.stderr;
    this.bar = new SingleBar({
      format: bounded
        ? `${options.label} [{bar}] {percentage}% | {count} ${options.unit} | {rate} ${options.unit}/s | ETA {eta_formatted}{detail}`
        : `${options.label} {count} ${options.unit} | {rate} ${options.unit}/s{detail}`,
      stream: stream as NodeJS.WriteStream,
      barsize: 24,
      hideCursor: false,
      noTTYOutput: true,
      notTTYSchedule: options.plainEveryMs ?? 10_000,
      etaBuffer: 50,
      gracefulExit: true,
      // Not a terminal: the last periodic line stays as it is (no blank line after it).
      clearOnComplete: stream.isTTY !== true,
    });
    this.last = { at: this.now(), count: 0 };
    this.bar.start(options.total ?? 1, 0, { count: '0', rate: '0', detail: '' });
  }

  /**
   * `count` units done so far (the rate is theirs), `position` towards the total (default
   * `count`), and a detail for the end of the line.
   */
  update(count: number, options: { position?: number; detail?: string } = {}): void {
    const at = this.now();
    if (this.last !== undefined && at > this.last.at) {
      const seconds = (at - this.last.at) / 1000;
      const instant = (count - this.last.count) / seconds;
      const weight = 1 - Math.exp(-seconds / RATE_SMOOTHING_SECONDS);
      this.rate = this.first ? instant : this.rate + weight * (instant - this.rate);
      this.first = false;
    }
    if (this.last === undefined || at > this.last.at) this.last = { at, count };
    this.count = count;
    const position =
      this.options.total === undefined ? 0 : Math.min(options.position ?? count, this.options.total);
    this.bar.update(position, {
      count: count.toLocaleString('en-US'),
      rate: Math.round(this.rate).toLocaleString('en-US'),
      detail: options.detail ? ` | ${options.detail}` : '',
    });
  }

  /** Stops the display and prints `summary` (on stdout by default), on a terminal or not. */
  finish(summary: string): void {
    this.stop();
    (this.options.summaryStream ?? process.stdout).write(`${summary}\n`);
  }

  /** Stops the display (after a failure: nothing more is printed). */
  stop(): void {
    if (this.finished) return;
    this.finished = true;
    this.bar.stop();
  }

  /** Units done so far. */
  get done(): number {
    return this.count;
  }
}

/** `42s`, `3m07s`, or `?` when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m}m${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${seconds.toFixed(0)}s`;
}

/** Items per second since `startedMs`. */
export function ratePerSecond(items: number, startedMs: number, nowMs = Date.now()): number {
  return items / Math.max((nowMs - startedMs) / 1000, 0.001);
}
