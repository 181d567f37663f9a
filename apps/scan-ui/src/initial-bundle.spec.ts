// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Budget for what the first page load runs before any route's own chunk (issue 19). */
const BUDGET_BYTES = 250 * 1024;
const DIST = fileURLToPath(new URL('../../../dist/apps/scan-ui', import.meta.url));

/** The scripts index.html loads: the entry module and every modulepreload. */
function initialScripts(html: string): string[] {
  const srcs = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...srcs, ...preloads])];
}

describe('the built explorer (dist/apps/scan-ui, built before the tests)', () => {
  it('loads at most 250 KB of gzipped JavaScript before the first page renders', () => {
    expect(existsSync(join(DIST, 'index.html'))).toBe(true);
    const scripts = initialScripts(readFileSync(join(DIST, 'index.html'), 'utf8'));
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(join(DIST, src))).length }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`initial JS: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the pages and the chart library out of the initial load', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const initial = initialScripts(html)
      .map((src) => readFileSync(join(DIST, src), 'utf8'))
      .join('\n');
    // uPlot's own class name and a page-only string appear only in lazily loaded chunks.
    expect(initial).not.toContain('u-legend');
    expect(initial).not.toContain('Vote results');
  });
});
