import type { scanApi } from '@canton-scan/contracts';
import { notFound } from '../../errors/domain-error';
import { NetworkSummaryRepository } from './network-summary.repository';

export type NetworkSummary = scanApi.NetworkSummary;

/** `GET /v0/explorer/network-summary` (docs/explorer.md "Network summary"). */
export class NetworkSummaryService {
  constructor(private readonly repository: NetworkSummaryRepository) {}

  async getSummary(): Promise<NetworkSummary> {
    const row = await this.repository.lookup();
    if (!row) throw notFound('no update has been ingested yet');
    const summary: NetworkSummary = {
      record_time: row.record_time,
      migration_id: Number(row.migration_id),
      total_amulet: row.total,
      locked_amulet: row.locked,
      unlocked_amulet: row.unlocked,
      active_validators: row.active_validators,
      super_validators: row.super_validators,
      update_count: Number(row.update_count),
    };
    if (row.round_number !== null && row.opens_at !== null && row.target_closes_at !== null) {
      summary.latest_open_round = {
        number: Number(row.round_number),
        opens_at: row.opens_at,
        target_closes_at: row.target_closes_at,
      };
    }
    return summary;
  }
}
