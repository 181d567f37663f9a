import {
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import { JsonText } from '@canton-scan/domain';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a handler's JsonText as it is, as `application/json; charset=utf-8` (what `res.json`
 * would send for the object it encodes), with its length; any other value goes on to Nest
 * unchanged.
 */
export class JsonTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value: unknown) => {
        if (!(value instanceof JsonText)) return value;
        // Bytes PostgreSQL wrote go to the socket as they are (never a string on the way).
        const bytes = value.bytes;
        if (bytes) return new StreamableFile(bytes, { type: JSON_TYPE, length: bytes.length });
        context.switchToHttp().getResponse<Response>().type('application/json');
        return value.text;
      }),
    );
  }
}
