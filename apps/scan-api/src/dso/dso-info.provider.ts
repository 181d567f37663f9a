import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDsoInfoService, DsoInfoService, type AppConfig } from '@canton-scan/domain';
import { APP_CONFIG } from '@canton-scan/http';

export const dsoInfoProvider: Provider = {
  provide: DsoInfoService,
  useFactory: (dataSource: DataSource, config: AppConfig) => createDsoInfoService(dataSource, config),
  inject: [DataSource, APP_CONFIG],
};
