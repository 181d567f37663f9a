export * from './generated';
export type { OpenApiDocument } from './openapi-document';
