import type { OpenApiDocument } from '@canton-scan/contracts';

export interface BadInputCase {
  name: string;
  operationId: string;
  method: string;
  /** Path relative to the group base, with path parameters filled in. */
  path: string;
  body?: string;
  contentType?: string;
  expectedStatus: number;
}

interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; pattern?: string; format?: string; minimum?: number };
}

/**
 * For every operation of a spec, requests that must be refused before any controller runs:
 * a method the path does not serve (405), malformed JSON where a body is taken, a body of the
 * wrong type, a missing required query parameter and an unparsable path parameter (400).
 */
export function badInputCases(document: OpenApiDocument, fillPath: (name: string) => string): BadInputCase[] {
  const cases: BadInputCase[] = [];
  const resolve = (p: Param | { $ref: string }): Param => {
    if (!('$ref' in p)) return p;
    let node: unknown = document;
    for (const s of p.$ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[s];
    return node as Param;
  };
  for (const [template, item] of Object.entries(document.paths)) {
    const methods = Object.keys(item).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m));
    const concrete = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(fillPath(name)),
    );
    const unused = ['delete', 'put', 'patch'].find((m) => !methods.includes(m));
    const anyOp = item[methods[0]] as { operationId: string };
    if (unused) {
      cases.push({
        name: `${unused.toUpperCase()} ${template} is not served`,
        operationId: anyOp.operationId,
        method: unused.toUpperCase(),
        path: concrete,
        expectedStatus: 405,
      });
    }
    for (const method of methods) {
      const op = item[method] as {
        operationId: string;
        parameters?: (Param | { $ref: string })[];
        requestBody?: unknown;
      };
      const params = (op.parameters ?? []).map(resolve);
      if (op.requestBody) {
        cases.push({
          name: `${op.operationId}: malformed JSON`,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path: concrete,
          body: '{"oops": ',
          contentType: 'application/json',
          expectedStatus: 400,
        });
        cases.push({
          name: `${op.operationId}: body of the wrong type`,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path: concrete,
          body: '[1, 2]',
          contentType: 'application/json',
          expectedStatus: 400,
        });
      }
      const requiredQuery = params.filter((p) => p.in === 'query' && p.required);
      if (requiredQuery.length > 0) {
        cases.push({
          name: `${op.operationId}: missing query ${requiredQuery[0].name}`,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path: concrete,
          expectedStatus: 400,
        });
      }
      const typed = params.find(
        (p) => p.in === 'path' && (p.schema?.type === 'integer' || p.schema?.pattern),
      );
      if (typed) {
        const bad = template
          .replace(`{${typed.name}}`, 'not%20valid!')
          .replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(fillPath(name)));
        cases.push({
          name: `${op.operationId}: invalid path ${typed.name}`,
          operationId: op.operationId,
          method: method.toUpperCase(),
          path: bad,
          expectedStatus: 400,
          ...(op.requestBody ? { body: '{}', contentType: 'application/json' } : {}),
        });
      }
    }
  }
  return cases;
}

/** Sends a raw request (no client-side checks) and returns status, content type and body. */
export async function sendRaw(
  base: string,
  c: { method: string; path: string; body?: string; contentType?: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; contentType: string | null; text: string; headers: Headers }> {
  const res = await fetch(base + c.path, {
    method: c.method,
    headers: { ...(c.contentType ? { 'content-type': c.contentType } : {}), ...headers },
    body: c.body,
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: await res.text(),
    headers: res.headers,
  };
}
