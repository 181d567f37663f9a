import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { UpdateHistoryService, type JsonText } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

@Controller()
export class UpdatesController {
  constructor(private readonly updates: UpdateHistoryService) {}

  /** Deprecated; answers exactly as v2. */
  @Get('v0/updates/:update_id')
  getUpdateV0(@ValidInput() input: scanApi.GetUpdateByIdData): Promise<JsonText<scanApi.UpdateHistoryItem>> {
    return this.updates.getUpdate(input.path.update_id, input.query);
  }

  /** Deprecated; the update as `POST /v1/updates` lists it. */
  @Get('v1/updates/:update_id')
  getUpdateV1(
    @ValidInput() input: scanApi.GetUpdateByIdV1Data,
  ): Promise<JsonText<scanApi.UpdateHistoryItem>> {
    return this.updates.getUpdateV1(input.path.update_id, input.query);
  }

  @Get('v2/updates/hash/:hash')
  getUpdateByHash(
    @ValidInput() input: scanApi.GetUpdateByHashData,
  ): Promise<JsonText<scanApi.UpdateHistoryItemV2WithHash>> {
    return this.updates.getUpdateByHash(input.path.hash, input.query);
  }

  @Get('v2/updates/:update_id')
  getUpdateV2(
    @ValidInput() input: scanApi.GetUpdateByIdV2Data,
  ): Promise<JsonText<scanApi.UpdateHistoryItem>> {
    return this.updates.getUpdate(input.path.update_id, input.query);
  }

  @Post('v2/updates')
  @HttpCode(200)
  listUpdatesV2(
    @ValidInput() input: scanApi.GetUpdateHistoryV2Data,
  ): Promise<JsonText<scanApi.UpdateHistoryResponseV2>> {
    return this.updates.listUpdates(input.body);
  }

  /** Deprecated; the v0 list: import updates included, offsets, `#`-prefixed event ids. */
  @Post('v0/updates')
  @HttpCode(200)
  listUpdatesV0(
    @ValidInput() input: scanApi.GetUpdateHistoryData,
  ): Promise<JsonText<scanApi.UpdateHistoryResponse>> {
    return this.updates.listUpdatesV0(input.body);
  }

  /** Deprecated; the v2 page, each transaction with upstream's constant v1 offset. */
  @Post('v1/updates')
  @HttpCode(200)
  listUpdatesV1(
    @ValidInput() input: scanApi.GetUpdateHistoryV1Data,
  ): Promise<JsonText<scanApi.UpdateHistoryResponseV1>> {
    return this.updates.listUpdatesV1(input.body);
  }
}
