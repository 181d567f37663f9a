import type { scanApi } from '@canton-scan/contracts';
import { MirrorStatusRepository, type MirrorStatusRow } from './mirror-status.repository';

export type MirrorStatus = scanApi.MirrorStatusResponse;

function peerOf(row: MirrorStatusRow & { peer_url: string }): scanApi.MirrorPeerStatus {
  const peer: scanApi.MirrorPeerStatus = {
    url: row.peer_url,
    consecutive_failures: row.consecutive_failures ?? 0,
  };
  if (row.agrees !== null) peer.agrees = row.agrees;
  if (row.newest_record_time !== null) peer.newest_record_time = row.newest_record_time;
  if (row.migration_id !== null) peer.migration_id = Number(row.migration_id);
  if (row.lag_seconds !== null) peer.lag_seconds = Number(row.lag_seconds);
  if (row.last_poll_at !== null) peer.last_poll_at = row.last_poll_at;
  if (row.last_error !== null) peer.last_error = row.last_error;
  if (row.last_error_at !== null) peer.last_error_at = row.last_error_at;
  if (row.last_disagreement !== null) peer.last_disagreement = row.last_disagreement;
  if (row.last_disagreement_at !== null) peer.last_disagreement_at = row.last_disagreement_at;
  return peer;
}

/**
 * `GET /v0/explorer/mirror-status` (docs/explorer.md "Mirror status"): the store's newest record
 * time, and what the scan mirror filling this store last wrote of its peers and of itself;
 * `peers: []` and no `mirror` when no mirror ever wrote to this store.
 */
export class MirrorStatusService {
  constructor(private readonly repository: MirrorStatusRepository) {}

  async getStatus(): Promise<MirrorStatus> {
    const rows = await this.repository.list();
    const [first] = rows;
    const status: MirrorStatus = { peers: [] };
    if (first.store_record_time !== null && first.store_migration_id !== null) {
      status.record_time = first.store_record_time;
      status.migration_id = Number(first.store_migration_id);
    }
    if (first.mirror_migration_id !== null && first.updated_at !== null) {
      const mirror: scanApi.MirrorPosition = {
        migration_id: Number(first.mirror_migration_id),
        updated_at: first.updated_at,
      };
      if (first.mirror_record_time !== null) mirror.record_time = first.mirror_record_time;
      if (first.mirror_lag_seconds !== null) mirror.lag_seconds = first.mirror_lag_seconds;
      status.mirror = mirror;
    }
    for (const row of rows)
      if (row.peer_url !== null) status.peers.push(peerOf({ ...row, peer_url: row.peer_url }));
    return status;
  }
}
