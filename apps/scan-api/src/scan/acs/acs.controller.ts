import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { AcsService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v0/state/acs')
export class AcsController {
  constructor(private readonly acs: AcsService) {}

  @Post()
  @HttpCode(200)
  getSnapshotPage(@ValidInput() { body }: scanApi.GetAcsSnapshotData): Promise<scanApi.AcsResponse> {
    return this.acs.getPage(body);
  }

  @Get('snapshot-timestamp')
  getSnapshotTimestamp(
    @ValidInput() { query }: scanApi.GetAcsSnapshotTimestampData,
  ): Promise<scanApi.AcsSnapshotTimestampResponse> {
    return this.acs.getSnapshotTimestampBefore(query.migration_id, query.before);
  }
}
