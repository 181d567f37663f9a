import type { scanApi } from '@canton-scan/contracts';
import { requireRequestTime } from '../time/request-time';
import { VoteResultsRepository } from './vote-results.repository';

export type VoteResultsCountRequest = scanApi.VoteResultsCountRequest;

/**
 * `/v0/admin/sv/voteresults/count`. A result's effective date is the accepted vote's
 * `effectiveAt`, else the time the request completed (docs/governance.md "Vote results"). Bounds compare at microsecond
 * precision: as stored dates are whole microseconds, `date >= from` and `date < to` hold exactly
 * when they hold against the bounds rounded up to a microsecond.
 */
export class VoteResultsService {
  constructor(private readonly results: VoteResultsRepository) {}

  async count(request: VoteResultsCountRequest): Promise<{ count: number }> {
    const count = await this.results.count({
      actionName: request.actionName,
      accepted: request.accepted,
      requester: request.requester,
      effectiveFrom:
        request.effectiveFrom === undefined
          ? undefined
          : requireRequestTime('effectiveFrom', request.effectiveFrom).ceil,
      effectiveTo:
        request.effectiveTo === undefined
          ? undefined
          : requireRequestTime('effectiveTo', request.effectiveTo).ceil,
    });
    return { count };
  }
}
