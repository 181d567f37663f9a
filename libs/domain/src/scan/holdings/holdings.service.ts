import type { scanApi } from '@canton-scan/contracts';
import { AcsSnapshotsRepository } from '../acs/acs-snapshots.repository';
import { resolveSnapshot } from '../acs/snapshot-resolution';
import { HoldingsRepository } from './holdings.repository';

export type HoldingsSummaryRequest = scanApi.HoldingsSummaryRequest;
export type HoldingsSummary = scanApi.HoldingsSummaryV1;
export type HoldingsSummaryResponse = scanApi.HoldingsSummaryResponse;

/**
 * `/v1/holdings/summary`: per requested owner, the initial amounts of the snapshot's Amulet and
 * LockedAmulet contracts (holding fees not deducted). One summary per distinct owner, in the
 * order of first request; owners without holdings get zeros.
 */
export class HoldingsService {
  constructor(
    private readonly holdings: HoldingsRepository,
    private readonly snapshots: AcsSnapshotsRepository,
  ) {}

  async getSummary(request: HoldingsSummaryRequest): Promise<HoldingsSummaryResponse> {
    const snapshotTime = await resolveSnapshot(this.snapshots, request);
    const rows = await this.holdings.summaries(request.migration_id, snapshotTime, request.owner_party_ids);
    return {
      record_time: snapshotTime,
      migration_id: request.migration_id,
      summaries: rows.map((r) => ({
        party_id: r.owner,
        total_unlocked_coin: r.unlocked,
        total_locked_coin: r.locked,
        total_coin_holdings: r.total,
      })),
    };
  }
}
