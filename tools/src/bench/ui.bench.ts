/**
 * npm run bench:ui: the explorer UI in Chromium over the bench:scan store (1,000,000 active
 * contracts by default): the overview interactive in ≤ 1.5 s and an update page with a tree of
 * at least 100 events (the smallest such, a batch payout) in ≤ 1 s, each the median of 5 cold
 * loads (a fresh browser context each: no cache), timed by the page's own clock (`performance.now()`, from navigation start) when its
 * data is on screen. scan-api runs from dist with the built UI, as `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { developmentAuthDefault } from '@canton-scan/domain';
import { realServerReachable } from '@canton-scan/testing';
import { freePort, waitReady } from './bench-http';
import { fmt, percentile, writeBenchFigures, type BenchFigure } from './bench-util';
import { networkFor, parseScanBenchArgs, prepareDatabase } from './scan-bench-setup';

const RUNS = 5;
const TARGETS = { overviewMs: 1500, updateMs: 1000 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Milliseconds from navigation start until `ready` resolves, on a cold context. */
async function coldLoad(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page);
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

async function medianOf(label: string, load: () => Promise<number>): Promise<number> {
  await load(); // warm-up: the server's and the database's caches, not the browser's
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await load());
  console.log(`${label}: ${times.map((t) => fmt(t)).join(', ')} ms`);
  return percentile(times, 50);
}

async function main(): Promise<void> {
  const args = parseScanBenchArgs(process.argv.slice(2));
  if (!(await realServerReachable()))
    throw new Error('bench:ui needs a real PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432)');
  const root = join(__dirname, '../../../..');
  if (!existsSync(join(root, 'dist/apps/scan-ui/index.html')))
    throw new Error('dist/apps/scan-ui is not built: npm run bench:ui builds it (nx run-many -t build)');
  const { url, drop } = await prepareDatabase(networkFor(args.contracts), args.keep);
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const pg = new Client({ connectionString: url });
    await pg.connect();
    // The smallest transaction of at least 100 events (a batch payout of the bench network).
    const { rows } = await pg.query<{ update_id: string; events: number }>(
      `SELECT u.update_id, count(*)::int AS events FROM events e JOIN updates u ON u.row_id = e.update_row_id
        WHERE NOT u.is_import GROUP BY u.update_id HAVING count(*) >= 100 ORDER BY count(*), u.update_id LIMIT 1`,
    );
    if (rows.length === 0) throw new Error('the bench store has no transaction of 100 events or more');
    const [{ count: active }] = (
      await pg.query<{ count: string }>('SELECT count(*) FROM contracts WHERE archived_record_time IS NULL')
    ).rows;
    await pg.end();
    const target = rows[0];
    console.log(
      `${fmt(Number(active))} active contracts; update ${target.update_id} has ${target.events} events`,
    );

    const port = await freePort();
    child = spawn(process.execPath, [join(root, 'dist/apps/scan-api/src/main.js')], {
      env: {
        ...process.env,
        ...developmentAuthDefault(process.env),
        DATABASE_URL: url,
        SCAN_PORT: String(port),
        LOG_LEVEL: 'warn',
        DB_MIGRATE_ON_START: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitReady(`${origin}/api/scan/readyz`, child, 'scan-api');
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const b = browser;

    const overview = await medianOf('overview', () =>
      coldLoad(b, `${origin}/`, async (page) => {
        await page.getByTestId('total-supply').locator('[data-amount]').waitFor();
        await page.getByRole('table', { name: 'Newest updates' }).waitFor();
      }),
    );
    const update = await medianOf(`update page (${target.events} events)`, () =>
      coldLoad(b, `${origin}/updates/${target.update_id}`, async (page) => {
        await page.getByRole('tree', { name: 'Transaction tree' }).waitFor();
        await page.getByRole('heading', { name: 'State diff' }).waitFor();
      }),
    );
    const figures: BenchFigure[] = [
      {
        label: 'overview interactive (median of 5 cold loads)',
        value: Math.round(overview),
        unit: 'ms',
        target: `<= ${fmt(TARGETS.overviewMs)} ms`,
        ok: overview <= TARGETS.overviewMs,
      },
      {
        label: `update page with a ${target.events}-event tree (median of 5 cold loads)`,
        value: Math.round(update),
        unit: 'ms',
        target: `<= ${fmt(TARGETS.updateMs)} ms`,
        ok: update <= TARGETS.updateMs,
      },
    ];
    for (const f of figures)
      console.log(`${f.label}: ${fmt(f.value)} ${f.unit} (target ${f.target}: ${f.ok ? 'OK' : 'MISS'})`);
    writeBenchFigures('ui', figures);
  } finally {
    await browser?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await drop?.();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
