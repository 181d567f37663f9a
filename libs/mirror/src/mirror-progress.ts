import type { PageToWrite } from './page-writes';

export interface MirrorProgress {
  /** Updates appended by this run. */
  appended: number;
  /** Verdict items (a transaction's, or a verdict alone) handed to the writer by this run. */
  verdictsCopied: number;
  migrationId: number;
  /** Newest regular record time stored for the migration. */
  lastRecordTime?: string;
  /** Newest record time the peers report for the migration (migration-info). */
  peersNewestRecordTime?: string;
  /** When a pass last ended caught up (the peers had nothing newer). */
  caughtUpAt?: string;
  /** Why the last pass failed (peers unreachable, no quorum); cleared by the next pass that ends well. */
  lastError?: string;
}

/**
 * Accounts in `progress` for pages of a migration the writer has committed (`appended`
 * updates). Where the mirror is (`migrationId`, `lastRecordTime`) is the migration whose regular
 * updates it copies; the import updates of later ones copied meanwhile count only.
 */
export function noteWritten(
  progress: MirrorProgress,
  migrationId: number,
  pages: readonly PageToWrite[],
  appended: number,
): void {
  for (const page of pages) {
    if (migrationId === progress.migrationId && page.lastRecordTime !== undefined)
      progress.lastRecordTime = page.lastRecordTime;
    progress.verdictsCopied += page.verdicts.length;
  }
  progress.appended += appended;
}
