import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { EventHistoryService, type JsonText } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Updates with the synchronizer's verdicts on them (docs/events.md). */
@Controller('v0/events')
export class EventsController {
  constructor(private readonly events: EventHistoryService) {}

  @Post()
  @HttpCode(200)
  listEvents(
    @ValidInput() input: scanApi.GetEventHistoryData,
  ): Promise<JsonText<scanApi.EventHistoryResponse>> {
    return this.events.listEvents(input.body);
  }

  @Get(':update_id')
  getEvent(@ValidInput() input: scanApi.GetEventByIdData): Promise<JsonText<scanApi.EventHistoryItem>> {
    return this.events.getEvent(input.path.update_id, input.query ?? {});
  }
}
