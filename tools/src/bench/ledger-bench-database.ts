// An existing bench:ledger database (one kept with --keep), read instead of ingesting a new one.
import { createDataSource } from '@canton-scan/domain';

/** The ledger updates (updates with an offset) the database at `url` holds. */
export async function countLedgerUpdates(url: string): Promise<number> {
  const dataSource = createDataSource(url, { poolSize: 1, connectTimeoutMs: 5000, statementTimeoutMs: 0 });
  await dataSource.initialize();
  try {
    const [row] = (await dataSource.query(
      'SELECT count(*)::int AS n FROM updates WHERE ledger_offset IS NOT NULL',
    )) as { n: number }[];
    return row.n;
  } finally {
    await dataSource.destroy();
  }
}
