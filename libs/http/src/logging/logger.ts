import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
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

const REQUEST_ID = /^[\w.-]{1,128}$/;
/** A health probe (`…/livez`, `…/readyz`): orchestrators ask every few seconds, so a healthy answer is logged at debug. */
const HEALTH_PROBE = /\/(?:livez|readyz)(?:\?|$)/;

/**
 * Request logging with a request id per request (the caller's `x-request-id`, else a new one),
 * echoed in the response header. One line when the answer is finished (`request completed`; at
 * info — debug for a healthy answer to a health probe —, warn for a 4xx, error for a 5xx) or when
 * the connection closes first (`request aborted`, warn), with the request (id, method, URL), the status and the time in ms. Nothing is built
 * for a line whose level is off: under `LOG_LEVEL=warn` a 200 costs a header and a listener
 * (pino-http made two child loggers, serialising the request, on every request).
 */
export function requestLogger(
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    const { method, url } = req;
    const start = Date.now();
    const done = (outcome: 'finish' | 'close') => {
      res.removeListener('finish', onFinish);
      res.removeListener('close', onClose);
      const aborted = outcome === 'close' && !res.writableFinished;
      const status = res.statusCode;
      const level = aborted
        ? 'warn'
        : status >= 500
          ? 'error'
          : status >= 400
            ? 'warn'
            : HEALTH_PROBE.test(url ?? '')
              ? 'debug'
              : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { req: { id, method, url }, res: { statusCode: status }, responseTime: Date.now() - start },
        aborted ? 'request aborted' : 'request completed',
      );
    };
    const onFinish = () => done('finish');
    const onClose = () => done('close');
    res.once('finish', onFinish);
    res.once('close', onClose);
    next();
  };
}

/**
 * NestJS's start-up narration: a line per module loaded, controller and route mapped, and the
 * "Starting"/"started" pair — about 35 lines per app.
 */
const FRAMEWORK_STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'WebSocketsController',
]);

/**
 * Routes NestJS's own messages into the same log. In the readable format (`npm start`) the
 * framework's start-up narration is at debug level (LOG_LEVEL=debug shows it), so that what a
 * developer sees is each app's one "up" line, the stack's banner and then the requests; the JSON
 * log keeps every line at info.
 */
export class PinoNestLogger implements LoggerService {
  constructor(
    private readonly logger: Logger,
    private readonly format: LogFormat = 'json',
  ) {}
  log(message: unknown, context?: string) {
    const quiet =
      this.format === 'pretty' && context !== undefined && FRAMEWORK_STARTUP_CONTEXTS.has(context);
    this.logger[quiet ? 'debug' : 'info']({ context }, String(message));
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
