import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DomainError, DomainErrorCode, isDatabaseUnavailable } from '@canton-scan/domain';
import type { ErrorResponder } from './error-responder';
import { domainErrorMapping } from './error-table';

/** `WWW-Authenticate` value of a 401 answer (the realm is the app's `AUTH_REALM`). */
export function bearerChallenge(realm: string): string {
  return `Bearer realm="${realm}"`;
}

/**
 * The one exception filter of an app: domain errors become the group's error body with their
 * status; the database being down is a 503; anything else a 500 with a correlation id whose
 * detail goes to the log, never to the client.
 */
@Catch()
export class GroupExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly responderFor: (req: Request) => ErrorResponder,
    private readonly logger: Logger,
    private readonly realm: string,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return this.cutOff(exception, res);
    const respond = this.responderFor(req);
    if (exception instanceof DomainError) {
      if (exception.code === DomainErrorCode.Unauthenticated)
        res.setHeader('WWW-Authenticate', bearerChallenge(this.realm));
      if (exception.retryAfterSeconds !== undefined)
        res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      const mapping = domainErrorMapping(exception.code);
      respond(res, mapping.status, exception.message, {
        // Without a code the ledger group answers a plain-text 400.
        code: mapping.ledgerPlainText ? undefined : mapping.ledgerCode,
        category: mapping.category,
        context: exception.context,
      });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const message =
        typeof body === 'string' ? body : ((body as { message?: unknown }).message ?? exception.message);
      respond(res, status, Array.isArray(message) ? message.join('; ') : String(message));
      return;
    }
    const correlationId = randomUUID();
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ correlationId, err: exception }, 'database unavailable');
      respond(res, 503, `the database is unavailable, try again later (correlation id ${correlationId})`, {
        correlationId,
      });
      return;
    }
    this.logger.error({ correlationId, err: exception }, 'unhandled error');
    respond(res, 500, `internal error (correlation id ${correlationId})`, { correlationId });
  }

  /**
   * An error after the status went out (an answer written in pieces, `writeJsonArray`) cannot
   * become a status code any more: the connection is cut without ending the body, so the client
   * sees an incomplete answer (a chunked body without its last chunk), never a complete-looking
   * shorter one; the error goes to the log under a correlation id.
   */
  private cutOff(exception: unknown, res: Response): void {
    // An answer that was complete stays as it was.
    if (res.writableEnded) return;
    if (!res.destroyed) {
      this.logger.error(
        { correlationId: randomUUID(), err: exception },
        'error after the answer started: connection cut',
      );
    }
    res.destroy();
  }
}
