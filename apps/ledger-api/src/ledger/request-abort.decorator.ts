import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';

/** An AbortSignal that fires when the client goes away before the response was sent (stops waiting reads). */
export const RequestAbortSignal = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AbortSignal => {
    const res = ctx.switchToHttp().getResponse<Response>();
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    return controller.signal;
  },
);
