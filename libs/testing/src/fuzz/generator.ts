import type { OpenApiDocument } from '@canton-scan/contracts';
import {
  boundaryFor,
  boundaryText,
  EXTRA_KEYS,
  invalidValue,
  MALFORMED_BODIES,
  objectsIn,
  positions,
  RAW_URL_VALUES,
  setOwn,
  WRONG_BODY_TYPES,
  WRONG_CONTENT_TYPES,
} from './mutations';
import { Prng } from './prng';
import { resolveRef, SchemaValues, toJson, type Schema } from './schema-values';
import type { StoreSamples } from './store-samples';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI operations are walked as plain JSON */

export type FuzzKind = 'valid' | 'boundary' | 'invalid' | 'token';

/** A group of endpoints under one base URL, described by one spec. */
export interface FuzzGroupSpec {
  name: string;
  spec: OpenApiDocument;
  /** `Authorization` of a user allowed everywhere, and tokens the group must refuse. */
  tokens?: { valid: string; bad: { kind: string; authorization?: string }[] };
  /** Bodies known to be valid per operation id (the generator also builds its own). */
  validBodies?: Record<string, (rng: Prng) => unknown>;
  /** The app's BODY_LIMIT in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
}

export interface FuzzOperation {
  group: FuzzGroupSpec;
  operationId: string;
  method: string;
  template: string;
  params: { name: string; in: string; required?: boolean; schema?: Schema }[];
  bodySchema?: Schema;
  secured: boolean;
}

export interface FuzzRequest {
  index: number;
  group: string;
  operationId: string;
  kind: FuzzKind;
  /** What was done to the request, e.g. `boundary body.migration_id = 9223372036854775808`. */
  mutation: string;
  method: string;
  /** Path relative to the group base, query included. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

interface Draft {
  pathParams: Record<string, string>;
  query: [string, string][];
  body?: unknown;
  rawBody?: string | Uint8Array;
  contentType?: string;
  authorization?: string;
}

/** Every operation of a group's spec, in document order. */
export function fuzzOperations(group: FuzzGroupSpec): FuzzOperation[] {
  const doc = group.spec as any;
  const out: FuzzOperation[] = [];
  for (const [template, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = item[method];
      if (!op) continue;
      const security = op.security ?? doc.security ?? [];
      const body = resolveRef<any>(group.spec, op.requestBody)?.content?.['application/json']?.schema;
      out.push({
        group,
        operationId: op.operationId,
        method: method.toUpperCase(),
        template,
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
          resolveRef(group.spec, p),
        ),
        bodySchema: body,
        secured: security.some((s: Record<string, unknown>) => Object.keys(s).length > 0),
      });
    }
  }
  return out;
}

/**
 * A path parameter that stays in its segment: an empty value or a dot segment (`..`, `%2e`)
 * would address another route, not this operation with an odd value.
 */
const asSegment = (v: string) => (v === '' || /^(\.|%2e)+$/i.test(v) ? `${v}x` : v);

