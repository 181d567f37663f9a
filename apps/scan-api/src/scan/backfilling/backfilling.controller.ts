import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { BackfillingService, type JsonText } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller('v0')
export class BackfillingController {
  constructor(private readonly backfilling: BackfillingService) {}

  @Post('backfilling/import-updates')
  @HttpCode(200)
  importUpdates(
    @ValidInput() { body }: scanApi.GetImportUpdatesData,
  ): Promise<JsonText<scanApi.ImportUpdatesResponse>> {
    return this.backfilling.importUpdates(body.migration_id, body.after_update_id, body.limit);
  }

  @Post('backfilling/migration-info')
  @HttpCode(200)
  migrationInfo(
    @ValidInput() { body }: scanApi.GetMigrationInfoData,
  ): Promise<scanApi.MigrationInfoResponse> {
    return this.backfilling.migrationInfo(body.migration_id);
  }

  @Post('backfilling/updates-before')
  @HttpCode(200)
  updatesBefore(
    @ValidInput() { body }: scanApi.GetUpdatesBeforeData,
  ): Promise<JsonText<scanApi.GetUpdatesBeforeResponse>> {
    return this.backfilling.updatesBefore(body);
  }

  @Get('backfilling/status')
  status(): Promise<scanApi.GetBackfillingStatusResponse> {
    return this.backfilling.status();
  }

  @Get('migrations/last')
  lastMigration(): Promise<scanApi.GetMigrationIdResponse> {
    return this.backfilling.lastMigration();
  }
}
