import { Controller, Get } from '@nestjs/common';
import { DevelopmentFundService, type ContractWithState } from '@canton-scan/domain';

@Controller('v0')
export class DevelopmentFundController {
  constructor(private readonly developmentFund: DevelopmentFundService) {}

  @Get('unclaimed-development-fund-coupons')
  listUnclaimedCoupons(): Promise<{ 'unclaimed-development-fund-coupons': ContractWithState[] }> {
    return this.developmentFund.listUnclaimedCoupons();
  }
}
