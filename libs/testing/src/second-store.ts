import type { DataSource } from 'typeorm';
import { createDataSource } from '@canton-scan/domain';
import { openSpareEmbeddedDatabase } from './test-database';
import { createScratchDatabase, detectBackend } from './test-backend';

export interface SecondStore {
  readonly dataSource: DataSource;
  /** Drops the scratch database (real server) or releases the spare embedded one. */
  close(): Promise<void>;
}

/**
 * A second migrated store beside the worker's test database, for tests that copy one store into
 * another (a source for the mirror or the ledger feed): a scratch database `name_<pid>` on the
 * real server, else the spare embedded server (an embedded server cannot start inside a jest
 * worker), held by one test file at a time.
 */
export async function openSecondStore(name: string): Promise<SecondStore> {
  if ((await detectBackend()) === 'embedded') return openSpareEmbeddedDatabase();
  const scratch = await createScratchDatabase(`${name}_${process.pid}`, 'postgres');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 4,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy();
      await scratch.drop();
    },
  };
}
