import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { JsonText, type StreamedBytes } from '@canton-scan/domain';
import { JsonArrayStream, writeJsonArray } from './json-array-stream';

/**
 * Sends bytes PostgreSQL is sending (`StreamedBytes`) on as they arrive, as `application/json`
 * with their length (known from the start). Written without waiting for the socket: the bytes
 * are read eagerly anyway (the database connection is never held by a slow client), so waiting
 * would save no memory. A failure part-way (the connection to PostgreSQL lost) is thrown with
 * `res.headersSent` set, and the exception filter cuts the connection: the client sees fewer
 * bytes than the length said, never a shorter well-formed body. A client gone: nothing more is
 * written.
 */
export async function writeStreamedBytes(
  res: Response,
  body: StreamedBytes,
  statusCode = 200,
): Promise<void> {
  res.status(statusCode);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(body.length));
  for await (const chunk of body.chunks()) {
    if (res.destroyed) return;
    res.write(chunk);
  }
  if (!res.destroyed) res.end();
}

/**
 * Nest's express adapter, which also sends a handler's JsonText as it is: its bytes when it holds
 * PostgreSQL's undecoded bytes, else its text, as `application/json; charset=utf-8` (what
 * `res.json` would send for the object it encodes) with its length, bytes still arriving as they
 * come (`writeStreamedBytes`); and a JsonArrayStream as its items are produced
 * (`writeJsonArray`). Any other value goes to Nest's own reply. Done here rather than in a global
 * interceptor, which would put every request of every route through an rxjs pipeline (~0.1 M
 * instructions a request, ~10 % of the floor).
 */
export class JsonTextExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof JsonArrayStream) return writeJsonArray(response, body.items, statusCode);
    if (!(body instanceof JsonText)) return super.reply(response, body, statusCode);
    const stream = body.stream;
    if (stream) return writeStreamedBytes(response, stream, statusCode);
    if (statusCode !== undefined) response.status(statusCode);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    return response.send(body.bytes ?? body.text);
  }

  /**
   * The HTTP server, whose requests and responses are made with express's own prototypes
   * (`expressPrototypes`). Options this does not cover (HTTPS, 503 while closing, tracking
   * connections) go to Nest's own server.
   */
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.return503OnClosing || options?.forceCloseConnections) {
      super.initHttpServer(options);
      return;
    }
    this.httpServer = createServer(expressPrototypes(this.getInstance()), this.getInstance());
  }
}

/**
 * Request and response classes whose instances already have the prototypes express gives every
 * request it handles (`app.request`, `app.response`). Express still sets them per request, but
 * setting an object's prototype to the one it has changes nothing, whereas changing it on every
 * request cost each object its hidden class: each later property access on `req` and `res` then
 * went through V8's slow lookup path (docs/performance.md "Per-request work in scan-api").
 */
export function expressPrototypes(app: { request: object; response: object }): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    Reflect.apply(IncomingMessage, this, [socket]);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: unknown): void {
    Reflect.apply(ServerResponse, this, [req, options]);
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}

/** The HTTP adapter every API app is created with (`NestFactory.create(module, jsonTextAdapter(), …)`). */
export function jsonTextAdapter(): JsonTextExpressAdapter {
  return new JsonTextExpressAdapter();
}
