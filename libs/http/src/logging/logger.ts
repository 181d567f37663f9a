import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from '@canton-scan/domain';

/**
 * The logger of a process, tagged with the app name: JSON lines on stdout (`json`, production),
 * or readable lines through pino-pretty (`pretty`, `npm start`). `out` replaces stdout (tests).
 */
export function createLogger(
  app: string,
  level: string,
  format: LogFormat = 'json',
  out?: NodeJS.WritableStream,
): Logger {
  const options = { level, base: { app }, timestamp: pino.stdTimeFunctions.isoTime };
  const destination = logDestination(format, out);
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Where a logger of that format writes: pino-pretty's stream, or plain JSON to `out` (undefined:
 * pino's own stdout destination).
 */
export function logDestination(
  format: LogFormat,
  out?: NodeJS.WritableStream,
): DestinationStream | NodeJS.WritableStream | undefined {
  switch (format) {
    case 'pretty':
      return pinoPretty({
        destination: out ?? 1,
        sync: out === undefined,
        colorize: out === undefined && process.stdout.isTTY,
        translateTime: 'SYS:HH:MM:ss.l',
        // One line per request and per Nest message: the fields JSON keeps apart go into the line.
        ignore: 'pid,hostname,app,context,req,res,responseTime',
        messageFormat:
          '[{app}] {if context}{context}: {end}{msg}' +
          '{if req.method} {req.method} {req.url} {res.statusCode} {responseTime} ms ({req.id}){end}',
      });
    case 'json':
      return out;
  }
}

/** Request logging with a request id per request (the caller's `x-request-id`, else a new one). */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/** Routes NestJS's own messages into the same JSON log. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
