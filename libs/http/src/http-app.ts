import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { ReadReplicas, type HttpAppConfig, type RateLimitGroup } from '@canton-scan/domain';
import type { OpenApiDocument } from '@canton-scan/contracts';
import { mountDocs } from './docs/docs';
import type { ErrorResponder } from './errors/error-responder';
import { answerClientErrors } from './errors/client-error';
import { GroupExceptionFilter } from './errors/group-exception-filter';
import { JsonTextExpressAdapter } from './json-text-adapter';
import { requestLogger } from './logging/logger';
import type { AppMetrics } from './metrics/app-metrics';
import { RegistryPeerBlobs } from './registry/registry-peer-blobs';
import { mountMetrics } from './metrics/metrics.middleware';
import { rateLimitMiddleware } from './rate-limit/rate-limit.middleware';
import { jsonBody } from './validation/json-body';
import { openApiValidationMiddleware } from './validation/openapi-validator';

export interface GroupMount {
  /** The group's name in `RATE_LIMITS`. */
  name: RateLimitGroup;
  /** Base path of the group (`/api/scan`; empty for the root). */
  prefix: string;
  document: OpenApiDocument;
  respond: ErrorResponder;
  /** Where its docs live (`docs`, `docs/scan-proxy`). */
  docsPath: string;
  /**
   * A body sent without `Content-Type` is read as JSON (the ledger group, as Canton's JSON API
   * does; the wallet SDK's ledger client sends none). Otherwise such a body is a 415.
   */
  untypedBodyAsJson?: boolean;
}

/**
 * Wires the HTTP edge of an app, in order: metrics (`GET /metrics` and the request timings),
 * request logging with request ids, docs, rate limits
 * (when `RATE_LIMITS` has rules for its groups), then per group JSON parsing and spec validation
 * (unknown routes 404 there), and one exception filter that answers in the format of the group
 * the request was addressed to. The third argument is the app's slice of the config (body limit,
 * realm of the 401 challenge, rate limits, whether a proxy's `X-Forwarded-For` is trusted).
 */
export function configureGroups(
  app: INestApplication,
  logger: Logger,
  {
    bodyLimitBytes,
    realm,
    rateLimits,
    trustProxy,
  }: Pick<HttpAppConfig, 'bodyLimitBytes' | 'realm' | 'rateLimits' | 'trustProxy'>,
  groups: GroupMount[],
  metrics: AppMetrics,
): void {
  // Handlers answer JsonText (response text PostgreSQL wrote): the adapter sends it as it is.
  if (!(app.getHttpAdapter() instanceof JsonTextExpressAdapter))
    throw new Error(
      'create the app with jsonTextAdapter() (NestFactory.create(module, jsonTextAdapter(), …))',
    );
  const express = app.getHttpAdapter().getInstance() as {
    disable(name: string): void;
    set(name: string, value: unknown): void;
  };
  express.disable('x-powered-by');
  // No ETag: hashing every body costs more than it saves for an API whose answers are not cached.
  express.set('etag', false);
  // req.ip: the socket's address, or X-Forwarded-For as far as TRUST_PROXY trusts it.
  express.set('trust proxy', trustProxy);
  mountMetrics(app, metrics);
  registryPeerBlobsOf(app)?.observe(metrics.peerBlobFetchObserver());
  app.use(requestLogger(logger));
  mountDocs(
    app,
    groups.map((g) => ({ path: g.docsPath, document: g.document })),
  );
  const limiter = rateLimitMiddleware(rateLimits, groups);
  if (limiter) app.use(limiter);
  // Longest prefix first, so `/api/scan` never swallows a longer sibling.
  const ordered = [...groups].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const group of ordered) {
    app.use(
      group.prefix || '/',
      ...jsonBody(bodyLimitBytes, group.respond, group.untypedBodyAsJson),
      openApiValidationMiddleware(group.document, group.respond),
    );
  }
  // Each request reads one history: its reads stay on one replica (ReadReplicas.session). After
  // the body parsers, whose stream callbacks would not carry the session.
  const replicas = readReplicasOf(app);
  if (replicas && replicas.size > 0)
    app.use((_req: Request, _res: unknown, next: () => void) => replicas.session(next));
  const responderFor = (req: Request): ErrorResponder =>
    ordered.find(
      (g) => g.prefix === '' || req.originalUrl === g.prefix || req.originalUrl.startsWith(`${g.prefix}/`),
    )?.respond ?? ordered[ordered.length - 1].respond;
  app.useGlobalFilters(new GroupExceptionFilter(responderFor, logger, realm));
  // What the HTTP parser refuses has no URL to pick a group by; an app's groups share one format.
  answerClientErrors(app.getHttpServer() as Server, ordered[0].respond);
}

/** The registry's peer blob fetcher, in an app that mounts the token registry. */
function registryPeerBlobsOf(app: INestApplication): RegistryPeerBlobs | undefined {
  // Looked up in the module container, not with app.get: the app is Nest's exception proxy, and
  // an app.get that misses (an app without the registry, e.g. ledger-api) aborts the process.
  const { container } = app as unknown as {
    container?: { getModules(): Map<string, { providers: Map<unknown, { instance: unknown }> }> };
  };
  for (const module of container?.getModules().values() ?? []) {
    const instance = module.providers.get(RegistryPeerBlobs)?.instance;
    if (instance instanceof RegistryPeerBlobs) return instance;
  }
  return undefined;
}

/** The app's read replicas; undefined for an app without the DatabaseModule (a test's bare app). */
function readReplicasOf(app: INestApplication): ReadReplicas | undefined {
  try {
    return app.get(ReadReplicas, { strict: false });
  } catch {
    return undefined;
  }
}
