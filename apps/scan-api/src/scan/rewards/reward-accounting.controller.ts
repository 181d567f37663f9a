import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { RewardAccountingService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v0/internal/reward-accounting-process')
export class RewardAccountingController {
  constructor(private readonly rewards: RewardAccountingService) {}

  @Get('rounds/earliest-available')
  getEarliestAvailableRound(): Promise<scanApi.GetRewardAccountingEarliestAvailableRoundResponse> {
    return this.rewards.getEarliestAvailableRound();
  }

  @Get('rounds/:round_number/activity-totals')
  getActivityTotals(
    @ValidInput() { path }: scanApi.GetRewardAccountingActivityTotalsData,
  ): Promise<scanApi.RewardAccountingActivityTotals> {
    return this.rewards.getActivityTotals(path.round_number);
  }
}
