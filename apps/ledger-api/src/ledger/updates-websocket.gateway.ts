import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ValidateFunction } from 'ajv';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { ledgerSpec, type ledgerApi } from '@canton-scan/contracts';
import {
  DomainError,
  DomainErrorCode,
  isDatabaseUnavailable,
  LedgerActiveContractsService,
  LedgerUpdatesService,
  type AppConfig,
  type LedgerUser,
} from '@canton-scan/domain';
import {
  APP_CONFIG,
  bearerChallenge,
  clientAddressOf,
  collapseSlashes,
  createSpecAjv,
  domainErrorMapping,
  ledgerErrorBody,
  mappingOfStatus,
  RATE_LIMITED_LEDGER_CODE,
  rateLimitedMessage,
  takeRateLimitToken,
  TokenBuckets,
  type ErrorDetails,
  type ErrorMapping,
  type LedgerErrorBody,
} from '@canton-scan/http';
import { LEDGER_WS_AUTH_PROTOCOL, LedgerAuthenticator } from './ledger-auth';

/** Stop reading pages while this much is queued for a client; resume when it has drained. */
const HIGH_WATER_BYTES = 1024 * 1024;

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  500: 'Internal Server Error',
};

/** One streaming endpoint: the request its first message must be, and the items it answers with. */
interface StreamEndpoint {
  /** Schema name of the request in the ledger spec. */
  requestName: string;
  validate: ValidateFunction;
  stream(user: LedgerUser, request: unknown, signal: AbortSignal): AsyncIterable<unknown>;
}

/** An error as the ledger error body, plus the HTTP status it stands for (both from the error table). */
function describeError(error: unknown, logger: Logger): { status: number; body: LedgerErrorBody } {
  const answer = (
    { status, category, ledgerCode }: ErrorMapping,
    message: string,
    details?: ErrorDetails,
  ) => ({ status, body: ledgerErrorBody(category, ledgerCode, message, details) });
  if (error instanceof DomainError)
    return answer(domainErrorMapping(error.code), error.message, { context: error.context });
  const correlationId = randomUUID();
  if (isDatabaseUnavailable(error)) {
    logger.warn(`database unavailable (correlation id ${correlationId}): ${String(error)}`);
    return answer(
      mappingOfStatus(503),
      `the database is unavailable, try again later (correlation id ${correlationId})`,
    );
  }
  logger.error(
    `unhandled error (correlation id ${correlationId})`,
    error instanceof Error ? error.stack : String(error),
  );
  return answer(mappingOfStatus(500), `internal error (correlation id ${correlationId})`, { correlationId });
}

/**
 * The WebSocket forms of `/v2/updates`, `/v2/updates/flats` (the same stream) and
 * `/v2/state/active-contracts` (docs/ledger-api.md "Flats over WebSocket"): the token travels in
 * `Sec-WebSocket-Protocol: daml.ws.auth, jwt.token.<JWT>` (or `Authorization: Bearer`), checked
 * before the upgrade (401/403 with the ledger error body). The server accepts `daml.ws.auth`;
 * the client's first message is the request (GetUpdatesRequest, GetActiveContractsRequest); each
 * update (contract) is one message; a bounded range (the snapshot) closes (1000) after its last
 * item, an open-ended one follows the ledger as it grows.
 * A request error is one JsCantonError message, then close 1008 (1011 for internal errors); a
 * socket whose request does not arrive within `LEDGER_WS_FIRST_MSG_TIMEOUT_MS` is closed 1008.
 *
 * Backpressure: items are produced one at a time from page reads; while more than 1 MiB is
 * queued for the client the producer waits for the socket to drain, so a slow consumer holds
 * at most that plus one page in memory.
 */
@Injectable()
export class UpdatesWebSocketGateway implements OnModuleDestroy {
  private readonly server: WebSocketServer;
  private readonly logger = new Logger('LedgerWebSocket');
  /** Endpoints by full path (prefix included), set by `attach`. */
  private readonly endpoints = new Map<string, StreamEndpoint>();
  private readonly challenge: string;
  private readonly firstMessageTimeoutMs: number;
  private readonly config: AppConfig['ledgerApi'];
  /** RATE_LIMITS for upgrades, which express never sees (buckets of their own, per process). */
  private readonly buckets = new TokenBuckets();

  constructor(
    private readonly authenticator: LedgerAuthenticator,
    private readonly updates: LedgerUpdatesService,
    private readonly activeContracts: LedgerActiveContractsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.challenge = bearerChallenge(config.ledgerApi.realm);
    this.firstMessageTimeoutMs = config.ledgerApi.wsFirstMessageTimeoutMs;
    this.config = config.ledgerApi;
    this.server = new WebSocketServer({
      noServer: true,
      // The request message obeys the same size limit as HTTP bodies.
      maxPayload: config.ledgerApi.bodyLimitBytes,
      handleProtocols: (protocols) =>
        protocols.has(LEDGER_WS_AUTH_PROTOCOL) ? LEDGER_WS_AUTH_PROTOCOL : false,
    });
  }

