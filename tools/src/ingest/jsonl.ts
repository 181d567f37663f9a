import { fileChunks, jsonLines } from '@canton-scan/domain';

/**
 * The JSON values of a JSON-lines file, one per non-blank line, streamed (the domain's
 * `jsonLines` over the file's bytes; lines end at \n, \r\n or a lone \r, as `readline` has them).
 */
export function readJsonLines(file: string, onBytes?: (n: number) => void): AsyncGenerator<unknown> {
  return jsonLines(fileChunks(file, onBytes), file);
}
