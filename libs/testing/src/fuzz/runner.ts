import { expectResponseMatchesSpec } from '../spec-responses';
import { generateFuzzRequests, type FuzzGroupSpec, type FuzzRequest } from './generator';
import type { StoreSamples } from './store-samples';

/** A group under test: its spec, where it is served and how its errors look. */
export interface FuzzGroup extends FuzzGroupSpec {
  /** Origin and prefix, e.g. `http://127.0.0.1:5012/api/scan`. */
  base: string;
  /** `json`: every 4xx is `{"error": string}`; `ledger`: 400 text/plain or the ledger error body, other 4xx the ledger error body. */
  errorFormat: 'json' | 'ledger';
}

export interface FuzzViolation {
  request: FuzzRequest;
  status: number;
  problem: string;
  /** The start of the answer's body. */
  body: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  byGroup: Record<string, Record<string, number>>;
  byKind: Record<string, Record<string, number>>;
  violations: FuzzViolation[];
  /** The 5xx answers the spec declares (a 501, or a 500 by design), named so a count is traceable. */
  declaredServerErrors: string[];
  storeChanges: string[];
  elapsedMs: number;
}

export interface FuzzCampaign {
  groups: FuzzGroup[];
  samples: StoreSamples;
  requests: number;
  seed: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Per-request time limit (default 20 s); an answer later than that is a violation. */
  timeoutMs?: number;
  /** Per-table hashes of the store, compared before and after the campaign. */
  storeHashes?: () => Promise<Record<string, unknown>>;
}

const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\//;

/** Whether the group's spec declares a 501 answer for the operation. */
function declaresNotImplemented(group: FuzzGroup, operationId: string): boolean {
  for (const item of Object.values(group.spec.paths ?? {}))
    for (const op of Object.values(item as Record<string, { operationId?: string; responses?: object }>))
      if (op && op.operationId === operationId) return op.responses !== undefined && '501' in op.responses;
  return false;
}

/**
 * Whether the group's spec declares that the operation answers 500 by design for some valid
 * requests (`x-server-error-by-design`: scan's v0 participant-id lookup of a party several
 * participants host fails as upstream's does).
 */
function declaresServerErrorByDesign(group: FuzzGroup, operationId: string): boolean {
  for (const item of Object.values(group.spec.paths ?? {}))
    for (const op of Object.values(item as Record<string, { operationId?: string }>))
      if (op && op.operationId === operationId) return 'x-server-error-by-design' in op;
  return false;
}

/** Why an answer is wrong for the group, or undefined when it is fine. */
export function checkFuzzAnswer(
  group: FuzzGroup,
  request: FuzzRequest,
  answer: { status: number; contentType: string | null; text: string },
): string | undefined {
  const { status, contentType, text } = answer;
  // A 501 is an answer only where the spec declares the operation not implemented (e.g. scan's topology reads).
  if (
    status >= 500 &&
    !(status === 501 && declaresNotImplemented(group, request.operationId)) &&
    !(status === 500 && declaresServerErrorByDesign(group, request.operationId))
  )
    return `server error ${status}`;
  if (STACK_TRACE.test(text)) return 'the body holds a stack trace';
  const json = (contentType ?? '').startsWith('application/json');
  let body: unknown = text;
  if (json) {
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return 'the body is not the JSON its content type says';
    }
  }
  if (status >= 400) {
    const problem =
      group.errorFormat === 'json'
        ? jsonErrorProblem(json, body)
        : ledgerErrorProblem(status, json, contentType, body);
    if (problem) return problem;
  }
  // A 431 comes from the HTTP parser (request line and headers over Node's 16 KiB) before any
  // route: no operation was reached, so only the group's error format applies.
  if (status === 431) return undefined;
  try {
    expectResponseMatchesSpec(group.spec, request.operationId, { status, contentType, body });
  } catch (e) {
    return `spec mismatch: ${(e as Error).message.slice(0, 500)}`;
  }
  return undefined;
}

function jsonErrorProblem(json: boolean, body: unknown): string | undefined {
  const keys = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  const ok = json && keys.length === 1 && typeof (body as { error?: unknown }).error === 'string';
  return ok ? undefined : 'a 4xx that is not {"error": string}';
}

function ledgerErrorProblem(
  status: number,
  json: boolean,
  contentType: string | null,
  body: unknown,
): string | undefined {
  if (
    status === 400 &&
    (contentType ?? '').startsWith('text/plain') &&
    typeof body === 'string' &&
    body !== ''
  )
    return undefined;
  const e = body as { code?: unknown; cause?: unknown; errorCategory?: unknown } | undefined;
  const ok =
    json && typeof e?.code === 'string' && typeof e.cause === 'string' && typeof e.errorCategory === 'number';
  return ok ? undefined : 'a 4xx that is neither text/plain (400) nor the ledger error body';
}

