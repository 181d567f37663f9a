import { useTestDatabase } from '@canton-scan/testing';
import { loadConfig } from '../config/app-config';
import { checkSchema, openDatabase, SchemaMismatchError, schemaState } from './database';
import { MIGRATIONS } from './migrations';

const names = MIGRATIONS.map((m) => m.name);
const newest = names[names.length - 1];

describe('checkSchema', () => {
  it('passes a store at this code’s schema, migrated or to be migrated by the caller', () => {
    expect(() => checkSchema({ applied: names, pending: [], unknown: [] }, true)).not.toThrow();
    expect(() => checkSchema({ applied: [], pending: names, unknown: [] }, false)).not.toThrow();
  });

  it('refuses an unmigrated store when asked to, saying what to run', () => {
    expect(() => checkSchema({ applied: [], pending: names, unknown: [] }, true)).toThrow(
      new SchemaMismatchError(
        `the database is not migrated (${names.length} of ${names.length} migrations to apply; an empty database): ` +
          'run `npm run db:migrate` with the same DATABASE_URL, or set DB_MIGRATE_ON_START=true',
      ),
    );
    expect(() =>
      checkSchema({ applied: names.slice(0, 2), pending: names.slice(2), unknown: [] }, true),
    ).toThrow(
      `(${names.length - 2} of ${names.length} migrations to apply; at ${names[1]}, this code's newest is ${newest})`,
    );
  });

  it('refuses a store a newer release migrated, naming both versions, whatever the caller asks', () => {
    for (const requireMigrated of [true, false])
      expect(() =>
        checkSchema(
          { applied: [...names, 'Later1899999999999'], pending: [], unknown: ['Later1899999999999'] },
          requireMigrated,
        ),
      ).toThrow(
        `the database's schema is newer than this code: its newest migration is Later1899999999999, this code's is ${newest}`,
      );
  });
});

describe('openDatabase on a real store', () => {
  const db = useTestDatabase();
  const config = () => loadConfig({ DATABASE_URL: db.url, AUTH_DEV_MODE: 'true' }).database;

  it('reads the applied migrations of a migrated store', async () => {
    expect(await schemaState(db.dataSource)).toEqual({ applied: names, pending: [], unknown: [] });
    const opened = await openDatabase(config(), { requireMigrated: true });
    await opened.close();
  });

  it('refuses a store with a migration this code does not know, and opens it again once it is gone', async () => {
    await db.dataSource.query(
      `INSERT INTO schema_migrations ("timestamp", name) VALUES (1899999999999, 'Later1899999999999')`,
    );
    try {
      await expect(openDatabase(config(), { migrate: true })).rejects.toThrow(
        `its newest migration is Later1899999999999, this code's is ${newest}`,
      );
    } finally {
      await db.dataSource.query(`DELETE FROM schema_migrations WHERE name = 'Later1899999999999'`);
    }
    const opened = await openDatabase(config(), { requireMigrated: true });
    await opened.close();
  });
});
