import { Controller, Get } from '@nestjs/common';
import type { scanApi } from '@canton-scan/contracts';
import {
  NetworkConfigService,
  type AmuletConfigForRound,
  type AmuletPriceVotes,
  type FeatureSupport,
  type MigrationSchedule,
  type SpliceInstanceNames,
} from '@canton-scan/domain';
import { ValidInput } from '@canton-scan/http';

/** The network's names, scheduled upgrade, round fees and price votes: public. */
@Controller('v0')
export class NetworkConfigController {
  constructor(private readonly config: NetworkConfigService) {}

  @Get('splice-instance-names')
  spliceInstanceNames(): SpliceInstanceNames {
    return this.config.getSpliceInstanceNames();
  }

  @Get('migrations/schedule')
  migrationSchedule(): Promise<MigrationSchedule> {
    return this.config.getMigrationSchedule();
  }

  @Get('feature-support')
  featureSupport(): FeatureSupport {
    return this.config.featureSupport();
  }

  @Get('amulet-config-for-round')
  amuletConfigForRound(
    @ValidInput() { query }: scanApi.GetAmuletConfigForRoundData,
  ): Promise<AmuletConfigForRound> {
    return this.config.getAmuletConfigForRound(query.round);
  }

  @Get('amulet-price/votes')
  amuletPriceVotes(): Promise<AmuletPriceVotes> {
    return this.config.listAmuletPriceVotes();
  }
}
