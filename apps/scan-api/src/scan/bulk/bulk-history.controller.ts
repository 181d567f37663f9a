import { Readable } from 'node:stream';
import { Controller, Get, HttpCode, Post, StreamableFile } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { BulkHistoryService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** The pre-alpha bulk history (docs/bulk-history.md). */
@Controller('v0/history/bulk')
export class BulkHistoryController {
  constructor(private readonly bulk: BulkHistoryService) {}

  @Get('acs')
  listAcsSnapshotObjects(
    @ValidInput() { query }: scanApi.ListBulkAcsSnapshotObjectsData,
  ): Promise<scanApi.ListBulkAcsSnapshotObjectsResponse> {
    return this.bulk.listAcsSnapshotObjects(query.at_or_before_record_time);
  }

  @Post('updates')
  @HttpCode(200)
  listUpdateHistoryObjects(
    @ValidInput() { body }: scanApi.ListBulkUpdateHistoryObjectsData,
  ): Promise<scanApi.ListBulkUpdateHistoryObjectsResponse> {
    return this.bulk.listUpdateObjects(body);
  }

  @Post('checksums')
  @HttpCode(200)
  getObjectChecksums(
    @ValidInput() { body }: scanApi.GetBulkObjectChecksumsData,
  ): Promise<scanApi.GetBulkObjectChecksumsResponse> {
    return this.bulk.checksums(body.object_keys);
  }

  /** The object's bytes as stored, a frame at a time. */
  @Get('download/:object_key')
  async download(@ValidInput() { path }: scanApi.BulkStorageDownloadData): Promise<StreamableFile> {
    const { size, bytes } = await this.bulk.download(path.object_key);
    return new StreamableFile(Readable.from(bytes), { type: 'application/octet-stream', length: size });
  }
}
