import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { ScanApiConfig, ScanUiConfig } from '@canton-scan/domain';

/** A build is complete when Vite wrote its manifest (the source folder has an index.html too). */
const isBuilt = (dir: string) =>
  existsSync(join(dir, 'index.html')) && existsSync(join(dir, '.vite/manifest.json'));

/**
 * Where the built UI is: `SCAN_UI_DIR`, else `dist/apps/scan-ui` beside the compiled app (the
 * workspace build and an app bundle keep the workspace layout), else under the working directory
 * (the app run from its sources, as the tests do).
 */
export function scanUiDir(ui: ScanUiConfig): string | undefined {
  if (ui.dir !== undefined) return existsSync(join(ui.dir, 'index.html')) ? resolve(ui.dir) : undefined;
  return [resolve(__dirname, '../../../scan-ui'), resolve(process.cwd(), 'dist/apps/scan-ui')].find(isBuilt);
}

/** Hashed file names change with their content: cache them for a year; everything else revalidates. */
function setCacheHeaders(res: Response, path: string): void {
  res.setHeader(
    'Cache-Control',
    /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * Serves the explorer at `/`: its files, and `index.html` for any other GET outside the API
 * groups, the docs and the health and metrics endpoints, so deep links (`/updates/<id>`) load the
 * app, which routes them. Off when `SCAN_UI_ENABLED=false`; logged and skipped when not built.
 */
export function mountScanUi(
  app: NestExpressApplication,
  config: ScanApiConfig,
  logger: Logger,
  /** Readable logs: the folder served is a detail (debug); the app's "up" line names the UI's URL. */
  quiet = false,
): void {
  if (!config.ui.enabled) return;
  const dir = scanUiDir(config.ui);
  if (dir === undefined) {
    logger.warn(
      config.ui.dir !== undefined
        ? `SCAN_UI_DIR=${config.ui.dir} holds no index.html: the explorer UI is not served`
        : 'the explorer UI is enabled (SCAN_UI_ENABLED) but not built: run `npx nx build scan-ui` (npm start builds it); not serving it',
    );
    return;
  }
  const groups = [config.prefix, config.validatorPrefix];
  if (groups.includes('')) {
    logger.warn('the explorer UI is not served: an API group is mounted at the root path');
    return;
  }
  const reserved = [...groups, '/docs', '/livez', '/readyz', '/metrics'];
  const isReserved = (path: string) => reserved.some((p) => path === p || path.startsWith(`${p}/`));
  // One middleware in front of the API routes: an API, docs or health request passes through
  // without a file-system lookup (serving static files first would stat every API path).
  const files = express.static(dir, { index: false, setHeaders: setCacheHeaders });
  const indexHtml = join(dir, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isReserved(req.path)) return next();
    files(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      // A missing file (a path with an extension) stays a 404, not the app's HTML.
      if (/\.[a-z0-9]+$/i.test(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  });
  logger[quiet ? 'debug' : 'info']({ dir }, 'serving the explorer UI at /');
}
