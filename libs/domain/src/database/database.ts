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

/** The store's schema is not the one this code was written for; the message says what to do. */
export class SchemaMismatchError extends Error {
  override readonly name = 'SchemaMismatchError';
}

/** The migrations applied to a store, against this code's own (`MIGRATIONS`, in order). */
export interface SchemaState {
  /** Applied, oldest first. */
  readonly applied: readonly string[];
  /** This code's migrations not applied yet. */
  readonly pending: readonly string[];
  /** Applied but unknown to this code: a newer release migrated the store. */
  readonly unknown: readonly string[];
}

/** Which migrations the store has; an absent migrations table is an empty (never migrated) store. */
export async function schemaState(dataSource: DataSource): Promise<SchemaState> {
  const rows: { name: string }[] = await dataSource
    .query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY timestamp, id`)
    .catch((error: unknown) => {
      if (error instanceof Error && /does not exist/.test(error.message)) return [];
      throw error;
    });
  const applied = rows.map((r) => r.name);
  const known = MIGRATIONS.map((m) => m.name);
  return {
    applied,
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
  };
}

/**
 * Refuses a store migrated by a newer release (naming its newest migration and this code's),
 * and, with `requireMigrated`, one this code has migrations to apply to (saying what to run).
 */
export function checkSchema(state: SchemaState, requireMigrated: boolean): void {
  const newestKnown = MIGRATIONS[MIGRATIONS.length - 1].name;
  if (state.unknown.length > 0)
    throw new SchemaMismatchError(
      `the database's schema is newer than this code: its newest migration is ${state.unknown[state.unknown.length - 1]}, ` +
        `this code's is ${newestKnown}; run the release that migrated it (or a newer one)`,
    );
  if (requireMigrated && state.pending.length > 0) {
    const at =
      state.applied.length === 0
        ? 'an empty database'
        : `at ${state.applied[state.applied.length - 1]}, this code's newest is ${newestKnown}`;
    throw new SchemaMismatchError(
      `the database is not migrated (${state.pending.length} of ${MIGRATIONS.length} migrations to apply; ${at}): ` +
        'run `npm run db:migrate` with the same DATABASE_URL, or set DB_MIGRATE_ON_START=true',
    );
  }
}

/**
 * Opens the process's database: the configured PostgreSQL server, or with no DATABASE_URL an
 * embedded PGlite started for this process. A store migrated by a newer release is refused;
 * `migrate` applies this code's pending migrations, else `requireMigrated` refuses a store that
 * has some (CLIs: one line saying what to run), and without either the caller finds out
 * (the apps' `/readyz` reports it).
 */
export async function openDatabase(
  config: DatabaseConfig,
  options: { migrate?: boolean; requireMigrated?: boolean } = {},
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
    checkSchema(await schemaState(dataSource), options.requireMigrated === true && options.migrate !== true);
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
