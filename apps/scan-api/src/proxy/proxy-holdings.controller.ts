import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { scanProxyApi } from '@canton-scan/contracts';
import { DevelopmentFundService, HoldingsService } from '@canton-scan/domain';
import { BearerAuthGuard, ValidInput } from '@canton-scan/http';

type HoldingsSummaryData =
  scanProxyApi.ProxyGetHoldingsSummaryData | scanProxyApi.ProxyGetHoldingsSummaryV1Data;

/**
 * The scan group's holdings summary and development fund coupons through the validator's scan
 * proxy (bearer token required): the same services, the same answers.
 */
@Controller()
@UseGuards(BearerAuthGuard)
export class ProxyHoldingsController {
  constructor(
    private readonly holdings: HoldingsService,
    private readonly developmentFund: DevelopmentFundService,
  ) {}

  /** Wallets call the v0 path, the network's scan proxy the v1 one: one handler. */
  @Post(['v0/scan-proxy/holdings/summary', 'v1/scan-proxy/holdings/summary'])
  @HttpCode(200)
  holdingsSummary(
    @ValidInput() { body }: HoldingsSummaryData,
  ): Promise<scanProxyApi.HoldingsSummaryResponse> {
    return this.holdings.getSummary(body);
  }

  @Get('v0/scan-proxy/unclaimed-development-fund-coupons')
  unclaimedCoupons(): Promise<scanProxyApi.UnclaimedDevelopmentFundCouponsResponse> {
    return this.developmentFund.listUnclaimedCoupons();
  }
}
