import type { RunningTestApp } from './test-app';

/** The samples of a Prometheus exposition: `name{labels}` → value. */
export function parseMetrics(
  text: string,
): { name: string; labels: Record<string, string>; value: number }[] {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** Scrapes an app's `GET /metrics`, checking the answer is Prometheus text. */
export async function scrapeMetrics(
  app: Pick<RunningTestApp, 'origin'>,
): Promise<ReturnType<typeof parseMetrics>> {
  const res = await fetch(`${app.origin}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
}

/**
 * Sends `GET path` (with `headers`), then scrapes `/metrics` and expects: that request counted
 * under its route pattern and status, an unknown path counted as `unmatched` (its URL nowhere),
 * the database pool gauges and the event-loop lag present, every series labelled with the app.
 */
export async function expectRequestMetrics(
  running: Pick<RunningTestApp, 'origin'>,
  app: string,
  request: { path: string; route: string; headers?: Record<string, string> },
): Promise<void> {
  const count = (samples: ReturnType<typeof parseMetrics>, route: string, status: number) =>
    samples.find(
      (s) =>
        s.name === 'http_request_duration_seconds_count' &&
        s.labels.route === route &&
        s.labels.status === String(status) &&
        s.labels.method === 'GET',
    )?.value ?? 0;
  const before = await scrapeMetrics(running);
  const answer = await fetch(running.origin + request.path, { headers: request.headers });
  await answer.arrayBuffer();
  const unknown = await fetch(`${running.origin}/no/such/route-4711`);
  await unknown.arrayBuffer();
  const after = await scrapeMetrics(running);

  expect(count(after, request.route, answer.status) - count(before, request.route, answer.status)).toBe(1);
  expect(count(after, 'unmatched', unknown.status) - count(before, 'unmatched', unknown.status)).toBe(1);
  expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('route-4711')))).toBe(false);
  for (const name of [
    'db_pool_connections_total',
    'db_pool_connections_idle',
    'db_pool_connections_in_use',
    'db_pool_clients_waiting',
  ]) {
    const gauge = after.find((s) => s.name === name);
    expect(gauge?.value).toBeGreaterThanOrEqual(0);
  }
  expect(after.find((s) => s.name === 'db_pool_connections_total')?.value).toBeGreaterThan(0);
  expect(after.find((s) => s.name === 'nodejs_eventloop_lag_seconds')?.value).toBeGreaterThanOrEqual(0);
  expect(after.every((s) => s.labels.app === app)).toBe(true);
}
