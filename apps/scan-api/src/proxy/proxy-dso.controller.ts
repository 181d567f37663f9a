import { Controller, Get, UseGuards } from '@nestjs/common';
import { DsoInfoService, type AmuletRulesInfo, type DsoInfo } from '@canton-scan/domain';
import { BearerAuthGuard } from '@canton-scan/http';

/** Network information through the validator's scan proxy (bearer token required). */
@Controller('v0/scan-proxy')
@UseGuards(BearerAuthGuard)
export class ProxyDsoController {
  constructor(private readonly dso: DsoInfoService) {}

  @Get('dso')
  dsoInfo(): Promise<DsoInfo> {
    return this.dso.getDsoInfo();
  }

  @Get('amulet-rules')
  amuletRules(): Promise<AmuletRulesInfo> {
    return this.dso.getAmuletRules();
  }
}
