import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AcsService,
  BackfillingService,
  DevelopmentFundService,
  HoldingsService,
  RewardAccountingService,
  UpdateHistoryService,
  ValidatorFaucetsService,
  VoteResultsService,
} from '@canton-scan/domain';

/** The domain services of the scan group, each built on the process's DataSource. */
const SERVICES = [
  UpdateHistoryService,
  BackfillingService,
  AcsService,
  HoldingsService,
  ValidatorFaucetsService,
  DevelopmentFundService,
  VoteResultsService,
  RewardAccountingService,
] as const;

export const SCAN_SERVICE_PROVIDERS: Provider[] = SERVICES.map((service) => ({
  provide: service,
  useFactory: (dataSource: DataSource) => new service(dataSource),
  inject: [DataSource],
}));
