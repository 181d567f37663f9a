import { Controller, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { VoteResultsService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v0/admin/sv')
export class VoteResultsController {
  constructor(private readonly voteResults: VoteResultsService) {}

  @Post('voteresults')
  @HttpCode(200)
  list(
    @ValidInput() { body }: scanApi.ListVoteRequestResultsData,
  ): Promise<scanApi.ListDsoRulesVoteResultsResponse> {
    return this.voteResults.list(body);
  }

  @Post('voteresults/count')
  @HttpCode(200)
  count(@ValidInput() { body }: scanApi.CountVoteResultsData): Promise<scanApi.VoteResultsCountResponse> {
    return this.voteResults.count(body);
  }

  @Post('previous-sv-reward-weight')
  @HttpCode(200)
  previousSvRewardWeight(
    @ValidInput() { body }: scanApi.GetPreviousSvRewardWeightData,
  ): Promise<scanApi.PreviousSvRewardWeightResponse> {
    return this.voteResults.previousSvRewardWeight(body);
  }
}
