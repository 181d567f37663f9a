import { Pool } from 'pg';

/**
 * Runs on the run's spare embedded server (started by the jest global setup through
 * startEmbeddedPostgres, whatever the backend): many pooled connections sending different
 * statements through PGlite's one session at once. With pglite-socket's own queue, one
 * connection's Bind or Execute lands on another's unnamed statement or portal ("portal does not
 * exist", parameters of the wrong type, wrong rows).
 */
describe('the embedded server under concurrent connections', () => {
  const url = process.env.CSS_EMBEDDED_SPARE_URL;
  const table = `queue_check_${process.pid}`;
  let pool: Pool;

  beforeAll(async () => {
    if (!url)
      throw new Error('no spare embedded server: run the tests through jest with the workspace preset');
    pool = new Pool({ connectionString: url, max: 10 });
    await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY, v text)`);
    await pool.query(`INSERT INTO ${table} SELECT g, 'v' || g FROM generate_series(1, 200) g`);
  });
  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  it('answers each connection its own statement, parameters and transaction', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 600 }, async (_, i) => {
        const k = (i % 200) + 1;
        try {
          if (i % 3 === 0) {
            const { rows } = await pool.query(`SELECT v FROM ${table} WHERE id = $1`, [k]);
            return rows[0]?.v === `v${k}` ? 'ok' : `wrong row for ${k}`;
          }
          if (i % 3 === 1) {
            const { rows } = await pool.query(`SELECT $1::text AS s, count(*)::int AS c FROM ${table}`, [
              `x${k}`,
            ]);
            return rows[0]?.s === `x${k}` && rows[0]?.c === 200 ? 'ok' : `wrong echo for ${k}`;
          }
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query(`UPDATE ${table} SET v = $2 WHERE id = $1`, [k, `w${k}`]);
            const { rows } = await client.query(`SELECT v FROM ${table} WHERE id = $1`, [k]);
            await client.query('ROLLBACK');
            return rows[0]?.v === `w${k}` ? 'ok' : `transaction saw ${rows[0]?.v} for ${k}`;
          } finally {
            client.release();
          }
        } catch (error) {
          return `error: ${(error as Error).message}`;
        }
      }),
    );
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    // Every transaction was rolled back: the table is as it was written.
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE v = 'v' || id`);
    expect(rows[0].n).toBe(200);
  });
});
