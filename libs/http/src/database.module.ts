import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Makes the process's one DataSource injectable everywhere (its lifecycle stays with the caller). */
@Global()
@Module({})
export class DatabaseModule {
  static forDataSource(dataSource: DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DataSource, useValue: dataSource }],
      exports: [DataSource],
    };
  }
}
