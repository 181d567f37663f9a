import { useTestDatabase } from '@canton-scan/testing';

describe('the sessions of a store (createDataSource)', () => {
  const db = useTestDatabase();

  it('run in UTC and never JIT-compile a statement, on every pooled connection', async () => {
    // Four at once: each query holds its own pooled connection.
    const settings = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const [row] = (await db.dataSource.query(
          `SELECT current_setting('TimeZone') AS time_zone, current_setting('jit') AS jit,
                  pg_jit_available() AS jit_available, pg_sleep(0.05)::text AS waited`,
        )) as { time_zone: string; jit: string; jit_available: boolean }[];
        return row;
      }),
    );
    for (const s of settings) {
      expect(s.time_zone).toBe('UTC');
      // A server built with LLVM (the real one) could JIT: our sessions have it off. The embedded
      // server is built without, whatever its setting says.
      const jitCouldRun = s.jit_available && s.jit !== 'off';
      expect(jitCouldRun).toBe(false);
    }
    if (db.backend === 'postgres') expect(settings.map((s) => s.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
