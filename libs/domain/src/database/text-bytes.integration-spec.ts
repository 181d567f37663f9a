import { Pool } from 'pg';
import { realServerReachable, realServerUrl } from '@canton-scan/testing';
import type { DbBackend } from './db';
import { runTextBytes, streamTextBytes } from './text-bytes';

/** Text whose bytes must come back exactly: multi-byte UTF-8, quotes, backslashes, JSON escapes. */
const AWKWARD = `it's a "quote" \\ back\\slash \\n é€😀 \t tab`;

/**
 * runTextBytes on both servers: a binary COPY on the real one (parameters inlined), a query on
 * the embedded one; either way the bytes of the value as PostgreSQL holds it.
 */
describe.each<[DbBackend, () => Promise<string | undefined>]>([
  ['postgres', async () => ((await realServerReachable()) ? realServerUrl() : undefined)],
  ['embedded', () => Promise.resolve(process.env.CSS_EMBEDDED_SPARE_URL)],
])('runTextBytes on the %s server', (backend, urlOf) => {
  let pool: Pool;

  beforeAll(async () => {
    const url = await urlOf();
    if (!url) throw new Error(`no ${backend} server for this test`);
    pool = new Pool({ connectionString: url, max: 2 });
  });
  afterAll(() => pool.end());

  it('returns the value bytes PostgreSQL wrote, parameters included as given', async () => {
    const bytes = await runTextBytes(
      pool,
      backend,
      `SELECT $1::text || '|' || array_to_string($2::text[], ',') || '|' || ($3::int + 1)`,
      [AWKWARD, ['a', "b'c", 'd\\e'], 41],
    );
    expect(bytes.toString('utf8')).toBe(`${AWKWARD}|a,b'c,d\\e|42`);
  });

  it('returns a large value whole, as the query would decode it', async () => {
    const sql = `SELECT string_agg(to_json('é' || g || $1::text)::text, ',' ORDER BY g) FROM generate_series(1, 30000) g`;
    const bytes = await runTextBytes(pool, backend, sql, [AWKWARD]);
    const { rows } = await pool.query<{ string_agg: string }>(sql, [AWKWARD]);
    expect(bytes.length).toBeGreaterThan(1_000_000);
    expect(bytes.equals(Buffer.from(rows[0].string_agg, 'utf8'))).toBe(true);
  });

  it('fails with the statement error and leaves the pool usable', async () => {
    await expect(runTextBytes(pool, backend, 'SELECT 1/$1::int', [0])).rejects.toThrow(/division by zero/);
    await expect(runTextBytes(pool, backend, "SELECT 'a' UNION ALL SELECT 'b'", [])).rejects.toThrow(
      /one row/,
    );
    expect((await runTextBytes(pool, backend, 'SELECT $1::text', ['still here'])).toString()).toBe(
      'still here',
    );
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('streams a large value in pieces, and gives the connection back before the value is read', async () => {
    const sql = `SELECT string_agg(to_json('é' || g || $1::text)::text, ',' ORDER BY g) FROM generate_series(1, 30000) g`;
    const { rows } = await pool.query<{ string_agg: string }>(sql, [AWKWARD]);
    const expected = Buffer.from(rows[0].string_agg, 'utf8');
    const streamed = await streamTextBytes(pool, backend, sql, [AWKWARD]);
    expect(streamed.length).toBe(expected.length);
    expect(streamed.firstByte).toBe(expected[0]);
    // Nobody reads yet: the value is read to its end anyway and the connection is back in the pool.
    for (
      let i = 0;
      i < 200 && !(pool.totalCount === pool.idleCount && streamed.receivedBytes === expected.length);
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(streamed.receivedBytes).toBe(expected.length);
    expect(pool.idleCount).toBe(pool.totalCount);
    const pieces: Buffer[] = [];
    for await (const piece of streamed.chunks()) pieces.push(piece);
    if (backend === 'postgres') expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).equals(expected)).toBe(true);
  });

  it('rejects a statement error before the value starts', async () => {
    await expect(streamTextBytes(pool, backend, 'SELECT (1/$1::int)::text', [0])).rejects.toThrow(
      /division by zero/,
    );
    await expect(streamTextBytes(pool, backend, 'SELECT NULL::text', [])).rejects.toThrow(/NULL/);
  });
});