async function send(group: FuzzGroup, request: FuzzRequest, timeoutMs: number) {
  const res = await fetch(group.base + request.path, {
    method: request.method,
    headers: request.headers,
    body:
      typeof request.body === 'string' || request.body === undefined
        ? request.body
        : Buffer.from(request.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** Runs a campaign: generates the requests, sends them, checks every answer and the store. */
export async function runFuzzCampaign(campaign: FuzzCampaign): Promise<FuzzReport> {
  const started = Date.now();
  const groups = new Map(campaign.groups.map((g) => [g.name, g]));
  const requests = generateFuzzRequests(campaign.groups, campaign.samples, campaign.requests, campaign.seed);
  const report: FuzzReport = {
    requests: 0,
    byStatus: {},
    byGroup: {},
    byKind: {},
    violations: [],
    declaredServerErrors: [],
    storeChanges: [],
    elapsedMs: 0,
  };
  const before = await campaign.storeHashes?.();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const group = groups.get(request.group)!;
      let status = 0;
      let problem: string | undefined;
      let text = '';
      try {
        const answer = await send(group, request, campaign.timeoutMs ?? 20_000);
        ({ status, text } = answer);
        problem = checkFuzzAnswer(group, request, answer);
      } catch (e) {
        problem = `no answer: ${(e as Error).message}${(e as { cause?: Error }).cause ? ` (${(e as { cause: Error }).cause.message})` : ''}`;
      }
      const key = status === 0 ? 'none' : String(status);
      report.requests++;
      bump(report.byStatus, key);
      bump((report.byGroup[request.group] ??= {}), key);
      bump((report.byKind[request.kind] ??= {}), key);
      if (problem) report.violations.push({ request, status, problem, body: text.slice(0, 300) });
      else if (status === 500)
        report.declaredServerErrors.push(
          `[${request.group} #${request.index} ${request.operationId}, ${request.kind}] ${request.method} ${request.path.slice(0, 200)} -> 500: ${text.slice(0, 200)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: campaign.concurrency ?? 4 }, worker));
  if (before) {
    const after = await campaign.storeHashes!();
    for (const table of new Set([...Object.keys(before), ...Object.keys(after)]))
      if (JSON.stringify(before[table]) !== JSON.stringify(after[table]))
        report.storeChanges.push(
          `${table}: ${JSON.stringify(before[table])} -> ${JSON.stringify(after[table])}`,
        );
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

/** The report as text: counts per status, per group and per kind, then every violation. */
export function formatFuzzReport(report: FuzzReport): string {
  const counts = (c: Record<string, number>) =>
    Object.entries(c)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
  const lines = [
    `${report.requests} requests in ${(report.elapsedMs / 1000).toFixed(1)} s; by status ${counts(report.byStatus)}`,
    ...Object.entries(report.byGroup).map(([g, c]) => `  ${g}: ${counts(c)}`),
    ...Object.entries(report.byKind).map(([k, c]) => `  ${k} requests: ${counts(c)}`),
    ...report.declaredServerErrors.map((e) => `  500 the spec declares by design: ${e}`),
    `${report.violations.length} violations; store ${report.storeChanges.length === 0 ? 'unchanged' : `changed: ${report.storeChanges.join('; ')}`}`,
  ];
  for (const v of report.violations) {
    const body =
      typeof v.request.body === 'string' ? v.request.body.slice(0, 300) : v.request.body ? '<bytes>' : '';
    lines.push(
      `- [${v.request.group} #${v.request.index} ${v.request.operationId}, ${v.request.mutation}] ${v.request.method} ${v.request.path.slice(0, 300)} ${body}`,
      `  -> ${v.status}: ${v.problem}; body: ${v.body}`,
    );
  }
  return lines.join('\n');
}

/**
 * A campaign's verdict, as a fuzz test asserts it: every request sent, no violation, the store
 * unchanged, and more than `minValid200` of the valid requests answered 200 (they reached the
 * handlers, not only the validation). Prints the report first.
 */
export function expectCleanFuzzCampaign(report: FuzzReport, requests: number, minValid200: number): void {
  console.log(formatFuzzReport(report));
  expect(report.requests).toBe(requests);
  expect(
    report.violations.map((v) => `${v.request.operationId} ${v.request.mutation}: ${v.problem}`),
  ).toEqual([]);
  expect(report.storeChanges).toEqual([]);
  expect(report.byKind.valid['200']).toBeGreaterThan(minValid200);
}
