import type { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { createDataSource, MIGRATIONS_TABLE } from './data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { MIGRATIONS } from './migrations';

export interface Database {
  readonly dataSource: DataSource;
  readonly url: string;
  /** `embedded` (PGlite) or `postgres` (a real server). */
  readonly backend: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens the process's database: the configured PostgreSQL server, or with no DATABASE_URL an
 * embedded PGlite started for this process.
 */
export async function openDatabase(
  config: DatabaseConfig,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.url;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.embeddedDataDir, port: config.embeddedPort });
    url = embedded.url;
  }
  const dataSource = createDataSource(url, config);
  try {
    await dataSource.initialize();
    if (options.migrate) await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    url,
    backend: embedded ? 'embedded' : 'postgres',
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await embedded?.stop();
    },
  };
}

/** Whether every known migration has been applied (readiness). Throws when the database is unreachable. */
export async function isMigrated(dataSource: DataSource): Promise<boolean> {
  const rows: { name: string }[] = await dataSource
    .query(`SELECT name FROM ${MIGRATIONS_TABLE} WHERE name = ANY($1::text[])`, [
      MIGRATIONS.map((m) => m.name),
    ])
    .catch((error: unknown) => {
      // An absent migrations table means "not migrated", not "down".
      if (error instanceof Error && /does not exist/.test(error.message)) return [];
      throw error;
    });
  return rows.length === MIGRATIONS.length;
}
