import type { scanApi } from '@canton-scan/contracts';
import { toContractWithState } from '../../contracts/active-contracts.repository';
import { notFound } from '../../errors/domain-error';
import type { VoteRequestsRepository } from './vote-requests.repository';

export type VoteRequestsList = scanApi.ListDsoRulesVoteRequestsResponse;
export type VoteRequestLookup = scanApi.LookupDsoRulesVoteRequestResponse;
export type VoteRequestsByTrackingId = scanApi.ListVoteRequestByTrackingCidResponse;

/**
 * Open vote requests (docs/governance.md "Vote requests"). A vote archives the request and
 * re-creates it with `trackingCid` set to the first contract id, so clients keep that id.
 */
export class VoteRequestsService {
  constructor(private readonly repository: VoteRequestsRepository) {}

  async listOpen(): Promise<VoteRequestsList> {
    const open = await this.repository.listOpen();
    return { dso_rules_vote_requests: open.map((c) => toContractWithState(c).contract) };
  }

  async getByTrackingId(id: string): Promise<VoteRequestLookup> {
    const [request] = await this.repository.listByTrackingIds([id]);
    if (!request) throw notFound(`No VoteRequest found contract: ${id}`);
    return { dso_rules_vote_request: toContractWithState(request).contract };
  }

  async listByTrackingIds(ids: readonly string[]): Promise<VoteRequestsByTrackingId> {
    const found = await this.repository.listByTrackingIds(ids);
    return { vote_requests: found.map((c) => toContractWithState(c).contract) };
  }
}
