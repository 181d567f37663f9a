import type { Logger } from 'pino';
import { formatLag, lagSeconds, type MirrorProgress } from '@canton-scan/mirror';
import type { Readiness } from './mirror-readiness';

/**
 * The mirror's lines in the app log: one per interval while updates are appended (how many,
 * updates/s, migration, lag to the peers), and one whenever it catches up or falls behind.
 */
export class MirrorProgressLog {
  private last = { at: Date.now(), appended: 0 };
  private ready: boolean | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly progress: MirrorProgress,
    private readonly readiness: () => Readiness,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.last = { at: Date.now(), appended: this.progress.appended };
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Logs a change of readiness (caught up / fell behind), once per change. */
  check(): void {
    const readiness = this.readiness();
    if (readiness.ready === this.ready) return;
    const first = this.ready === undefined;
    this.ready = readiness.ready;
    const fields = this.fields();
    if (readiness.ready) this.logger.info(fields, `mirror caught up: ${this.describe()}`);
    else if (first)
      this.logger.info({ ...fields, reason: readiness.reason }, `mirror not ready: ${readiness.reason}`);
    else this.logger.warn({ ...fields, reason: readiness.reason }, `mirror fell behind: ${readiness.reason}`);
  }

  private tick(): void {
    const now = Date.now();
    const appended = this.progress.appended - this.last.appended;
    const seconds = Math.max((now - this.last.at) / 1000, 0.001);
    this.last = { at: now, appended: this.progress.appended };
    if (appended > 0) {
      const rate = appended / seconds;
      this.logger.info(
        { ...this.fields(), appendedSinceLast: appended, updatesPerSecond: Math.round(rate) },
        `mirror: ${appended} updates appended in ${seconds.toFixed(0)} s (${rate.toFixed(0)} updates/s, ` +
          `${this.progress.appended} in all), ${this.describe()}`,
      );
    }
    this.check();
  }

  private describe(): string {
    const lag = lagSeconds(this.progress);
    return (
      `migration ${this.progress.migrationId} at ${this.progress.lastRecordTime ?? 'its start'}, ` +
      `lag to peers ${lag === undefined ? 'unknown' : formatLag(lag)}`
    );
  }

  private fields(): Record<string, unknown> {
    const lag = lagSeconds(this.progress);
    return {
      appended: this.progress.appended,
      migrationId: this.progress.migrationId,
      ...(lag === undefined ? {} : { lagSeconds: lag }),
    };
  }
}
