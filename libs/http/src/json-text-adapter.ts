import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { JsonText } from '@canton-scan/domain';
import { JsonArrayStream, writeJsonArray } from './json-array-stream';

/**
 * Nest's express adapter, which also sends a handler's JsonText as it is: its bytes when it holds
 * PostgreSQL's undecoded bytes, else its text, as `application/json; charset=utf-8` (what
 * `res.json` would send for the object it encodes) with its length; and a JsonArrayStream as its
 * items are produced (`writeJsonArray`). Any other value goes to Nest's own reply. Done here rather than in a global interceptor, which would put every request
 * of every route through an rxjs pipeline (~0.1 M instructions a request, ~10 % of the floor).
 */
export class JsonTextExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof JsonArrayStream) return writeJsonArray(response, body.items, statusCode);
    if (!(body instanceof JsonText)) return super.reply(response, body, statusCode);
    if (statusCode !== undefined) response.status(statusCode);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    return response.send(body.bytes ?? body.text);
  }
}

/** The HTTP adapter every API app is created with (`NestFactory.create(module, jsonTextAdapter(), …)`). */
export function jsonTextAdapter(): JsonTextExpressAdapter {
  return new JsonTextExpressAdapter();
}
