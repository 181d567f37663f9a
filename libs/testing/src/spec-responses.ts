import type { ValidateFunction } from 'ajv';
import type { OpenApiDocument } from '@canton-scan/contracts';
import { createSpecAjv } from '@canton-scan/http';

const validators = new WeakMap<OpenApiDocument, Map<string, ValidateFunction | null>>();

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function findOperation(
  document: OpenApiDocument,
  operationId: string,
): { template: string; method: string; op: Record<string, unknown> } {
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if ((op as { operationId?: string }).operationId === operationId)
        return { template, method, op: op as Record<string, unknown> };
    }
  }
  throw new Error(`operation ${operationId} is not in ${document.info.title}`);
}

/**
 * Asserts that a response (status, content type, body) is one the spec declares for the
 * operation: the status (or `default`) is listed and the body validates against its schema.
 */
export function expectResponseMatchesSpec(
  document: OpenApiDocument,
  operationId: string,
  response: { status: number; contentType?: string | null; body: unknown },
): void {
  const { template, method, op } = findOperation(document, operationId);
  const responses = op.responses as Record<string, { $ref?: string; content?: Record<string, unknown> }>;
  const key =
    String(response.status) in responses
      ? String(response.status)
      : 'default' in responses
        ? 'default'
        : undefined;
  if (!key)
    throw new Error(
      `${operationId} does not declare status ${response.status} (declares ${Object.keys(responses).join(', ')})`,
    );
  let declared = responses[key];
  let pointer = `spec#/paths/${escapePointer(template)}/${method}/responses/${key}`;
  if (declared.$ref) {
    pointer = `spec${declared.$ref}`;
    const path = declared.$ref.replace(/^#\//, '').split('/');
    let node: unknown = document;
    for (const segment of path) node = (node as Record<string, unknown>)[segment];
    declared = node as typeof declared;
  }
  const content = declared.content;
  if (!content) {
    if (response.body !== undefined && response.body !== '' && response.body !== null) {
      throw new Error(
        `${operationId} ${response.status} declares no body, got ${JSON.stringify(response.body)}`,
      );
    }
    return;
  }
  const mediaType = (response.contentType ?? '').split(';')[0].trim();
  if (!(mediaType in content)) {
    throw new Error(
      `${operationId} ${response.status} answered ${mediaType || 'no content type'}, spec declares ${Object.keys(content).join(', ')}`,
    );
  }
  const cacheKey = `${pointer}/content/${escapePointer(mediaType)}/schema`;
  let cache = validators.get(document);
  if (!cache) {
    cache = new Map();
    validators.set(document, cache);
  }
  if (!cache.has(cacheKey)) {
    const ajv = createSpecAjv(false);
    ajv.addSchema(document as object, 'spec');
    cache.set(cacheKey, ajv.compile({ $ref: cacheKey }));
  }
  const validate = cache.get(cacheKey)!;
  if (!validate(response.body)) {
    throw new Error(
      `${operationId} ${response.status} body does not match the spec: ${JSON.stringify(validate.errors?.slice(0, 3))}\nbody: ${JSON.stringify(response.body).slice(0, 2000)}`,
    );
  }
}
