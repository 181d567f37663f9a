import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DomainError, DomainErrorCode, isDatabaseUnavailable } from '@canton-scan/domain';
import type { ErrorResponder } from './error-responder';

/** HTTP status of each domain error (shared by every group; the body format is the group's). */
export function statusOf(code: DomainErrorCode): number {
  switch (code) {
    case DomainErrorCode.NotFound:
      return 404;
    case DomainErrorCode.InvalidArgument:
    case DomainErrorCode.PrunedDataAccessed:
    case DomainErrorCode.InconsistentHistory:
      return 400;
    case DomainErrorCode.ContractInFlight:
      return 409;
    case DomainErrorCode.ListLimitExceeded:
      return 413;
    case DomainErrorCode.Unauthenticated:
      return 401;
    case DomainErrorCode.PermissionDenied:
      return 403;
    case DomainErrorCode.Unavailable:
      return 503;
  }
}

/** Codes that keep their name in the ledger error body (plain invalid arguments are text/plain). */
function ledgerCodeOf(code: DomainErrorCode): string | undefined {
  return code === DomainErrorCode.InvalidArgument ? undefined : code;
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
    private readonly realm = 'canton-scan-stack',
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    const respond = this.responderFor(req);
    if (exception instanceof DomainError) {
      if (exception.code === DomainErrorCode.Unauthenticated)
        res.setHeader('WWW-Authenticate', `Bearer realm="${this.realm}"`);
      respond(res, statusOf(exception.code), exception.message, {
        code: ledgerCodeOf(exception.code),
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
}
