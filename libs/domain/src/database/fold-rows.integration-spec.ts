import { useTestDatabase } from '@canton-scan/testing';
import { Db, prepared } from './db';
import type { RowFold } from './fold-rows';

/** Collects the rows' `n`, noting when each came and when the fold finished. */
function collect(times?: { steps: number[]; finished?: number }): RowFold<{ n: number }, number[]> {
  return {
    start() {
      const seen: number[] = [];
      return {
        step(row) {
          times?.steps.push(Date.now());
          seen.push(row.n);
        },
        finish() {
          if (times) times.finished = Date.now();
          return seen;
        },
      };
    },
  };
}

/** A fold whose step throws at row `at`, counting the rows it saw. */
function failingAt(at: number, seen: number[]): RowFold<{ n: number }, void> {
  return {
    start() {
      return {
        step(row) {
          seen.push(row.n);
          if (row.n === at) throw new Error(`no row ${at}`);
        },
        finish() {},
      };
    },
  };
}

describe('Db.fold (foldRows)', () => {
  const db = useTestDatabase();
  const series = prepared(
    'test_fold_rows_series',
    'SELECT g AS n FROM generate_series(1, $1::int) g ORDER BY g',
  );

  it('hands every row to the fold in order and gives what it makes, for named and plain statements', async () => {
    const d = Db.of(db.dataSource);
    expect(await d.fold(series, [5], collect())).toEqual([1, 2, 3, 4, 5]);
    // Again on the (pooled) connections that prepared it.
    expect(await Promise.all([d.fold(series, [3], collect()), d.fold(series, [2], collect())])).toEqual([
      [1, 2, 3],
      [1, 2],
    ]);
    expect(await d.fold('SELECT 1 AS n WHERE false', [], collect())).toEqual([]);
  });

  it('ends with the error of a step that throws, the rest of the rows unseen, the connection still usable', async () => {
    const connection = await Db.of(db.dataSource).connect();
    try {
      const seen: number[] = [];
      await expect(connection.fold(series, [6], failingAt(2, seen))).rejects.toThrow('no row 2');
      expect(seen).toEqual([1, 2]);
      // The statement was read to its end: the same connection answers the next one.
      expect(await connection.fold(series, [2], collect())).toEqual([1, 2]);
    } finally {
      connection.release();
    }
    // Through the pool: the connection went back usable, again and again.
    const d = Db.of(db.dataSource);
    for (let i = 0; i < 12; i++)
      await expect(d.fold(series, [4], failingAt(3, []))).rejects.toThrow('no row 3');
    expect(await d.fold(series, [1], collect())).toEqual([1]);
  });

  it("rejects with PostgreSQL's error when the statement fails part-way, and the pool goes on", async () => {
    const d = Db.of(db.dataSource);
    await expect(
      d.fold('SELECT (10 / (3 - g))::int AS n FROM generate_series(1, 5) g', [], collect()),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await d.fold(series, [3], collect())).toEqual([1, 2, 3]);
  });

  it('on a real server, hands a row over while PostgreSQL is still producing the next ones', async () => {
    const times: { steps: number[]; finished?: number } = { steps: [] };
    // Rows too large for the server's send buffer, each after the first written 0.4 s later.
    const rows = await Db.of(db.dataSource).fold(
      `SELECT g AS n, repeat('x', 200000) AS pad, pg_sleep(CASE WHEN g > 1 THEN 0.4 ELSE 0 END)::text AS waited
         FROM generate_series(1, 4) g`,
      [],
      collect(times),
    );
    expect(rows).toEqual([1, 2, 3, 4]);
    // The embedded server answers whole (its rows are folded once the statement is done): there
    // only the rows above are checked.
    if (db.backend === 'postgres') expect(times.finished! - times.steps[0]).toBeGreaterThanOrEqual(400);
  });
});
