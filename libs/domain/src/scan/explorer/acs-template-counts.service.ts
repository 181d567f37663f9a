import type { scanApi } from '@canton-scan/contracts';
import { notFound } from '../../errors/domain-error';
import { requireRequestTime } from '../time/request-time';
import { AcsTemplateCountsRepository } from './acs-template-counts.repository';

export type AcsTemplateCountsRequest = scanApi.GetAcsTemplateCountsData['query'];
export type AcsTemplateCountsResponse = scanApi.AcsTemplateCountsResponse;

/**
 * `GET /v0/explorer/acs-template-counts`: the snapshot is resolved as `/v2/state/acs` resolves
 * it (docs/acs-snapshots.md "Snapshot resolution": an exact time with a digit beyond the
 * microsecond is no snapshot time; `at_or_before` floors it), in the counting statement itself.
 */
export class AcsTemplateCountsService {
  constructor(private readonly repository: AcsTemplateCountsRepository) {}

  async getCounts(request: AcsTemplateCountsRequest): Promise<AcsTemplateCountsResponse> {
    const {
      migration_id: migrationId,
      record_time: recordTime,
      record_time_match: match = 'exact',
    } = request;
    const time = requireRequestTime('record_time', recordTime);
    const row =
      match === 'exact' && !time.exact
        ? undefined
        : await this.repository.lookup(migrationId, time.floor, match);
    if (!row) {
      throw notFound(
        match === 'exact'
          ? `no ACS snapshot of migration ${migrationId} at ${recordTime} (see /v0/state/acs/snapshot-timestamp)`
          : `no ACS snapshot of migration ${migrationId} at or before ${recordTime}`,
      );
    }
    return {
      migration_id: migrationId,
      record_time: row.record_time,
      counts: row.counts.map((c) => ({ template_id: c.template_id, count: Number(c.count) })),
    };
  }
}
