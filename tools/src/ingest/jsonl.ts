import { createReadStream } from 'node:fs';

const LF = 0x0a;

/**
 * The JSON values of a JSON-lines file, one per non-blank line, streamed. Lines end at \n, \r\n
 * or a lone \r, as `readline` has them; they are cut from the file's bytes as read (neither byte
 * occurs inside a multi-byte UTF-8 character) and decoded one by one, with no per-line events.
 */
export async function* readJsonLines(file: string, onBytes?: (n: number) => void): AsyncGenerator<unknown> {
  let lineNo = 0;
  const parse = (line: string): unknown => {
    lineNo++;
    if (line.trim() === '') return undefined;
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${lineNo}: not valid JSON (${(error as Error).message})`, { cause: error });
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
  for await (const chunk of createReadStream(file)) {
    const read = chunk as Buffer;
    onBytes?.(read.length);
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
