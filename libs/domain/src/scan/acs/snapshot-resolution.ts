import { notFound } from '../../errors/domain-error';
import { requireRequestTime } from '../time/request-time';
import type { AcsSnapshotsRepository } from './acs-snapshots.repository';

export type RecordTimeMatch = 'exact' | 'at_or_before';

/** How a request names its snapshot (the ACS page and holdings summary requests). */
export interface SnapshotRequest {
  migration_id: number;
  record_time: string;
  record_time_match?: RecordTimeMatch;
}

/**
 * The snapshot a request names (docs/acs-snapshots.md "Snapshot resolution", `/v0/state/acs` and `/v1/holdings/summary`):
 * `exact` must be a snapshot time (else NotFound); `at_or_before` takes the latest snapshot at or
 * before the time (NotFound when there is none). Times compare at microsecond precision: an
 * exact time with a non-zero digit beyond the microsecond is no snapshot time, and
 * `at_or_before` floors it.
 */
export async function resolveSnapshot(
  snapshots: AcsSnapshotsRepository,
  request: SnapshotRequest,
): Promise<string> {
  const { migration_id: migrationId, record_time: recordTime, record_time_match: match = 'exact' } = request;
  const time = requireRequestTime('record_time', recordTime);
  const found =
    match === 'exact'
      ? time.exact
        ? await snapshots.lookupExact(migrationId, time.floor)
        : undefined
      : await snapshots.lookupAtOrBefore(migrationId, time.floor);
  if (found === undefined) {
    throw notFound(
      match === 'exact'
        ? `no ACS snapshot of migration ${migrationId} at ${recordTime} (see /v0/state/acs/snapshot-timestamp)`
        : `no ACS snapshot of migration ${migrationId} at or before ${recordTime}`,
    );
  }
  return found;
}
