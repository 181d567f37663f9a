// db:migrate — applies pending migrations to DATABASE_URL (or the embedded database).
import { loadConfig, openDatabase } from '@canton-scan/domain';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    const applied = await db.dataSource.runMigrations({ transaction: 'each' });
    console.log(
      applied.length === 0
        ? `database (${db.backend}) is up to date`
        : `applied ${applied.length} migration(s) to the ${db.backend} database: ${applied.map((m) => m.name).join(', ')}`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
