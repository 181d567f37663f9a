import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { AcsService, ForcedAcsSnapshots, type JsonText } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** The request of every ACS page route: v1 and v2 declare exactly v0's (specs/scan.yaml). */
type AcsPageData =
  scanApi.GetAcsSnapshotAtData | scanApi.GetAcsSnapshotAtV1Data | scanApi.GetAcsSnapshotAtV2Data;

@Controller()
export class AcsController {
  constructor(
    private readonly acs: AcsService,
    private readonly forced: ForcedAcsSnapshots,
  ) {}

  /** One implementation under three paths: v0 (deprecated), v1 and v2 answer the same pages. */
  @Post(['v0/state/acs', 'v1/state/acs', 'v2/state/acs'])
  @HttpCode(200)
  getSnapshotPage(@ValidInput() { body }: AcsPageData): Promise<JsonText<scanApi.AcsResponse>> {
    return this.acs.getPage(body);
  }

  @Get('v0/state/acs/snapshot-timestamp')
  getSnapshotTimestamp(
    @ValidInput() { query }: scanApi.GetDateOfMostRecentSnapshotBeforeData,
  ): Promise<scanApi.AcsSnapshotTimestampResponse> {
    return this.acs.getSnapshotTimestampBefore(query.migration_id, query.before);
  }

  @Get('v0/state/acs/snapshot-timestamp-after')
  getSnapshotTimestampAfter(
    @ValidInput() { query }: scanApi.GetDateOfFirstSnapshotAfterData,
  ): Promise<scanApi.AcsSnapshotTimestampResponse> {
    return this.acs.getSnapshotTimestampAfter(query.migration_id, query.after);
  }

  @Post('v0/state/acs/force')
  @HttpCode(200)
  forceSnapshot(): Promise<scanApi.ForceAcsSnapshotResponse> {
    return this.forced.force();
  }
}
