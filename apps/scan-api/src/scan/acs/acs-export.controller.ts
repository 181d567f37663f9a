import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { AcsExportService, type AcsExportResponse } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v0')
export class AcsExportController {
  constructor(private readonly exports: AcsExportService) {}

  /** Upstream's deprecated getAcsSnapshot: Canton's ACS export of the DSO's and the party's contracts. */
  @Get('acs/:party')
  getAcsSnapshot(@ValidInput() { path, query }: scanApi.GetAcsSnapshotData): Promise<AcsExportResponse> {
    return this.exports.getAcsExport(path.party, query?.record_time);
  }
}
