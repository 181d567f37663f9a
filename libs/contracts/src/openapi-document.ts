/** A parsed OpenAPI 3.0 document (structure kept loose; the validator walks it). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: { url: string; [key: string]: unknown }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}
