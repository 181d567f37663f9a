import type { DynamicModule, Type } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@canton-scan/domain';
import { AppConfigModule } from './app-config.module';
import { DatabaseModule } from './database.module';

/** A group of endpoints: its module and the prefix it is served under. */
export interface GroupRoute {
  path: string;
  module: Type;
}

/**
 * An app's root module: the process's configuration and database made injectable, and each of
 * the app's groups mounted under its prefix.
 */
export function appRootModule(
  root: Type,
  config: AppConfig,
  dataSource: DataSource,
  groups: readonly GroupRoute[],
  /** The app's release version (readAppVersion), shown by each group's `livez`. */
  version?: string,
): DynamicModule {
  return {
    module: root,
    imports: [
      DatabaseModule.forDataSource(dataSource, config.database),
      AppConfigModule.forConfig(config, version),
      ...groups.map((g) => g.module),
      RouterModule.register(groups.map((g) => ({ path: g.path, module: g.module }))),
    ],
  };
}
