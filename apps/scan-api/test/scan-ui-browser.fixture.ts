/**
 * The explorer UI's browser tests: scan-api over a simulated network serving the built UI
 * (dist/apps/scan-ui, built by the test target's dependency on scan-ui:build), driven in Debian's
 * Chromium through playwright-core.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { createScanClient } from '@canton-scan/contracts';
import type { HistoryUpdate } from '@canton-scan/domain';
import {
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

const ROOT = join(__dirname, '../../..');
export const UI_DIR = join(ROOT, 'dist/apps/scan-ui');
export const SCREENSHOTS = join(ROOT, 'tmp/ui-screenshots');
/**
 * Small enough to load in about two seconds, with two migrations (each long enough to hold an ACS
 * snapshot), reassignments, votes and five batch payouts (transactions of more than 100 events).
 * The history ends mid-vote: the scripted votes are closed by then, and a routine vote request made
 * in round 38 (of rounds 0 to 39) has the SVs' votes of round 39 but would be closed in round 40,
 * so the governance page has both open and closed vote requests.
 */
export const NETWORK = {
  seed: 11,
  rounds: 40,
  migrationRound: 20,
  batchTransfersPerRound: 0.125,
  reassignEveryRounds: 36,
  voteEveryRounds: 38,
};
export const WIDTHS = [1280, 390] as const;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ExplorerStack {
  readonly origin: string;
  readonly client: ReturnType<typeof createScanClient>;
  readonly updates: HistoryUpdate[];
  readonly browser: Browser;
  readonly dataSource: DataSource;
}

/**
 * The stack for a describe: the app and the browser start once; the history is written again
 * before each test (the test database empties its tables before each).
 */
export function useExplorerStack(): ExplorerStack {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let browser: Browser;
  let client: ReturnType<typeof createScanClient>;
  let updates: HistoryUpdate[] = [];
  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource, { SCAN_UI_DIR: UI_DIR });
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });
  beforeEach(async () => {
    updates = (await loadSimulatedNetwork(db.dataSource, NETWORK)).updates;
  }, 60_000);
  return {
    get origin() {
      return running.origin;
    },
    get client() {
      return client;
    },
    get updates() {
      return updates;
    },
    get browser() {
      return browser;
    },
    get dataSource() {
      return db.dataSource;
    },
  };
}

/**
 * Answers that are not problems: the ANS lookup's 404 means "this party has no name" (the party
 * page asks it for every party; docs/explorer.md "ANS names beside parties").
 */
const EXPECTED_NOT_FOUND = [/\/api\/scan\/v0\/ans-entries\/by-party\/[^/?]+$/];
const expectedNotFound = (url: string) => EXPECTED_NOT_FOUND.some((p) => p.test(url));

/**
 * A browser page that records every console error, failed request and HTTP error answer (but
 * the expected 404s above, and the console's report of them).
 */
export interface WatchedPage {
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

export async function openPage(stack: ExplorerStack, width: number = WIDTHS[0]): Promise<WatchedPage> {
  const context = await stack.browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (m.text().includes('status of 404') && expectedNotFound(m.location().url)) return;
    problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !(r.status() === 404 && expectedNotFound(r.url())))
      problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** Opens a deep link and waits until the page has its data (nothing loading, network quiet). */
export async function visit(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => !document.body.innerText.includes('Loading'), undefined, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core') });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(o: unknown): Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/**
 * Text in a table cell or a card (MUI Paper) that does not fit its box: a box whose content is
 * wider than it (scrollWidth over clientWidth) unless it deliberately shows an ellipsis
 * (`overflow: hidden` with `text-overflow: ellipsis`) and its full text is reachable (a `title` or
 * `aria-label` on it or around it, with something focusable there for the keyboard); and a number
 * (an amount, or text that is a formatted number with its unit) split across lines; and, from
 * 600 px up, a table wider than its container (it scrolls sideways on a phone only). Each finding
 * names the offending text.
 */
export async function textOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
    const NUMBER = /^[-+]?\d{1,3}(,\d{3})*(\.\d+)?( [A-Z]{2,4}| %)?$/;
    const snippet = (s: string) => JSON.stringify(s.replace(/\s+/g, ' ').trim().slice(0, 120));
    const scope = 'td, th, .MuiPaper-root, .MuiCard-root';
    const boxOf = (el: Element): HTMLElement => {
      let e: Element | null = el;
      while (e && ['inline', 'contents'].includes(getComputedStyle(e).display)) e = e.parentElement;
      return (e ?? el) as HTMLElement;
    };
    const fullTextReachable = (box: HTMLElement) => {
      const holder = box.closest('[title], [aria-label]');
      if (!holder) return false;
      const full = holder.getAttribute('title') || holder.getAttribute('aria-label') || '';
      const shown = (box.textContent ?? '').trim();
      if (!full.includes(shown.replace(/…$/, ''))) return false;
      const around = holder.parentElement ?? holder;
      return holder.matches(FOCUSABLE) || !!holder.closest(FOCUSABLE) || !!around.querySelector(FOCUSABLE);
    };
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim() || !parent.closest(scope)) continue;
      if (parent.closest('svg, [aria-hidden="true"], .visually-hidden')) continue;
      const box = boxOf(parent);
      if (seen.has(box) || box.getClientRects().length === 0) continue;
      seen.add(box);
      if (box.scrollWidth > box.clientWidth + 1) {
        const style = getComputedStyle(box);
        const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX === 'hidden';
        if (!ellipsis || !fullTextReachable(box))
          found.push(
            `overflows its box by ${box.scrollWidth - box.clientWidth}px${ellipsis ? ' (ellipsis without its full text on hover and focus)' : ''}: ${snippet(box.textContent ?? '')}`,
          );
      }
    }
    // A table scrolls sideways on a phone, not at desktop width: there its last column is hidden.
    if (window.innerWidth >= 600)
      for (const el of document.querySelectorAll<HTMLElement>('.MuiTableContainer-root'))
        if (el.scrollWidth > el.clientWidth + 1)
          found.push(
            `a table scrolls sideways by ${el.scrollWidth - el.clientWidth}px, hiding: ${snippet(
              [...el.querySelectorAll('td, th')]
                .filter((c) => c.getBoundingClientRect().right > el.getBoundingClientRect().right + 1)
                .map((c) => c.textContent)
                .join(' | '),
            )}`,
          );
    // Numbers on one line: every rect of their text at the same height.
    const numbers = new Set<Element>(document.querySelectorAll('[data-amount]'));
    for (const el of document.querySelectorAll(`:is(${scope}) :is(span, p, td, div, dd, time)`))
      if (el.children.length === 0 && NUMBER.test(el.textContent?.trim() ?? '')) numbers.add(el);
    for (const el of numbers) {
      if (!el.closest(scope)) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length > 1 && rects.some((r) => r.top >= rects[0].bottom - 2 || r.bottom <= rects[0].top + 2))
        found.push(`a number split across lines: ${snippet(el.textContent ?? '')}`);
    }
    return found;
  });
}
