import { formatLag, lagSeconds, type MirrorProgress } from '@canton-scan/mirror';

/** What `/readyz` tells of the mirror (optional fields omitted while unknown). */
export interface MirrorStatus {
  peers: number;
  migrationId: number;
  /** Updates appended since the process started. */
  appended: number;
  /** Seconds from the stored newest record time to the peers' newest, as of the last poll. */
  lagSeconds?: number;
  lastRecordTime?: string;
  peersNewestRecordTime?: string;
  caughtUpAt?: string;
  lastError?: string;
  /** Peers that disagreed with an accepted answer. */
  dissentingPeers: string[];
}

export type Readiness = { ready: true } | { ready: false; reason: string };

export function mirrorStatus(
  progress: MirrorProgress,
  peers: number,
  dissenters: Iterable<string>,
): MirrorStatus {
  const lag = lagSeconds(progress);
  const status: MirrorStatus = {
    peers,
    migrationId: progress.migrationId,
    appended: progress.appended,
    dissentingPeers: [...dissenters],
  };
  if (lag !== undefined) status.lagSeconds = lag;
  if (progress.lastRecordTime !== undefined) status.lastRecordTime = progress.lastRecordTime;
  if (progress.peersNewestRecordTime !== undefined)
    status.peersNewestRecordTime = progress.peersNewestRecordTime;
  if (progress.caughtUpAt !== undefined) status.caughtUpAt = progress.caughtUpAt;
  if (progress.lastError !== undefined) status.lastError = progress.lastError;
  return status;
}

/**
 * Ready = the last poll of the peers succeeded, the mirror has caught up once, and its newest
 * stored record time is within `readyLagSeconds` of the peers' newest (as of the last poll).
 * `failure` is a run that stopped on an error and waits to restart.
 */
export function mirrorReadiness(
  progress: MirrorProgress,
  readyLagSeconds: number,
  failure?: string,
): Readiness {
  const notReady = (reason: string): Readiness => ({ ready: false, reason });
  if (failure !== undefined) return notReady(`mirror failed: ${failure}`);
  if (progress.lastError !== undefined)
    return notReady(`last poll of the peers failed: ${progress.lastError}`);
  const lag = lagSeconds(progress);
  if (lag !== undefined && lag > readyLagSeconds)
    return notReady(`mirror lag ${formatLag(lag)} exceeds ${readyLagSeconds} s`);
  if (progress.caughtUpAt === undefined)
    return notReady(
      `mirror has not caught up with the peers yet` + (lag === undefined ? '' : ` (lag ${formatLag(lag)})`),
    );
  if (lag === undefined && progress.peersNewestRecordTime !== undefined)
    return notReady(`mirror holds nothing of migration ${progress.migrationId} yet`);
  return { ready: true };
}
