import { escapeLiteral, type ClientBase, type Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DbBackend, Params, Statement } from './db';

/**
 * A statement's parameters written into its text as SQL literals, for the one kind of statement
 * that cannot take parameters (`COPY (…) TO STDOUT`). Only the values the domain passes are
 * accepted: finite numbers, bigints, booleans, null, strings without NUL (PostgreSQL text cannot
 * hold one; inputs are refused before they get here) and arrays of these. Every `$n` of the text is
 * replaced, so the statement must not hold one inside a literal or a comment of its own.
 */
export function inlineParams(sql: string, params: Params): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`inlineParams: no value for $${n}`);
    return literal(params[index]);
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`inlineParams: ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('inlineParams: a string holds NUL');
    // Quotes doubled; a string with backslashes as an E'' literal with them doubled (whatever
    // standard_conforming_strings says).
    return escapeLiteral(value);
  }
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
  throw new Error(`inlineParams: cannot write a ${typeof value} as a literal`);
}

/** `PGCOPY\n\377\r\n\0`: the signature of COPY's binary format. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The one value of a binary COPY holding one row of one text column: the bytes after the header
 * (signature, flags, extension), the tuple's field count (1) and the value's length, up to the
 * trailer (-1). A text value's binary form is its UTF-8 bytes as stored.
 */
export function valueOfBinaryCopy(copy: Buffer): Buffer {
  if (copy.length < 19 || !copy.subarray(0, 11).equals(SIGNATURE))
    throw new Error('not a binary COPY: no signature');
  let at = 15 + 4 + copy.readInt32BE(15); // signature, flags, extension length and area
  const fields = copy.readInt16BE(at);
  if (fields !== 1)
    throw new Error(`expected one row of one column, got ${fields === -1 ? 'no row' : `${fields} columns`}`);
  const length = copy.readInt32BE(at + 2);
  if (length < 0) throw new Error('the value is NULL');
  at += 6;
  const value = copy.subarray(at, at + length);
  if (value.length !== length || copy.length !== at + length + 2 || copy.readInt16BE(at + length) !== -1)
    throw new Error('expected one row of one column, then the end of the COPY');
  return value;
}

/**
 * Runs a statement that returns one row of one text column and gives that text's UTF-8 bytes
 * without decoding them. On a real server the statement runs as a binary `COPY (…) TO STDOUT`
 * (parameters inlined), whose bytes go from the socket to the caller as they are: a response
 * PostgreSQL writes (an ACS page, ~1 MB) is then neither decoded into a string by the driver nor
 * encoded again for the socket. The embedded server's socket does not speak COPY: there the
 * statement runs as a query and its text is encoded (the same bytes).
 */
export async function runTextBytes(
  client: Pool | ClientBase,
  backend: DbBackend,
  statement: Statement | string,
  params: Params,
): Promise<Buffer> {
  const text = typeof statement === 'string' ? statement : statement.text;
  if (backend === 'embedded') {
    const { rows, fields } = await client.query<Record<string, unknown>>({
      text,
      values: params as unknown[],
    });
    if (rows.length !== 1 || fields.length !== 1)
      throw new Error(`expected one row of one column, got ${rows.length} rows of ${fields.length}`);
    const value = rows[0][fields[0].name];
    if (typeof value !== 'string') throw new Error('the value is not text');
    return Buffer.from(value, 'utf8');
  }
  // A pool lends a connection for the COPY (its stream takes the connection over); a client
  // (a caller's connection) is used as it is.
  const pooled = 'totalCount' in client;
  const connection: ClientBase = pooled ? await client.connect() : client;
  let broken: Error | undefined;
  // A lost connection also emits 'error' on the lent client, which nobody else listens to while
  // it is lent (see DbConnection): the COPY's own failure is what the caller sees.
  const lost = (error: Error): void => {
    broken ??= error;
  };
  if (pooled) connection.on('error', lost);
  try {
    const chunks: Buffer[] = [];
    const copy = connection.query(copyTo(`COPY (${inlineParams(text, params)}) TO STDOUT (FORMAT binary)`));
    for await (const chunk of copy) chunks.push(chunk as Buffer);
    return valueOfBinaryCopy(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A pool's connection taken here goes back (destroyed when the COPY failed part-way).
    if (pooled) {
      connection.removeListener('error', lost);
      (connection as PoolClient).release(broken && !isStatementError(broken) ? broken : undefined);
    }
  }
}

/** An error PostgreSQL answered (the connection is fine and back at ReadyForQuery). */
function isStatementError(error: Error): boolean {
  return typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}
