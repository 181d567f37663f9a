import { escapeLiteral, type ClientBase, type Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DbBackend, Params, Statement } from './db';
import { StreamedBytes } from './streamed-bytes';

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
 * Reads a binary COPY of one row of one text column as it arrives (`push` each chunk, then
 * `end`): `value` settles with the value's bytes as a `StreamedBytes` once its header (signature,
 * flags, extension, field count, length) has come and, unless empty, its first byte; the rest is
 * handed on as it arrives. Anything else (no row, several columns, a NULL, a second row) is an
 * error: of `value` when seen before it settles, else of the StreamedBytes.
 */
export class BinaryCopyValueReader {
  private head: Buffer = Buffer.alloc(0);
  private streamed?: StreamedBytes;
  private left = 0;
  private tail: Buffer = Buffer.alloc(0);
  private settle!: { resolve: (value: StreamedBytes) => void; reject: (error: Error) => void };
  private settled = false;
  /** The value, once its header and first byte have come. */
  readonly value: Promise<StreamedBytes> = new Promise((resolve, reject) => {
    this.settle = { resolve, reject };
  });

  push(chunk: Buffer): void {
    if (this.settled && !this.streamed) return; // failed already
    if (!this.streamed) {
      this.head = this.head.length === 0 ? chunk : Buffer.concat([this.head, chunk]);
      const at = this.headerEnd();
      if (at === undefined) return;
      chunk = this.head.subarray(at);
      this.head = Buffer.alloc(0);
      if (!this.streamed) return;
    }
    const streamed = this.streamed;
    if (this.left > 0 && chunk.length > 0) {
      const take = Math.min(this.left, chunk.length);
      streamed.push(take === chunk.length ? chunk : chunk.subarray(0, take));
      this.left -= take;
      chunk = chunk.subarray(take);
    }
    if (chunk.length > 0) this.tail = this.tail.length === 0 ? chunk : Buffer.concat([this.tail, chunk]);
    if (!this.settled && (streamed.receivedBytes > 0 || this.left === 0)) this.resolve(streamed);
  }

  /** The COPY is complete. */
  end(): void {
    if (!this.streamed) {
      this.fail(
        new Error(
          this.head.length < SIGNATURE.length || !this.head.subarray(0, SIGNATURE.length).equals(SIGNATURE)
            ? 'not a binary COPY: no signature'
            : 'expected one row of one column, got an incomplete COPY',
        ),
      );
      return;
    }
    if (this.left > 0 || this.tail.length !== 2 || this.tail.readInt16BE(0) !== -1) {
      this.fail(new Error('expected one row of one column, then the end of the COPY'));
      return;
    }
    this.streamed.end();
    if (!this.settled) this.resolve(this.streamed);
  }

  /** The COPY failed (the statement, the connection). */
  fail(error: Error): void {
    if (!this.settled) {
      this.settled = true;
      this.settle.reject(error);
    }
    this.streamed?.fail(error);
  }

  private resolve(streamed: StreamedBytes): void {
    this.settled = true;
    this.settle.resolve(streamed);
  }

  /** Where the value starts in `head` once its header is whole (and `streamed` made); undefined before. */
  private headerEnd(): number | undefined {
    const head = this.head;
    if (head.length < 19) return undefined;
    if (!head.subarray(0, 11).equals(SIGNATURE)) {
      this.fail(new Error('not a binary COPY: no signature'));
      return head.length;
    }
    const at = 19 + head.readInt32BE(15); // signature, flags, extension length and area
    if (head.length < at + 2) return undefined;
    const fields = head.readInt16BE(at);
    if (fields !== 1) {
      this.fail(
        new Error(`expected one row of one column, got ${fields === -1 ? 'no row' : `${fields} columns`}`),
      );
      return head.length;
    }
    if (head.length < at + 6) return undefined;
    const length = head.readInt32BE(at + 2);
    if (length < 0) {
      this.fail(new Error('the value is NULL'));
      return head.length;
    }
    this.streamed = new StreamedBytes(length);
    this.left = length;
    return at + 6;
  }
}

/**
 * Runs a statement that returns one row of one text column and gives that text's UTF-8 bytes
 * without decoding them, as they arrive (`StreamedBytes`, settled once PostgreSQL has begun to
 * send the value: a statement error rejects, a failure part-way fails the StreamedBytes). On a
 * real server the statement runs as a binary `COPY (…) TO STDOUT` (parameters inlined), whose
 * bytes go from the socket to the caller as they are: a response PostgreSQL writes (an ACS page,
 * ~1 MB; an updates-before page, up to tens of MB) is then neither decoded into a string by the
 * driver nor encoded again for the socket, and can be sent on while the rest arrives. The
 * embedded server's socket does not speak COPY: there the statement runs as a query and its text
 * is encoded (the same bytes, whole).
 */
export async function streamTextBytes(
  client: Pool | ClientBase,
  backend: DbBackend,
  statement: Statement | string,
  params: Params,
): Promise<StreamedBytes> {
  const text = typeof statement === 'string' ? statement : statement.text;
  if (backend === 'embedded') {
    const { rows, fields } = await client.query<Record<string, unknown>>({
      text,
      values: params as unknown[],
    });
    if (rows.length !== 1 || fields.length !== 1)
      throw new Error(`expected one row of one column, got ${rows.length} rows of ${fields.length}`);
    const value = rows[0][fields[0].name];
    if (value === null) throw new Error('the value is NULL');
    if (typeof value !== 'string') throw new Error('the value is not text');
    return StreamedBytes.of(Buffer.from(value, 'utf8'));
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
  const reader = new BinaryCopyValueReader();
  // Read to the end whatever the consumer does (eagerly: the connection is not held by a slow one).
  void (async () => {
    try {
      const copy = connection.query(copyTo(`COPY (${inlineParams(text, params)}) TO STDOUT (FORMAT binary)`));
      for await (const chunk of copy) reader.push(chunk as Buffer);
      reader.end();
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      reader.fail(broken);
    } finally {
      // A pool's connection taken here goes back (destroyed when the COPY failed part-way).
      if (pooled) {
        connection.removeListener('error', lost);
        (connection as PoolClient).release(broken && !isStatementError(broken) ? broken : undefined);
      }
    }
  })();
  return reader.value;
}

/** `streamTextBytes`, the value whole. */
export async function runTextBytes(
  client: Pool | ClientBase,
  backend: DbBackend,
  statement: Statement | string,
  params: Params,
): Promise<Buffer> {
  return (await streamTextBytes(client, backend, statement, params)).all();
}

/** An error PostgreSQL answered (the connection is fine and back at ReadyForQuery). */
export function isStatementError(error: Error): boolean {
  return typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}
