import type { Response } from 'express';

/**
 * Characters of rendered items gathered before they are written: large enough that a long answer
 * is a few dozen writes rather than one per item, small enough that a piece is an ordinary short-
 * lived string. What matters for memory is that each item is garbage once rendered: items held
 * until a whole answer was collected lived through young collections and were promoted to V8's
 * old space (docs/performance.md "Issue 32 item 4").
 */
export const JSON_ARRAY_PIECE_CHARS = 16 * 1024;

/**
 * A handler's answer that is a JSON array of `items`, written as they are produced instead of as
 * one string (see `writeJsonArray`). The adapter (`jsonTextAdapter()`) sends it.
 */
export class JsonArrayStream<T> {
  constructor(readonly items: AsyncIterable<T>) {}
}

/**
 * Writes `items` as the JSON array `res.json([...items])` would send, byte for byte, with the
 * same `Content-Type`, in pieces of about `JSON_ARRAY_PIECE_CHARS` rendered as the items arrive.
 *
 * An answer that fits one piece is sent at its end with its `Content-Length`, as before; a longer
 * one starts once its first piece is full, without a length (chunked), and each further item is
 * pulled once the previous pieces were taken by the socket (backpressure: a slow client pauses
 * the reads behind `items`). Once the client has gone nothing more is pulled: the iteration is
 * ended (its `finally` runs).
 *
 * Errors: until the first piece is written nothing has been sent, so an error of `items` is
 * thrown as it is (the exception filter answers it with its status). After that the status has
 * gone out as 200: the error is thrown with `res.headersSent` set, and whoever catches it must
 * cut the connection rather than end the answer (`GroupExceptionFilter` does), so the client
 * sees an incomplete body, never a shorter well-formed list.
 */
export async function writeJsonArray(
  res: Response,
  items: AsyncIterable<unknown>,
  statusCode = 200,
): Promise<void> {
  let piece = '[';
  let first = true;
  let started = false;
  for await (const item of items) {
    // The client went away: stop pulling (this ends the iteration).
    if (res.destroyed) return;
    piece += first ? JSON.stringify(item) : `,${JSON.stringify(item)}`;
    first = false;
    if (piece.length < JSON_ARRAY_PIECE_CHARS) continue;
    if (!started) {
      res.status(statusCode);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      started = true;
    }
    const more = res.write(piece);
    piece = '';
    if (!more) await drainedOrClosed(res);
  }
  if (res.destroyed) return;
  piece += ']';
  if (started) {
    res.end(piece);
    return;
  }
  res.status(statusCode);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(piece);
}

/** Resolves once `res` can take more, or once its connection closed. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
