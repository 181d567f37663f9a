import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { UNMATCHED_ROUTE, type AppMetrics } from './app-metrics';

declare module 'express-serve-static-core' {
  interface Request {
    /** The route pattern the request matched (the spec's path template under the group's prefix). */
    routePattern?: string;
  }
}

/** Path of the Prometheus endpoint, at the root of every app (outside the groups' prefixes). */
export const METRICS_PATH = '/metrics';

/**
 * Serves `GET /metrics` and times every other request: one hrtime when it arrives, one
 * histogram observation when its response is finished, labelled with the route pattern it
 * matched (the spec's path template, set by the validation middleware, else the Nest route),
 * never its raw URL. Mount it first: before the rate limits (never limited) and the groups.
 */
export function mountMetrics(app: INestApplication, metrics: AppMetrics): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      metrics.scrape().then(({ contentType, body }) => res.status(200).type(contentType).send(body), next);
      return;
    }
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const route =
        req.routePattern ??
        (req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : UNMATCHED_ROUTE);
      metrics.observeRequest(
        req.method,
        route,
        res.statusCode,
        Number(process.hrtime.bigint() - start) / 1e9,
      );
    });
    next();
  });
}
