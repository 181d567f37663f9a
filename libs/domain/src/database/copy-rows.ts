import type { PoolClient } from 'pg';
import type { DbConnection } from './db';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How a value is rendered into PostgreSQL's COPY text format. */
/** `jsonText`: a value already serialised to JSON text (written to a json column as is). */
export type CopyColumnKind =
  'text' | 'int' | 'numeric' | 'bool' | 'json' | 'jsonText' | 'textArray' | 'intArray' | 'timestamp';

export interface CopyColumn<R> {
  name: string;
  kind: CopyColumnKind;
  get: (row: R) => unknown;
}

const NULL = '\\N';

const NEEDS_ESCAPE = /[\\\t\n\r]/;

function escapeText(value: string): string {
  // COPY text format: backslash escapes, and tab/newline/carriage return as separators. Most
  // values (ids, and JSON, which escapes control characters itself) have none of them.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

const NEEDS_QUOTING = /["\\]/;

function arrayLiteral(values: readonly (string | number)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (typeof v === 'number') out += String(v);
    else out += `"${NEEDS_QUOTING.test(v) ? v.replace(/["\\]/g, (c) => `\\${c}`) : v}"`;
  }
  return `${out}}`;
}

function encode(kind: CopyColumnKind, value: unknown): string {
  if (value === null || value === undefined) return NULL;
  switch (kind) {
    case 'text':
    case 'timestamp':
    case 'jsonText':
      return escapeText(String(value));
    case 'int':
    case 'numeric':
      return String(value);
    case 'bool':
      return value ? 't' : 'f';
    case 'json': {
      // JSON text has no raw tab, newline or carriage return: only backslashes need escaping.
      const text = JSON.stringify(value);
      return text.includes('\\') ? escapeText(text) : text;
    }
    case 'textArray':
    case 'intArray':
      return escapeText(arrayLiteral(value as (string | number)[]));
  }
}

/** Roughly how many characters of COPY text go to the server at a time (memory stays flat for big batches). */
const CHUNK_CHARS = 1 << 20;

/** Rows as COPY text, in chunks of about `CHUNK_CHARS`, each joined once from its cells. */
function* copyTextChunks<R>(columns: CopyColumn<R>[], rows: readonly R[]): Generator<string> {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    for (let c = 0; c < columns.length; c++) {
      const cell = encode(columns[c].kind, columns[c].get(row));
      parts.push(cell, c === columns.length - 1 ? '\n' : '\t');
      size += cell.length;
    }
    if (size > CHUNK_CHARS) {
      yield parts.join('');
      parts.length = 0;
      size = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

/**
 * Rows encoded ahead of their load (`copyRows`' `encoded`): the COPY text a batch's write then
 * only sends, so that the server is not kept waiting on the encoding while it loads them.
 */
export function encodeRows<R>(columns: CopyColumn<R>[], rows: readonly R[]): string[] {
  return [...copyTextChunks(columns, rows)];
}

/**
 * Bulk-loads rows with COPY FROM STDIN (text format) on the given connection, inside whatever
 * transaction it is in: the fastest way PostgreSQL takes rows. The text is encoded as it is
 * sent, unless `encoded` has it already (`encodeRows` of the same rows).
 */
export async function copyRows<R>(
  client: PoolClient,
  table: string,
  columns: CopyColumn<R>[],
  rows: readonly R[],
  encoded?: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  const sql = `COPY ${table} (${columns.map((c) => `"${c.name}"`).join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(encoded ?? copyTextChunks(columns, rows)), client.query(copyFrom(sql)));
}

const SQL_TYPES: Record<CopyColumnKind, string> = {
  text: 'text',
  int: 'bigint',
  numeric: 'numeric',
  bool: 'boolean',
  // JSON travels as text and is cast to json: jsonb would reorder keys and respace the text, and
  // the stored text is what readers splice into responses (it must be what COPY stores).
  json: 'text',
  jsonText: 'text',
  textArray: 'text[]',
  intArray: 'integer[]',
  timestamp: 'timestamptz',
};

/**
 * The same load as `copyRows` through one `INSERT ... SELECT FROM jsonb_to_recordset($1)`:
 * for servers that do not speak COPY FROM STDIN (the embedded PGlite socket).
 */
export async function insertRowsAsJson<R>(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  table: string,
  columns: CopyColumn<R>[],
  rows: readonly R[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const asJson = (c: CopyColumn<R>) => c.kind === 'jsonText' || c.kind === 'json';
  const values = columns.map((c) => (asJson(c) ? `"${c.name}"::json` : `"${c.name}"`)).join(', ');
  const definition = columns.map((c) => `"${c.name}" ${SQL_TYPES[c.kind]}`).join(', ');
  const cell = (c: CopyColumn<R>, row: R): unknown => {
    const value = c.get(row) ?? null;
    return c.kind === 'json' && value !== null ? JSON.stringify(value) : value;
  };
  const docs = rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, cell(c, row)])));
  // Row ids are reserved up front (as with COPY), hence OVERRIDING SYSTEM VALUE.
  await query(
    `INSERT INTO ${table} (${names}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM jsonb_to_recordset($1::jsonb) AS x(${definition})`,
    [JSON.stringify(docs)],
  );
}

/** Column kinds by column name, in column order (the names are the row's own keys). */
export type ColumnKinds<R> = { [K in keyof R]?: CopyColumnKind };

/** Copy columns reading each row's field of the same name. */
export function columnsOf<R>(kinds: ColumnKinds<R>): CopyColumn<R>[] {
  return Object.entries(kinds).map(([name, kind]) => ({
    name,
    kind: kind as CopyColumnKind,
    get: (r: R) => r[name as keyof R],
  }));
}

/**
 * Bulk-loads rows on a held connection, in its transaction: COPY on a real server (of `encoded`,
 * the rows' `encodeRows`, when given), the JSON recordset on the embedded one (whose socket
 * does not speak COPY FROM STDIN).
 */
export async function loadRows<R>(
  connection: DbConnection,
  table: string,
  columns: CopyColumn<R>[],
  rows: readonly R[],
  encoded?: readonly string[],
): Promise<void> {
  if (connection.backend === 'postgres') await copyRows(connection.client, table, columns, rows, encoded);
  else await insertRowsAsJson((sql, params) => connection.query(sql, params), table, columns, rows);
}
