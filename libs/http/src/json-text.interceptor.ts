import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import { JsonText } from '@canton-scan/domain';

/**
 * Sends a handler's JsonText as it is, as `application/json; charset=utf-8` (what `res.json`
 * would send for the object it encodes); any other value goes on to Nest unchanged.
 */
export class JsonTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value: unknown) => {
        if (!(value instanceof JsonText)) return value;
        context.switchToHttp().getResponse<Response>().type('application/json');
        return value.text;
      }),
    );
  }
}
