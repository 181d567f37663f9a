import { join } from 'node:path';
import { scanApi } from '@canton-scan/contracts';
import type { HistoryTransaction, HistoryUpdate } from '@canton-scan/domain';
import {
  openPage,
  SCREENSHOTS,
  seriousA11yViolations,
  useExplorerStack,
  visit,
  WIDTHS,
} from './scan-ui-browser.fixture';

const isTx = (u: HistoryUpdate): u is HistoryTransaction => 'events_by_id' in u;

/** Depth of a transaction's event tree (roots at 1), from the history itself. */
function depthOf(tx: HistoryTransaction): number {
  const depth = (id: string): number => {
    const e = tx.events_by_id[id];
    return 1 + (e.event_type === 'exercised_event' ? Math.max(0, ...e.child_event_ids.map(depth)) : 0);
  };
  return Math.max(0, ...tx.root_event_ids.map(depth));
}

describe('the explorer UI in Chromium', () => {
  const stack = useExplorerStack();

  /** The deepest regular transaction of the history, and the first of each other kind of page. */
  function samples() {
    const regular = stack.updates.filter((u) => u.offset !== '');
    const txs = regular.filter(isTx);
    const deepest = txs.reduce((best, tx) => (depthOf(tx) > depthOf(best) ? tx : best));
    const reassignment = regular.find((u) => !isTx(u))!;
    const created = Object.values(deepest.events_by_id).find((e) => e.event_type === 'created_event')!;
    return { deepest, reassignment, contractId: created.contract_id, party: created.signatories[0] };
  }

  it('opens every page from its deep link at 1280 and 390 px with no console error, failed request or serious axe violation', async () => {
    const { deepest, reassignment, contractId, party } = samples();
    const pages: [string, string][] = [
      ['overview', '/'],
      ['updates', '/updates'],
      ['update', `/updates/${deepest.update_id}`],
      ['reassignment', `/updates/${reassignment.update_id}`],
      ['contract', `/contracts/${encodeURIComponent(contractId)}`],
      ['party', `/parties/${encodeURIComponent(party)}`],
      ['acs', '/acs'],
      ['validators', '/validators'],
      ['governance', '/governance'],
      ['rewards', '/rewards'],
      ['search-nothing', '/search?q=no-such-thing'],
    ];
    const found: string[] = [];
    for (const width of WIDTHS) {
      const { page, problems, close } = await openPage(stack, width);
      try {
        for (const [name, path] of pages) {
          await visit(page, stack.origin, path);
          expect(await page.locator('h1').count()).toBe(1);
          if (width === WIDTHS[0])
            found.push(...(await seriousA11yViolations(page)).map((v) => `${path}: ${v}`));
          // Nothing wider than the viewport but the tables, which scroll inside their container.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect({ path, width, overflow: overflow > 0 }).toEqual({ path, width, overflow: false });
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
        }
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
    expect(found).toEqual([]);
  }, 150_000);

  it('shows exactly the events of GET /v2/updates/{id} in a tree as deep as the update’s', async () => {
    const { deepest } = samples();
    const res = await scanApi.getUpdateByIdV2({
      client: stack.client,
      path: { update_id: deepest.update_id },
    });
    const update = res.data as scanApi.UpdateHistoryTransaction;
    expect(depthOf(deepest)).toBeGreaterThanOrEqual(3);
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, `/updates/${deepest.update_id}`);
      await page.getByRole('button', { name: 'Expand all' }).click();
      const items = page.getByRole('tree', { name: 'Transaction tree' }).getByRole('treeitem');
      const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-event-id')));
      expect([...ids].sort()).toEqual(Object.keys(update.events_by_id).sort());
      const levels = await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-level'))));
      expect(Math.max(...levels)).toBe(depthOf(deepest));
      // Collapsing the root leaves the roots only; selecting a node shows its details.
      await page.getByRole('button', { name: 'Collapse all' }).click();
      expect(await items.count()).toBe(update.root_event_ids.length);
      await items.first().click();
      const root = update.events_by_id[update.root_event_ids[0]];
      await page
        .getByRole('region', { name: /event|Exercised|Created/ })
        .first()
        .waitFor();
      expect(await page.getByText(root.event_id, { exact: true }).count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('finds an update, a contract and a party from the search box, and says plainly when nothing matched', async () => {
    const { deepest, contractId, party } = samples();
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, '/governance');
      const search = async (text: string) => {
        const box = page.getByRole('searchbox', { name: 'Search by update, contract or party id' });
        await box.fill(text);
        await box.press('Enter');
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => !document.body.innerText.includes('Loading'));
      };
      for (const [text, path, heading] of [
        [deepest.update_id, `/updates/${deepest.update_id}`, /^Update /],
        [contractId, `/contracts/${encodeURIComponent(contractId)}`, /^Contract$/],
        [party, `/parties/${encodeURIComponent(party)}`, /^Party/],
      ] as const) {
        await search(`  ${text} `);
        // The page's chunk may still load after the URL changed (the old page stays meanwhile).
        await page.locator('h1', { hasText: heading }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      await search('no-such-id::1220');
      expect(new URL(page.url()).pathname).toBe('/search');
      expect(await page.getByRole('status').innerText()).toMatch(/^Nothing matched “no-such-id::1220”/);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
