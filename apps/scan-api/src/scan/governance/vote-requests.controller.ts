import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  VoteRequestsService,
  type VoteRequestLookup,
  type VoteRequestsByTrackingId,
  type VoteRequestsList,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Open DSO vote requests: public. */
@Controller('v0')
export class VoteRequestsController {
  constructor(private readonly voteRequests: VoteRequestsService) {}

  @Get('admin/sv/voterequests')
  list(): Promise<VoteRequestsList> {
    return this.voteRequests.listOpen();
  }

  @Get('voterequests/:vote_request_contract_id')
  lookup(@ValidInput() { path }: scanApi.LookupDsoRulesVoteRequestData): Promise<VoteRequestLookup> {
    return this.voteRequests.getByTrackingId(path.vote_request_contract_id);
  }

  @Post('voterequest')
  @HttpCode(200)
  byTrackingIds(
    @ValidInput() { body }: scanApi.ListVoteRequestsByTrackingCidData,
  ): Promise<VoteRequestsByTrackingId> {
    return this.voteRequests.listByTrackingIds(body.vote_request_contract_ids);
  }
}
