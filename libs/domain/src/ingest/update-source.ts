import { createReadStream } from 'node:fs';
import { Decompress } from 'fzstd';

/*
 * The files an ingest reads, streamed in constant memory (docs/compact-only.md "Loading
 * archives"): JSON Lines (one update per line: history files, bulk-download objects) or a saved
 * `POST /v2/updates` answer (`{"transactions": [...]}`), either of them plain or zstd-compressed
 * (`.zst`/`.zstd`, or the zstd magic number). Nothing is read whole: lines (or the items of the
 * answer's array) are cut from the bytes as they arrive and parsed one at a time.
 */

const LF = 0x0a;
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
/** Compressed bytes pushed through the decompressor at a time (see `zstdChunks`). */
const ZSTD_SLICE = 4096;

/** The bytes of a file as read, `onBytes` told of each chunk's size (the file's, before decompressing). */
export async function* fileChunks(file: string, onBytes?: (n: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(file)) {
    onBytes?.((chunk as Buffer).length);
    yield chunk as Buffer;
  }
}

/** Whether a file is zstd-compressed: by its name, else by its first bytes. */
export function isZstdName(file: string): boolean {
  return /\.zstd?$/i.test(file);
}

/**
 * The decompressed bytes of a zstd stream (one or more frames), chunk by chunk: each compressed
 * chunk is pushed through fzstd's streaming decompressor and what it gives is handed on (copied:
 * the decompressor reuses its window).
 */
export async function* zstdChunks(compressed: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let out: Buffer[] = [];
  const stream = new Decompress((data) => {
    if (data.length > 0) out.push(Buffer.from(data));
  });
  for await (const chunk of compressed) {
    // Pushed in slices, each one's output handed on before the next: a highly compressed chunk
    // would otherwise come out at once (JSON Lines of similar updates compress a hundredfold).
    for (let at = 0; at < chunk.length; at += ZSTD_SLICE) {
      stream.push(chunk.subarray(at, at + ZSTD_SLICE));
      if (out.length > 0) {
        const ready = out;
        out = [];
        yield* ready;
      }
    }
  }
  stream.push(new Uint8Array(0), true);
  yield* out;
}

/** Chunks with the first bytes looked at (up to `n`, fewer at the end of the stream). */
async function peek(
  chunks: AsyncIterable<Buffer>,
  n: number,
): Promise<{ head: Buffer; rest: AsyncGenerator<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    size += next.value.length;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* seen;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: Buffer.concat(seen).subarray(0, n), rest: rest() };
}

/**
 * The JSON values of JSON Lines, one per non-blank line. Lines end at \n, \r\n or a lone \r, as
 * `readline` has them; they are cut from the bytes as read (neither byte occurs inside a
 * multi-byte UTF-8 character) and decoded one by one. `name` prefixes parse errors.
 */
export async function* jsonLines(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<unknown> {
  let lineNo = 0;
  const parse = (line: string): unknown => {
    lineNo++;
    if (line.trim() === '') return undefined;
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new Error(`${name}:${lineNo}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
  };
  /** The values of the text between two \n (or after the last). */
  const values = (text: string): unknown[] => {
    if (!text.includes('\r')) {
      const value = parse(text);
      return value === undefined ? [] : [value];
    }
    // The \r of a \r\n ends the line; any other \r ends one too.
    const lines = (text.endsWith('\r') ? text.slice(0, -1) : text).split('\r');
    return lines.map(parse).filter((v) => v !== undefined);
  };
  let rest: Buffer | undefined;
  for await (const read of chunks) {
    const bytes = rest === undefined ? read : Buffer.concat([rest, read]);
    let start = 0;
    for (let end = bytes.indexOf(LF); end !== -1; end = bytes.indexOf(LF, start)) {
      const text = bytes.toString('utf8', start, end);
      start = end + 1;
      if (text.includes('\r')) yield* values(text);
      else {
        const value = parse(text);
        if (value !== undefined) yield value;
      }
    }
    rest = start < bytes.length ? bytes.subarray(start) : undefined;
  }
  if (rest !== undefined) yield* values(rest.toString('utf8'));
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** A saved `POST /v2/updates` answer starts so (its first member is the list). */
const RESPONSE_START = /^\s*\{\s*"transactions"\s*:\s*\[/;

/**
 * The items of a saved `POST /v2/updates` answer, `{"transactions": [item, ...]}`, one at a time:
 * the bytes of each item of the array are collected (structure told apart from strings by a
 * byte scanner) and parsed when it closes, so the answer is never held whole.
 */
export async function* responseItems(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<unknown> {
  // Where the scanner is: before the array's `[`, between items, inside an item, after the `]`.
  let state: 'before' | 'between' | 'item' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let count = 0;
  const item = (): unknown => {
    const text = Buffer.concat(parts).toString('utf8');
    parts = [];
    count++;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(`${name}: transactions[${count - 1}] is not valid JSON (${(error as Error).message})`, {
        cause: error,
      });
    }
  };
  for await (const bytes of chunks) {
    let itemStart = state === 'item' ? 0 : -1;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (state === 'after') break;
      if (state === 'before') {
        if (b === OPEN_BRACKET) state = 'between';
        continue;
      }
      if (state === 'between') {
        if (b === CLOSE_BRACKET) state = 'after';
        else if (b === OPEN_BRACE) {
          state = 'item';
          depth = 1;
          itemStart = i;
        } else if (b !== COMMA && b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09)
          throw new Error(`${name}: transactions[${count}] is not a JSON object`);
        continue;
      }
      // Inside an item.
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) {
          parts.push(bytes.subarray(itemStart, i + 1));
          itemStart = -1;
          state = 'between';
          yield item();
        }
      }
    }
    if (state === 'item' && itemStart !== -1) parts.push(Buffer.from(bytes.subarray(itemStart)));
  }
  if (state !== 'after') throw new Error(`${name}: ends before its "transactions" list does`);
}

export interface UpdateSourceOptions {
  /** Told of the size of each chunk read from the file (before decompressing). */
  onBytes?: (n: number) => void;
}

/**
 * The updates of an ingest file, in order: JSON Lines of update items, or a saved
 * `POST /v2/updates` answer, plain or zstd-compressed.
 */
export async function* readUpdateSource(
  file: string,
  options: UpdateSourceOptions = {},
): AsyncGenerator<unknown> {
  const raw = await peek(fileChunks(file, options.onBytes), ZSTD_MAGIC.length);
  const zstd = isZstdName(file) || raw.head.equals(ZSTD_MAGIC);
  const bytes = zstd ? zstdChunks(raw.rest) : raw.rest;
  // Enough of the text to see whether it opens an answer's list (whitespace of a pretty-printed file included).
  const text = await peek(bytes, 256);
  if (RESPONSE_START.test(text.head.toString('utf8'))) yield* responseItems(text.rest, file);
  else yield* jsonLines(text.rest, file);
}
