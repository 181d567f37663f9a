import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The request's input as checked against the spec by the validation middleware (path, query
 * and body, coerced and with defaults), typed as the generated `<Operation>Data`.
 */
export const ValidInput = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!req.validated)
    throw new Error(`no validated input for ${req.method} ${req.originalUrl}: route missing from the spec`);
  return req.validated;
});
