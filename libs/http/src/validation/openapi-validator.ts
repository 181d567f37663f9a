import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import { isStorableTimestamp } from '@canton-scan/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OpenApiDocument } from '@canton-scan/contracts';
import type { ErrorResponder } from '../errors/error-responder';

/** What the validator leaves on the request for the controller: coerced, defaulted, checked. */
export interface ValidatedInput {
  operationId: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

declare module 'express-serve-static-core' {
  interface Request {
    validated?: ValidatedInput;
  }
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

interface CompiledOperation {
  method: string;
  template: string;
  operationId: string;
  regex: RegExp;
  pathParams: string[];
  /** The query parameters the operation declares; others are ignored, never read. */
  queryParams: string[];
  validatePath: ValidateFunction;
  validateQuery: ValidateFunction;
  validateBody?: ValidateFunction;
  bodyRequired: boolean;
  acceptsBody: boolean;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const RFC3339 = fullFormats['date-time'] as { validate: (s: string) => boolean };

/** Ajv set up for OpenAPI 3.0 schemas: formats (int32/int64 included), defaults, optional coercion. */
export function createSpecAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    discriminator: false,
    // Errors carry the offending value (to tell an int64 from one JSON cannot carry exactly).
    verbose: true,
  });
  addFormats(ajv);
  // RFC 3339, and an instant the store can hold (no year 0000, no leap second).
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (s: string) => RFC3339.validate(s) && isStorableTimestamp(s),
  });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', {
    type: 'number',
    validate: (n: number) => Number.isSafeInteger(n) && BigInt(n) <= INT64_MAX && BigInt(n) >= INT64_MIN,
  });
  return ajv;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function templateToRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = template
    .split('/')
    .map((part) => {
      const m = /^\{(.+)\}$/.exec(part);
      if (m) {
        names.push(m[1]);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}/?$`), names };
}

function describe(error: ErrorObject, location: string): string {
  const where = `${location}${error.instancePath.replace(/\//g, '.').replace(/\.(\d+)(?=\.|$)/g, '[$1]')}`;
  switch (error.keyword) {
    case 'required':
      return `${where}.${(error.params as { missingProperty: string }).missingProperty} is required`;
    case 'additionalProperties':
      return `${where}.${(error.params as { additionalProperty: string }).additionalProperty} is not allowed`;
    case 'enum':
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format': {
      const format = (error.params as { format: string }).format;
      if (format === 'int64' && isBeyondExactJson(error.data))
        return `${where} is beyond 2^53-1 (9007199254740991), the largest integer a JSON number carries exactly here; it is a valid int64 but cannot be taken without losing digits`;
      return `${where} must be a valid ${format}${formatHint(format)}`;
    }
    case 'type':
      return `${where} must be of type ${(error.params as { type: string }).type}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

/** An integer inside int64 that JSON parsing may already have rounded (beyond 2^53). */
function isBeyondExactJson(value: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    !Number.isSafeInteger(value) &&
    Math.abs(value) <= 2 ** 63
  );
}

function formatHint(format: string): string {
  switch (format) {
    case 'date-time':
      return ' (ISO-8601 with time zone, from 0001-01-01 to 9999-12-31, e.g. 2026-01-05T10:00:00.000000Z)';
    case 'int64':
      return ' (integer between -2^63 and 2^63-1)';
    case 'int32':
      return ' (integer between -2^31 and 2^31-1)';
    default:
      return '';
  }
}

/** Operations of an OpenAPI document compiled into request validators. */
export class OpenApiRequestValidator {
  private readonly operations: CompiledOperation[] = [];

  constructor(document: OpenApiDocument) {
    const coercing = createSpecAjv(true);
    const strict = createSpecAjv(false);
    coercing.addSchema(document as object, 'spec');
    strict.addSchema(document as object, 'spec');
    for (const [template, item] of Object.entries(document.paths)) {
      const shared = (item.parameters as ParameterObject[] | undefined) ?? [];
      for (const method of HTTP_METHODS) {
        const op = item[method] as
          | {
              operationId?: string;
              parameters?: ParameterObject[];
              requestBody?: { required?: boolean; content?: Record<string, unknown> };
            }
          | undefined;
        if (!op) continue;
        const params = [...shared, ...(op.parameters ?? [])].map((p) => this.deref(document, p));
        const { regex, names } = templateToRegex(template);
        const toSchema = (where: 'path' | 'query') => {
          const selected = params.filter((p) => p.in === where);
          return {
            type: 'object',
            properties: Object.fromEntries(selected.map((p) => [p.name, p.schema ?? {}])),
            required: selected.filter((p) => p.required || where === 'path').map((p) => p.name),
          };
        };
        // Parameter schemas may $ref components: compile them in the document's scope.
        const compileInScope = (ajv: Ajv, schema: object, where: string) =>
          ajv.compile({ $id: `op:${method}:${template}:${where}`, ...rebase(schema) });
        const operation: CompiledOperation = {
          method: method.toUpperCase(),
          template,
          operationId: op.operationId ?? `${method} ${template}`,
          regex,
          pathParams: names,
          queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
          validatePath: compileInScope(coercing, toSchema('path'), 'path'),
          validateQuery: compileInScope(coercing, toSchema('query'), 'query'),
          bodyRequired: op.requestBody?.required ?? false,
          acceptsBody: op.requestBody !== undefined,
        };
        // A request body may itself be a $ref into components/requestBodies.
        const bodyRef = (op.requestBody as { $ref?: string } | undefined)?.$ref;
        const requestBody = bodyRef
          ? (this.resolvePointer(document, bodyRef) as typeof op.requestBody)
          : op.requestBody;
        const bodyBase = bodyRef
          ? `spec${bodyRef}`
          : `spec#/paths/${escapePointer(template)}/${method}/requestBody`;
        operation.bodyRequired = requestBody?.required ?? false;
        if (requestBody?.content?.['application/json']) {
          operation.validateBody = strict.compile({ $ref: `${bodyBase}/content/application~1json/schema` });
        }
        this.operations.push(operation);
      }
    }
  }

  private deref(document: OpenApiDocument, value: ParameterObject | { $ref: string }): ParameterObject {
    return '$ref' in value ? (this.resolvePointer(document, value.$ref) as ParameterObject) : value;
  }

  private resolvePointer(document: OpenApiDocument, ref: string): unknown {
    let node: unknown = document;
    for (const segment of ref.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  }

  /** Finds the operation for a method and a path relative to the group base. */
  match(
    method: string,
    path: string,
  ): { operation?: CompiledOperation; pathExists: boolean; params: Record<string, string> } {
    let pathExists = false;
    for (const operation of this.operations) {
      const m = operation.regex.exec(path);
      if (!m) continue;
      pathExists = true;
      if (operation.method === method || (method === 'HEAD' && operation.method === 'GET')) {
        const params: Record<string, string> = {};
        operation.pathParams.forEach((name, i) => {
          params[name] = safeDecode(m[i + 1]);
        });
        return { operation, pathExists, params };
      }
    }
    return { pathExists, params: {} };
  }

  allowedMethods(path: string): string[] {
    return this.operations.filter((o) => o.regex.test(path)).map((o) => o.method);
  }

  /** Validates one request; returns the validated input or a message naming the field and problem. */
  validate(
    operation: CompiledOperation,
    params: Record<string, string>,
    query: Record<string, unknown>,
    body: unknown,
    hasBody: boolean,
  ): { input: ValidatedInput } | { error: string } {
    const path: Record<string, unknown> = { ...params };
    if (!operation.validatePath(path)) return { error: describe(operation.validatePath.errors![0], 'path') };
    const q: Record<string, unknown> = { ...query };
    if (!operation.validateQuery(q)) return { error: describe(operation.validateQuery.errors![0], 'query') };
    if (operation.validateBody) {
      if (!hasBody) {
        if (operation.bodyRequired) return { error: 'request body is required (application/json)' };
      } else if (!operation.validateBody(body)) {
        return { error: describe(operation.validateBody.errors![0], 'body') };
      }
    }
    // Only declared query parameters reach a statement: an undeclared one is ignored, NUL or not.
    const declared = Object.fromEntries(operation.queryParams.filter((n) => n in q).map((n) => [n, q[n]]));
    const nul =
      findNul(path, 'path') ?? findNul(declared, 'query') ?? (hasBody ? findNul(body, 'body') : undefined);
    if (nul)
      return {
        error: `${nul} must not contain the NUL character (\\u0000), which PostgreSQL text cannot hold`,
      };
    return {
      input: { operationId: operation.operationId, path, query: q, body: hasBody ? body : undefined },
    };
  }
}

/** Where a string (value or member name) holds U+0000, as `body.party_ids[2]`; undefined when none does. */
function findNul(value: unknown, where: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? where : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${where}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${where} member name ${JSON.stringify(key)}`;
      const found = findNul(member, `${where}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** `#/components/...` refs inside a standalone schema point into the registered document. */
function rebase(schema: object): object {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `spec${value}` : value,
  ) as object;
}

function carriesBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Express middleware for one group mounted at its base path: unknown routes are 404, wrong
 * methods 405, and every request is checked against the spec before any controller runs.
 */
export function openApiValidationMiddleware(
  document: OpenApiDocument,
  respond: ErrorResponder,
): RequestHandler {
  const validator = new OpenApiRequestValidator(document);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const { operation, pathExists, params } = validator.match(req.method, path);
    if (!operation) {
      if (pathExists) {
        res.setHeader('Allow', validator.allowedMethods(path).join(', '));
        respond(res, 405, `method ${req.method} is not allowed on ${req.originalUrl.split('?')[0]}`);
      } else {
        respond(res, 404, `no route ${req.method} ${req.originalUrl.split('?')[0]}`);
      }
      return;
    }
    // The metrics' route label: the template, bounded whatever the URL (metrics.middleware.ts).
    req.routePattern = req.baseUrl + operation.template;
    const hasBody = req.body !== undefined;
    if (!hasBody && operation.acceptsBody && carriesBody(req)) {
      respond(
        res,
        415,
        `request body must be application/json, got ${req.headers['content-type'] ?? 'no content type'}`,
      );
      return;
    }
    const result = validator.validate(
      operation,
      params,
      req.query as Record<string, unknown>,
      req.body,
      hasBody,
    );
    if ('error' in result) {
      respond(res, 400, result.error);
      return;
    }
    req.validated = result.input;
    next();
  };
}
