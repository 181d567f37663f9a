import type { INestApplication } from '@nestjs/common';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OpenApiDocument } from '@canton-scan/contracts';

export interface DocsEntry {
  /** Mount path, e.g. `docs` or `docs/scan-proxy`. */
  path: string;
  document: OpenApiDocument;
}

/**
 * Serves each spec of `specs/` (the generated copy, unchanged) as Swagger UI at `/<path>` and
 * as JSON at `/<path>/openapi.json`.
 */
export function mountDocs(app: INestApplication, entries: DocsEntry[]): void {
  for (const entry of entries) {
    SwaggerModule.setup(entry.path, app, entry.document as unknown as OpenAPIObject, {
      jsonDocumentUrl: `${entry.path}/openapi.json`,
      yamlDocumentUrl: `${entry.path}/openapi.yaml`,
      customSiteTitle: entry.document.info.title,
    });
  }
}
