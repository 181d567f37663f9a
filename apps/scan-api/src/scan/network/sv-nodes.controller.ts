import { Controller, Get } from '@nestjs/common';
import { SvNodesService, type DsoScans, type DsoSequencers, type SvBftSequencers } from '@canton-scan/domain';

/** Where the SVs run their nodes, from their node states: public. */
@Controller('v0')
export class SvNodesController {
  constructor(private readonly nodes: SvNodesService) {}

  @Get('scans')
  scans(): Promise<DsoScans> {
    return this.nodes.listDsoScans();
  }

  @Get('dso-sequencers')
  dsoSequencers(): Promise<DsoSequencers> {
    return this.nodes.listDsoSequencers();
  }

  @Get('sv-bft-sequencers')
  svBftSequencers(): SvBftSequencers {
    return this.nodes.listSvBftSequencers();
  }
}