const short = (v: unknown) => {
  const text = typeof v === 'string' ? v : toJson(v);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

function validDraft(op: FuzzOperation, values: SchemaValues, rng: Prng): Draft {
  const draft: Draft = { pathParams: {}, query: [] };
  for (const p of op.params) {
    if (p.in === 'path')
      draft.pathParams[p.name] = encodeURIComponent(String(values.valid(p.schema, p.name)));
    if (p.in !== 'query' || (!p.required && rng.chance(0.5))) continue;
    const v = values.valid(p.schema, p.name);
    for (const item of Array.isArray(v) ? (v.length > 0 ? v : [values.valid(p.schema?.items, p.name)]) : [v])
      draft.query.push([p.name, encodeURIComponent(String(item))]);
  }
  if (op.bodySchema) {
    const known = op.group.validBodies?.[op.operationId];
    draft.body = known && rng.chance(0.6) ? known(rng) : values.valid(op.bodySchema, '');
  }
  if (op.secured && op.group.tokens) draft.authorization = op.group.tokens.valid;
  return draft;
}

function boundary(op: FuzzOperation, draft: Draft, rng: Prng): string {
  const bodyPositions = positions(draft.body);
  const targets = [
    ...(bodyPositions.length > 0 ? ['body', 'body'] : []),
    ...(draft.query.length > 0 ? ['query'] : []),
    ...(Object.keys(draft.pathParams).length > 0 ? ['path'] : []),
  ];
  if (targets.length === 0) return 'valid (nothing to vary)';
  const target = rng.pick(targets);
  if (target === 'body') {
    const { container, key } = rng.pick(bodyPositions);
    container[key] = boundaryFor(rng, container[key]);
    return `body.${key} = ${short(container[key])}`;
  }
  if (target === 'query') {
    const entry = rng.pick(draft.query);
    entry[1] = boundaryText(rng, decodeURIComponent(entry[1]));
    return `query ${entry[0]}=${short(entry[1])}`;
  }
  const name = rng.pick(Object.keys(draft.pathParams));
  draft.pathParams[name] = asSegment(boundaryText(rng, decodeURIComponent(draft.pathParams[name])));
  return `path ${name}=${short(draft.pathParams[name])}`;
}

function invalid(op: FuzzOperation, draft: Draft, rng: Prng): string {
  const kinds = [
    ...(op.bodySchema ? ['wrong-value', 'wrong-value', 'missing', 'extra', 'body-type', 'malformed'] : []),
    ...(op.bodySchema ? ['content-type', 'oversized'] : []),
    ...(draft.query.length > 0 ? ['query-value', 'query-missing', 'query-repeat', 'query-bracket'] : []),
    ...(Object.keys(draft.pathParams).length > 0 ? ['path', 'path'] : []),
    'query-extra',
  ];
  const kind = rng.pick(kinds);
  const objects = objectsIn(draft.body);
  const bodyPositions = positions(draft.body);
  switch (kind) {
    case 'wrong-value': {
      if (bodyPositions.length === 0) {
        draft.body = invalidValue(rng);
        return `body = ${short(draft.body)}`;
      }
      const { container, key } = rng.pick(bodyPositions);
      container[key] = invalidValue(rng);
      return `body.${key} = ${short(container[key])}`;
    }
    case 'missing': {
      const obj = objects.length > 0 ? rng.pick(objects) : undefined;
      const keys = obj ? Object.keys(obj) : [];
      if (!obj || keys.length === 0) return 'valid (no field to remove)';
      const key = rng.pick(keys);
      delete obj[key];
      return `body without ${key}`;
    }
    case 'extra': {
      const obj = objects.length > 0 ? rng.pick(objects) : undefined;
      const key = rng.pick(EXTRA_KEYS);
      if (obj) setOwn(obj, key, invalidValue(rng));
      return `body with extra field ${short(key)}`;
    }
    case 'body-type':
      draft.rawBody = rng.pick(WRONG_BODY_TYPES);
      return `body ${draft.rawBody}`;
    case 'malformed':
      draft.rawBody = rng.pick(MALFORMED_BODIES);
      return `malformed body ${short(typeof draft.rawBody === 'string' ? draft.rawBody : `bytes ${Buffer.from(draft.rawBody).toString('hex')}`)}`;
    case 'content-type':
      draft.contentType = rng.pick(WRONG_CONTENT_TYPES);
      return `content type '${draft.contentType}'`;
    case 'oversized': {
      const limit = op.group.bodyLimitBytes ?? 1024 * 1024;
      draft.rawBody = toJson({ ...(draft.body as object), pad: 'x'.repeat(limit + 1024) });
      return `body of ${draft.rawBody.length} bytes (limit ${limit})`;
    }
    default:
      return invalidUrl(kind, draft, rng);
  }
}

function invalidUrl(kind: string, draft: Draft, rng: Prng): string {
  switch (kind) {
    case 'query-value': {
      const entry = rng.pick(draft.query);
      const v = invalidValue(rng);
      entry[1] = rng.chance(0.5)
        ? rng.pick(RAW_URL_VALUES)
        : encodeURIComponent(typeof v === 'string' ? v.replace(/[\ud800-\udfff]/g, '') : JSON.stringify(v));
      return `query ${entry[0]}=${short(entry[1])}`;
    }
    case 'query-missing': {
      const [name] = draft.query.splice(rng.int(draft.query.length), 1)[0];
      return `query without ${name}`;
    }
    case 'query-repeat': {
      const entry = rng.pick(draft.query);
      draft.query.push([entry[0], rng.pick(['1', 'x', entry[1]])]);
      return `query ${entry[0]} twice`;
    }
    case 'query-bracket': {
      const entry = rng.pick(draft.query);
      entry[0] = `${entry[0]}${rng.pick(['[a]', '[]', '[__proto__]'])}`;
      return `query ${entry[0]}=${short(entry[1])}`;
    }
    case 'query-extra':
      draft.query.push([rng.pick(['extra', '__proto__', '%00', 'a%5Bb%5D']), rng.pick(RAW_URL_VALUES)]);
      return `extra query ${draft.query[draft.query.length - 1][0]}`;
    default: {
      const name = rng.pick(Object.keys(draft.pathParams));
      draft.pathParams[name] = asSegment(rng.pick(RAW_URL_VALUES));
      return `path ${name}=${short(draft.pathParams[name])}`;
    }
  }
}

function render(
  op: FuzzOperation,
  draft: Draft,
  meta: Omit<FuzzRequest, 'method' | 'path' | 'headers' | 'body' | 'group' | 'operationId'>,
): FuzzRequest {
  const path =
    op.template.replace(/\{([^}]+)\}/g, (_, name: string) => draft.pathParams[name] ?? 'x') +
    (draft.query.length > 0 ? `?${draft.query.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
  const body = draft.rawBody ?? (draft.body === undefined ? undefined : toJson(draft.body));
  const headers: Record<string, string> = {};
  const contentType = draft.contentType ?? (body === undefined ? undefined : 'application/json');
  if (contentType) headers['content-type'] = contentType;
  if (draft.authorization) headers.authorization = draft.authorization;
  return {
    ...meta,
    group: op.group.name,
    operationId: op.operationId,
    method: op.method,
    path,
    headers,
    body,
  };
}

/**
 * `count` requests, round-robin over every operation of the groups, each valid (built from the
 * schemas with values from the store), a boundary case, an invalid one or, on secured
 * operations, one with a bad token. The same seed and samples give the same requests.
 */
export function generateFuzzRequests(
  groups: FuzzGroupSpec[],
  samples: StoreSamples,
  count: number,
  seed: number,
): FuzzRequest[] {
  const rng = new Prng(seed);
  const ops = groups.flatMap(fuzzOperations);
  const values = new Map(groups.map((g) => [g, new SchemaValues(g.spec, rng, samples)]));
  const out: FuzzRequest[] = [];
  for (let index = 0; index < count; index++) {
    const op = ops[index % ops.length];
    const draft = validDraft(op, values.get(op.group)!, rng);
    const roll = rng.next();
    const secured = op.secured && op.group.tokens;
    const kind: FuzzKind =
      secured && roll < 0.15 ? 'token' : roll < 0.4 ? 'valid' : roll < 0.65 ? 'boundary' : 'invalid';
    let mutation = 'valid';
    if (kind === 'token') {
      const bad = rng.pick(op.group.tokens!.bad);
      draft.authorization = bad.authorization;
      mutation = `token: ${bad.kind}`;
    } else if (kind === 'boundary') mutation = `boundary ${boundary(op, draft, rng)}`;
    else if (kind === 'invalid') mutation = `invalid ${invalid(op, draft, rng)}`;
    out.push(render(op, draft, { index, kind, mutation }));
  }
  return out;
}
