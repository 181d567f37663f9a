import { Query, type Pool, type PoolClient, type QueryResultRow } from 'pg';
import type { DbBackend, Params, Statement } from './db';
import { isStatementError } from './text-bytes';

/**
 * What a caller makes of a statement's rows, one at a time, as they arrive: `start` makes a
 * fresh state (again for each attempt, when a read is retried elsewhere), `step` takes each row
 * in order, `finish` gives the result once the statement is complete.
 */
export interface RowFold<T, R> {
  start(): { step(row: T): void; finish(): R };
}

/**
 * Runs one statement and folds its rows as they arrive (`RowFold`). On a real server each row is
 * handed over as soon as the driver has parsed it, so what the caller makes of the rows (an answer's
 * text) is made while PostgreSQL is still producing the rest, and no array of every row is kept.
 * A `step` that throws ends the fold: the statement is read to its end, the connection stays
 * usable, and the error is the fold's. The embedded server answers whole; its rows are folded
 * after. Named statements are prepared as `run` prepares them (on a real server only).
 */
export async function foldRows<T extends QueryResultRow, R>(
  client: Pool | PoolClient,
  backend: DbBackend,
  statement: Statement | string,
  params: Params,
  fold: RowFold<T, R>,
): Promise<R> {
  const { text, name } = typeof statement === 'string' ? { text: statement, name: undefined } : statement;
  if (backend === 'embedded') {
    const { rows } = await client.query<T>({ text, values: params as unknown[] });
    const state = fold.start();
    for (const row of rows) state.step(row);
    return state.finish();
  }
  const pooled = 'totalCount' in client;
  const connection: PoolClient = pooled ? await (client as Pool).connect() : (client as PoolClient);
  let broken: Error | undefined;
  // A lent client that loses its connection emits 'error', which nobody else listens to while it
  // is lent (see DbConnection): the query's own failure is what the caller sees.
  const lost = (error: Error): void => {
    broken ??= error;
  };
  if (pooled) connection.on('error', lost);
  try {
    const state = fold.start();
    let failure: unknown;
    const query = new Query<T>({ text, values: params as unknown[], ...(name ? { name } : {}) });
    query.on('row', (row: T) => {
      if (failure !== undefined) return;
      try {
        state.step(row);
      } catch (error) {
        failure = error ?? new Error('a row fold failed');
      }
    });
    await new Promise<void>((resolve, reject) => {
      query.once('end', () => resolve());
      query.once('error', (error: Error) => {
        broken = error;
        reject(error);
      });
      connection.query(query);
    });
    if (failure !== undefined) throw failure;
    return state.finish();
  } finally {
    if (pooled) {
      connection.removeListener('error', lost);
      connection.release(broken && !isStatementError(broken) ? broken : undefined);
    }
  }
}
