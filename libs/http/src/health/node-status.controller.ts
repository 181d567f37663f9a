import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import { NodeStatusService } from './node-status.service';

/** `GET status` / `GET version` at a group's base path, as Splice's apps serve them. */
@Controller()
export class NodeStatusController {
  constructor(private readonly node: NodeStatusService) {}

  @Get('status')
  status(): Promise<scanApi.NodeStatus> {
    return this.node.status();
  }

  @Get('version')
  version(): scanApi.Version {
    return this.node.version();
  }
}
