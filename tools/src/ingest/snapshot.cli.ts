// snapshot --list [--migration N]: the ACS snapshot times recorded in the store.
import { ConfigError, loadConfig, openDatabase } from '@canton-scan/domain';
import { parseArgs } from './cli-args';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), { list: 'flag', migration: 'int', help: 'flag' });
  if (args.help || !args.list) {
    console.log('usage: npm run snapshot -- --list [--migration N]');
    process.exit(args.help ? 0 : 2);
  }
  const config = loadConfig();
  const db = await openDatabase(config.database, {
    migrate: config.database.migrateOnStart ?? config.database.url === undefined,
    requireMigrated: true,
  });
  try {
    const rows: { migration_id: string; record_time: string }[] = await db.dataSource.query(
      `SELECT migration_id::text, record_time FROM acs_snapshots WHERE $1::bigint IS NULL OR migration_id = $1 ORDER BY migration_id, record_time`,
      [args.migration ?? null],
    );
    if (rows.length === 0) console.log('no ACS snapshots recorded');
    for (const r of rows) console.log(`migration ${r.migration_id}  ${r.record_time}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
