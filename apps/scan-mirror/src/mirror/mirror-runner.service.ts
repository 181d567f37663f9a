import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { type AppConfig, Db, MirrorPeerStatusRepository, requireMirrorScanUrls } from '@canton-scan/domain';
import { APP_CONFIG, AppMetrics } from '@canton-scan/http';
import { lagSeconds, ScanMirror, type CallPolicy } from '@canton-scan/mirror';
import { MirrorProgressLog } from './mirror-progress-log';
import { mirrorReadiness, mirrorStatus, type MirrorStatus, type Readiness } from './mirror-readiness';

/** Injection token of the app's pino logger. */
export const MIRROR_LOGGER = Symbol('MIRROR_LOGGER');
/** Injection token of the mirror's timings (tests shorten them). */
export const MIRROR_TUNING = Symbol('MIRROR_TUNING');

export interface MirrorTuning {
  /** First and longest wait between polls once caught up. */
  pollMs?: number;
  maxPollMs?: number;
  policy?: CallPolicy;
  /** Period of the progress line in the log. */
  logIntervalMs?: number;
  /** First wait before a run that stopped on an error starts again (doubling, at most 5 min). */
  restartMs?: number;
  /** Least time between two writes of the peers' status while copying (default 5 s). */
  statusIntervalMs?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => (clearTimeout(timer), signal.removeEventListener('abort', wake), resolve());
    const timer = setTimeout(wake, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

/**
 * Runs the scan mirror for as long as the app runs: tailing from the moment the app starts,
 * restarted after an error the mirror does not retry itself, stopped (and awaited) when the
 * app closes.
 */
@Injectable()
export class MirrorRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly mirror: ScanMirror;
  private readonly peers: readonly string[];
  private readonly stop = new AbortController();
  private readonly progressLog: MirrorProgressLog;
  private running: Promise<void> | undefined;
  /** The error a run stopped on, until the next pass ends well. */
  private failure: string | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
    @Inject(MIRROR_LOGGER) private readonly logger: Logger,
    @Inject(MIRROR_TUNING) private readonly tuning: MirrorTuning,
    metrics: AppMetrics,
  ) {
    this.peers = requireMirrorScanUrls(config);
    this.mirror = new ScanMirror(dataSource, {
      peers: [...this.peers],
      pageSize: config.scanMirror.pageSize,
      snapshotIntervalHours: config.snapshotIntervalHours,
      policy: tuning.policy,
      pollMs: tuning.pollMs,
      maxPollMs: tuning.maxPollMs,
      log: (message) => logger.warn(message),
      onProgress: () => this.passEndedWell(),
      onPoll: (progress) =>
        progress.lastError === undefined ? this.passEndedWell() : this.progressLog.check(),
      writerObserver: metrics.writerObserver(),
      statusSink: new MirrorPeerStatusRepository(Db.of(dataSource)),
      statusIntervalMs: tuning.statusIntervalMs,
      synchronizerState: {
        trafficIntervalSeconds: config.scanMirror.trafficIntervalSeconds,
        hosting: config.scanMirror.hosting,
        concurrency: config.scanMirror.stateConcurrency,
      },
      parallelMigrations: config.scanMirror.parallelMigrations,
    });
    metrics.gauge(
      'mirror_lag_seconds',
      "Seconds from the store's newest record time to the peers' newest (as of the last poll; NaN while unknown)",
      () => lagSeconds(this.mirror.progress),
    );
    this.progressLog = new MirrorProgressLog(
      logger,
      this.mirror.progress,
      () => this.readiness(),
      tuning.logIntervalMs ?? 10_000,
    );
  }

  onApplicationBootstrap(): void {
    this.logger.info(
      { peers: this.peers },
      `mirroring ${this.peers.length} peer scan(s): ${this.peers.join(', ')}`,
    );
    this.progressLog.start();
    this.running = this.loop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.running;
    this.progressLog.stop();
    this.logger.info({ appended: this.mirror.progress.appended }, 'mirror stopped');
  }

  readiness(): Readiness {
    return mirrorReadiness(this.mirror.progress, this.config.scanMirror.readyLagSeconds, this.failure);
  }

  status(): MirrorStatus {
    return mirrorStatus(this.mirror.progress, this.peers.length, this.mirror.dissenters);
  }

  private async loop(): Promise<void> {
    let pauseMs = this.tuning.restartMs ?? 5000;
    while (!this.stop.signal.aborted) {
      try {
        await this.mirror.run({ signal: this.stop.signal });
      } catch (error) {
        this.failure = error instanceof Error ? error.message : String(error);
        this.logger.error(
          { err: error },
          `mirror failed: ${this.failure}; restarting in ${pauseMs / 1000} s`,
        );
        this.progressLog.check();
        await sleep(pauseMs, this.stop.signal);
        pauseMs = Math.min(pauseMs * 2, 300_000);
      }
    }
  }

  private passEndedWell(): void {
    this.failure = undefined;
    this.progressLog.check();
  }
}
