import { Controller, Get } from '@nestjs/common';
import { DsoInfoService, type DsoInfo } from '@canton-scan/domain';

/** `GET /v0/dso` on the scan group: public, the same body as the validator proxy's DSO info. */
@Controller('v0')
export class DsoController {
  constructor(private readonly dso: DsoInfoService) {}

  @Get('dso')
  dsoInfo(): Promise<DsoInfo> {
    return this.dso.getDsoInfo();
  }
}
