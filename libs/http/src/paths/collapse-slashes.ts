import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The request target with every run of slashes in its path collapsed to one (`//v2/updates` →
 * `/v2/updates`); the query is left as it is. The wallet SDK joins a bare-origin base URL and
 * `/v2/...` into `//v2/...`; a URL parser would even read that as a host (`new URL('//v2/x',
 * base)` is `http://v2/x`), so the path is normalised before anything parses it.
 */
export function collapseSlashes(target: string): string {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (!path.includes('//')) return target;
  return path.replace(/\/{2,}/g, '/') + (query === -1 ? '' : target.slice(query));
}

/** Express middleware applying `collapseSlashes` to `req.url` before any routing. */
export function collapseSlashesMiddleware(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.url = collapseSlashes(req.url);
    next();
  };
}
