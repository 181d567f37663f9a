import { Controller, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { HoldingsService, type JsonText } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller()
export class HoldingsController {
  constructor(private readonly holdings: HoldingsService) {}

  @Post('v1/holdings/summary')
  @HttpCode(200)
  getSummary(
    @ValidInput() { body }: scanApi.GetHoldingsSummaryAtV1Data,
  ): Promise<scanApi.HoldingsSummaryResponse> {
    return this.holdings.getSummary(body);
  }

  /** The deprecated v0 form: the v1 totals plus the holding fees as of `as_of_round`. */
  @Post('v0/holdings/summary')
  @HttpCode(200)
  getSummaryWithFees(
    @ValidInput() { body }: scanApi.GetHoldingsSummaryAtData,
  ): Promise<scanApi.HoldingsSummaryResponseV0> {
    return this.holdings.getSummaryWithFees(body);
  }

  @Post('v0/holdings/state')
  @HttpCode(200)
  getState(@ValidInput() { body }: scanApi.GetHoldingsStateAtData): Promise<JsonText<scanApi.AcsResponse>> {
    return this.holdings.getStatePage(body);
  }

  @Post('v1/holdings/state')
  @HttpCode(200)
  getStateV1(
    @ValidInput() { body }: scanApi.GetHoldingsStateAtV1Data,
  ): Promise<JsonText<scanApi.AcsResponseV1>> {
    return this.holdings.getStatePageV1(body);
  }
}
