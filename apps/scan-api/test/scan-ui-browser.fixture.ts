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
 */
export const NETWORK = { seed: 11, rounds: 40, migrationRound: 20, batchTransfersPerRound: 0.125 };
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

/** A browser page that records every console error, failed request and HTTP error answer. */
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
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** Opens a deep link and waits until the page has its data (nothing loading, network quiet). */
export async function visit(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => !document.body.innerText.includes('Loading'), undefined, {
    timeout: 15_000,
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