  /** Serves upgrades of the streaming paths under `prefix` on the app's HTTP server; other upgrade requests get 404. */
  attach(httpServer: Server, prefix: string): void {
    const ajv = createSpecAjv(false);
    ajv.addSchema(ledgerSpec as object, 'spec');
    const endpoint = (requestName: string, stream: StreamEndpoint['stream']): StreamEndpoint => ({
      requestName,
      validate: ajv.compile({ $ref: `spec#/components/schemas/${requestName}` }),
      stream,
    });
    const updates = endpoint('GetUpdatesRequest', (user, request, signal) =>
      this.updates.streamUpdates(user, request as ledgerApi.GetUpdatesRequest, signal),
    );
    this.endpoints.set(`${prefix}/v2/updates`, updates);
    this.endpoints.set(`${prefix}/v2/updates/flats`, updates);
    this.endpoints.set(
      `${prefix}/v2/state/active-contracts`,
      endpoint('GetActiveContractsRequest', (user, request, signal) =>
        this.activeContracts.streamActiveContracts(
          user,
          request as ledgerApi.GetActiveContractsRequest,
          signal,
        ),
      ),
    );
    httpServer.on(
      'upgrade',
      (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(req, socket, head),
    );
  }

  onModuleDestroy(): void {
    for (const client of this.server.clients) client.close(1001, 'server shutting down');
    this.server.close();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    // `ws://host//v2/updates` (a bare-origin base URL joined with `/v2/...`) is `/v2/updates`.
    const pathname = new URL(collapseSlashes(req.url ?? '/'), 'http://localhost').pathname.replace(/\/$/, '');
    const endpoint = this.endpoints.get(pathname);
    if (!endpoint) {
      const { status, category, ledgerCode } = mappingOfStatus(404);
      return this.reject(
        socket,
        status,
        ledgerErrorBody(category, ledgerCode, `no WebSocket endpoint at ${pathname}`),
      );
    }
    const limited = takeRateLimitToken(
      this.config.rateLimits,
      this.buckets,
      'ledger',
      pathname.slice(this.config.prefix.length),
      clientAddressOf(req, this.config.trustProxy),
    );
    if (limited) {
      const body = ledgerErrorBody(
        'ABORTED',
        RATE_LIMITED_LEDGER_CODE,
        rateLimitedMessage(limited.rule, limited.retryAfter),
      );
      return this.reject(socket, 429, body, limited.retryAfter);
    }
    let user: LedgerUser;
    try {
      user = await this.authenticator.authenticate(req.headers);
    } catch (error) {
      const { status, body } = describeError(error, this.logger);
      return this.reject(socket, status, body);
    }
    this.server.handleUpgrade(req, socket, head, (ws) => this.serve(ws, user, endpoint));
  }

  private reject(socket: Duplex, status: number, body: LedgerErrorBody, retryAfter?: number): void {
    const payload = JSON.stringify(body);
    const headers = [
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(payload)}`,
      'Connection: close',
    ];
    if (status === 401) headers.push(`WWW-Authenticate: ${this.challenge}`);
    if (retryAfter !== undefined) headers.push(`Retry-After: ${retryAfter}`);
    socket.end(`${headers.join('\r\n')}\r\n\r\n${payload}`);
  }

  private serve(ws: WebSocket, user: LedgerUser, endpoint: StreamEndpoint): void {
    const closed = new AbortController();
    // A socket that never sends its request would be held open forever.
    const waiting = setTimeout(
      () => ws.close(1008, `no ${endpoint.requestName} within ${this.firstMessageTimeoutMs} ms`),
      this.firstMessageTimeoutMs,
    );
    ws.once('close', () => {
      clearTimeout(waiting);
      closed.abort();
    });
    ws.on('error', () => ws.terminate());
    ws.once('message', (data: RawData) => {
      clearTimeout(waiting);
      void this.stream(ws, user, endpoint, data, closed.signal);
    });
  }

  private async stream(
    ws: WebSocket,
    user: LedgerUser,
    endpoint: StreamEndpoint,
    data: RawData,
    signal: AbortSignal,
  ): Promise<void> {
    try {
      const request = this.parseRequest(endpoint, data);
      for await (const item of endpoint.stream(user, request, signal)) {
        if (ws.readyState !== WebSocket.OPEN) return;
        await this.send(ws, JSON.stringify(item));
      }
      if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'end of range');
    } catch (error) {
      if (ws.readyState !== WebSocket.OPEN) return;
      const { status, body } = describeError(error, this.logger);
      ws.send(JSON.stringify(body));
      ws.close(status >= 500 ? 1011 : 1008, body.code.slice(0, 100));
    }
  }

  private parseRequest({ requestName, validate }: StreamEndpoint, data: RawData): unknown {
    let request: unknown;
    try {
      request = JSON.parse(
        Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'),
      );
    } catch {
      throw new DomainError(
        DomainErrorCode.InvalidArgument,
        `the first message must be a ${requestName} in JSON: it is not valid JSON`,
      );
    }
    if (!validate(request)) {
      const [problem] = validate.errors ?? [];
      const where = `request${(problem?.instancePath ?? '').replace(/\//g, '.')}`;
      const detail =
        problem?.keyword === 'required'
          ? `.${(problem.params as { missingProperty: string }).missingProperty} is required`
          : ` ${problem?.message ?? 'is invalid'}`;
      throw new DomainError(DomainErrorCode.InvalidArgument, `${where}${detail}`);
    }
    return request;
  }

  /** Sends at once while little is queued; otherwise waits until this message is written out. */
  private send(ws: WebSocket, message: string): Promise<void> | void {
    if (ws.bufferedAmount < HIGH_WATER_BYTES) {
      ws.send(message);
      return;
    }
    return new Promise((resolve) => ws.send(message, () => resolve()));
  }
}
