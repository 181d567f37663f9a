import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createTokenRegistryService, TokenRegistryService, type AppConfig } from '@canton-scan/domain';
import { APP_CONFIG } from '@canton-scan/http';

export const tokenRegistryProvider: Provider = {
  provide: TokenRegistryService,
  useFactory: (dataSource: DataSource, config: AppConfig) => createTokenRegistryService(dataSource, config),
  inject: [DataSource, APP_CONFIG],
};
