import { Controller, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { HoldingsService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v1/holdings')
export class HoldingsController {
  constructor(private readonly holdings: HoldingsService) {}

  @Post('summary')
  @HttpCode(200)
  getSummary(
    @ValidInput() { body }: scanApi.GetHoldingsSummaryData,
  ): Promise<scanApi.HoldingsSummaryResponse> {
    return this.holdings.getSummary(body);
  }
}
