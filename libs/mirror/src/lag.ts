import { IMPORT_RECORD_TIME } from '@canton-scan/domain';
import type { MirrorProgress } from './mirror-progress';

/**
 * Seconds from the store's newest record time to the peers' newest (as of the mirror's last
 * poll; 0 when the store is level or ahead), or undefined while either is unknown.
 */
export function lagSeconds(
  progress: Pick<MirrorProgress, 'lastRecordTime' | 'peersNewestRecordTime'>,
): number | undefined {
  if (progress.peersNewestRecordTime === undefined) return undefined;
  const peersNewest = Date.parse(progress.peersNewestRecordTime);
  // A migration the peers hold only import updates of has no newer record time than those.
  const stored =
    progress.lastRecordTime ??
    (peersNewest <= Date.parse(IMPORT_RECORD_TIME) ? IMPORT_RECORD_TIME : undefined);
  if (stored === undefined) return undefined;
  const lag = (peersNewest - Date.parse(stored)) / 1000;
  return Number.isFinite(lag) ? Math.max(0, lag) : undefined;
}

/** A lag for people: `45 s`, `12 min 5 s`, `3 h 2 min`, `2 d 4 h`. */
export function formatLag(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
  const h = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  if (h < 24) return min === 0 ? `${h} h` : `${h} h ${min} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}
