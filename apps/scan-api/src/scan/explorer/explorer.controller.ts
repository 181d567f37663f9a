import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { ExplorerUpdatesService } from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** Our own views for the network explorer (tag `explorer` of specs/scan.yaml). */
@Controller('v0/explorer')
export class ExplorerController {
  constructor(private readonly updates: ExplorerUpdatesService) {}

  @Get('updates')
  listUpdates(
    @ValidInput() { query }: scanApi.ListExplorerUpdatesData,
  ): Promise<scanApi.ExplorerUpdatesResponse> {
    return this.updates.listUpdates(query ?? {});
  }
}
