// db:check — fails when the entities describe a schema the migrations do not create, i.e. when
// generating a migration from the entities would yield anything.
import { createDataSource } from '@canton-scan/domain';
import { createScratchDatabase } from '@canton-scan/testing';

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('css_migration_check');
  const dataSource = createDataSource(scratch.url, {
    poolSize: 2,
    connectTimeoutMs: 5000,
    statementTimeoutMs: 0,
  });
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const pending = await dataSource.driver.createSchemaBuilder().log();
    if (pending.upQueries.length > 0) {
      console.error(
        `The entities and the migrations disagree (${scratch.backend} database). A generated migration would run:`,
      );
      for (const query of pending.upQueries) console.error(`  ${query.query};`);
      process.exitCode = 1;
    } else {
      console.log(`migrations match the entities (checked on the ${scratch.backend} database)`);
    }
    // Every migration must also undo cleanly.
    for (let i = 0; i < dataSource.migrations.length; i++)
      await dataSource.undoLastMigration({ transaction: 'each' });
    const left: { n: string }[] = await dataSource.query(
      `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
    );
    if (left[0].n !== '0') {
      console.error(`reverting every migration left ${left[0].n} table(s) behind`);
      process.exitCode = 1;
    }
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
