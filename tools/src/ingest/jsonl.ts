import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** The JSON values of a JSON-lines file, one per non-blank line, streamed. */
export async function* readJsonLines(file: string, onBytes?: (n: number) => void): AsyncGenerator<unknown> {
  const stream = createReadStream(file);
  if (onBytes) stream.on('data', (chunk) => onBytes(chunk.length));
  let lineNo = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${lineNo}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
  }
}
