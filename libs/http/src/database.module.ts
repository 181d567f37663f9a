import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Db } from '@canton-scan/domain';

/**
 * Makes the process's one DataSource, and the `Db` every repository runs its SQL through,
 * injectable everywhere (their lifecycle stays with the caller).
 */
@Global()
@Module({})
export class DatabaseModule {
  static forDataSource(dataSource: DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: Db, useValue: Db.of(dataSource) },
      ],
      exports: [DataSource, Db],
    };
  }
}
