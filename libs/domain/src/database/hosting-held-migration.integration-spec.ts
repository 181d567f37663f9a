import { useTestDatabase } from '@canton-scan/testing';
import { HostingHeld1795521300000 } from './migrations/1795521300000-hosting-held';

describe('the hosting_held migration', () => {
  const db = useTestDatabase();

  it('takes an existing store’s hosting fact from verdicts_held (one fact stood for both), and goes down again', async () => {
    const migration = new HostingHeld1795521300000();
    const runner = db.dataSource.createQueryRunner();
    try {
      // The store as the previous schema left it: no hosting_held column.
      await migration.down(runner);
      await runner.query(
        `INSERT INTO history_migrations (migration_id, from_start, verdicts_held) VALUES (0, true, true), (1, true, false)`,
      );
      await migration.up(runner);
      expect(
        await runner.query(
          `SELECT migration_id::int, verdicts_held, hosting_held FROM history_migrations ORDER BY 1`,
        ),
      ).toEqual([
        { migration_id: 0, verdicts_held: true, hosting_held: true },
        { migration_id: 1, verdicts_held: false, hosting_held: false },
      ]);
    } finally {
      await runner.release();
    }
  });
});
