import { join } from 'node:path';
import { scanApi } from '@canton-scan/contracts';
import {
  Db,
  formatDamlDecimal,
  microsToTimestamp,
  MirrorPeerStatusRepository,
  parseDamlDecimal,
  timestampToMicros,
  type AmuletPayload,
  type HistoryTransaction,
  type HistoryUpdate,
  type LockedAmuletPayload,
} from '@canton-scan/domain';
import {
  openPage,
  SCREENSHOTS,
  seriousA11yViolations,
  textOverflows,
  useExplorerStack,
  visit,
  WIDTHS,
} from './scan-ui-browser.fixture';

const isTx = (u: HistoryUpdate): u is HistoryTransaction => 'events_by_id' in u;
const size = (tx: HistoryTransaction) => Object.keys(tx.events_by_id).length;

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
    // The deepest transaction whose first root is an exercise (the genesis starts with a create).
    const rootIsExercise = (tx: HistoryTransaction) =>
      tx.events_by_id[tx.root_event_ids[0]].event_type === 'exercised_event';
    const deepest = txs
      .filter(rootIsExercise)
      .reduce((best, tx) => (depthOf(tx) > depthOf(best) ? tx : best));
    const reassignment = regular.find((u) => !isTx(u))!;
    const created = Object.values(deepest.events_by_id).find((e) => e.event_type === 'created_event')!;
    const biggest = txs.reduce((best, tx) => (size(tx) > size(best) ? tx : best));
    const root = deepest.events_by_id[deepest.root_event_ids[0]];
    const choice = root.event_type === 'exercised_event' ? root.choice : undefined;
    return {
      deepest,
      biggest,
      reassignment,
      choice,
      contractId: created.contract_id,
      party: created.signatories[0],
    };
  }

  /** A validator as a client finds one: a licence holder with faucet statistics. */
  async function aValidator(): Promise<string> {
    const licences = (await scanApi.listValidatorLicenses({ client: stack.client })).data!.validator_licenses;
    const validators = licences.map((c) => (c.payload as { validator: string }).validator);
    const faucets = (
      await scanApi.getValidatorFaucetsByValidator({
        client: stack.client,
        query: { validator_ids: validators },
      })
    ).data!.validatorsReceivedFaucets;
    expect(faucets.length).toBeGreaterThan(0);
    return faucets[0].validator;
  }

  it('opens every page from its deep link at 1280 and 390 px with no console error, failed request, serious axe violation or text that overflows its box', async () => {
    const { deepest, biggest, reassignment, choice, contractId, party } = samples();
    const validator = await aValidator();
    const pages: [string, string][] = [
      ['overview', '/'],
      ['updates', '/updates'],
      ['updates-filtered', `/updates?choice=${choice}&contract_id=${contractId}`],
      ['update', `/updates/${deepest.update_id}`],
      ['update-100-events', `/updates/${biggest.update_id}`],
      ['reassignment', `/updates/${reassignment.update_id}`],
      ['contract', `/contracts/${encodeURIComponent(contractId)}`],
      ['party', `/parties/${encodeURIComponent(party)}`],
      ['validator', `/parties/${encodeURIComponent(validator)}`],
      ['acs', '/acs'],
      ['validators', '/validators'],
      ['governance', '/governance'],
      ['rewards', '/rewards'],
      ['mirror', '/mirror'],
      ['search-nothing', '/search?q=no-such-thing'],
    ];
    // The mirror page with its table: a status as a mirror of three peers writes it.
    const newest = stack.updates[stack.updates.length - 1];
    const migrationId = isTx(newest) ? newest.migration_id : newest.event.migration_id;
    await new MirrorPeerStatusRepository(Db.of(stack.dataSource)).write({
      migrationId,
      lastRecordTime: newest.record_time,
      lagSeconds: 0,
      peers: [
        {
          url: 'https://scan.sv-1.example.com/api/scan',
          lastPollAt: new Date().toISOString(),
          migrationId,
          newestRecordTime: newest.record_time,
          agrees: true,
          consecutiveFailures: 0,
        },
        {
          url: 'https://scan.sv-2.example.com/api/scan',
          lastPollAt: new Date().toISOString(),
          migrationId,
          newestRecordTime: newest.record_time,
          agrees: false,
          lastDisagreement: `updates of migration ${migrationId}, item 1, differs from what 1 or more peers answered`,
          lastDisagreementAt: new Date().toISOString(),
          consecutiveFailures: 0,
        },
        {
          url: 'https://scan.sv-3.example.com/api/scan',
          consecutiveFailures: 3,
          lastError: 'https://scan.sv-3.example.com/api/scan: TypeError: fetch failed',
          lastErrorAt: new Date().toISOString(),
        },
      ],
    });
    const found: string[] = [];
    const overflows: string[] = [];
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
          // Inside tables and cards: no text past its box, no number split across lines.
          overflows.push(...(await textOverflows(page)).map((f) => `${name} (${path}) at ${width} px: ${f}`));
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
        }
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    }
    expect(found).toEqual([]);
    expect(overflows).toEqual([]);
  }, 600_000);

  it.each([
    ['the deepest transaction', (s: ReturnType<typeof samples>) => s.deepest],
    ['a transaction of more than 100 events', (s: ReturnType<typeof samples>) => s.biggest],
  ])(
    'shows exactly the events of GET /v2/updates/{id} in a tree as deep as the update’s: %s',
    async (_, pick) => {
      const deepest = pick(samples());
      const res = await scanApi.getUpdateByIdV2({
        client: stack.client,
        path: { update_id: deepest.update_id },
      });
      const update = res.data as scanApi.UpdateHistoryTransaction;
      expect(depthOf(deepest) >= 3 || size(deepest) > 100).toBe(true);
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
    },
    60_000,
  );

  it('opens a filtered update list from its link: the filters in the form, the rows the API lists', async () => {
    const { choice, contractId } = samples();
    const query = { choice, contract_id: contractId };
    const listed = (
      await scanApi.listExplorerUpdates({ client: stack.client, query: { ...query, limit: 25 } })
    ).data!;
    expect(listed.updates.length).toBeGreaterThan(0);
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, `/updates?choice=${choice}&contract_id=${contractId}`);
      expect(await page.getByRole('textbox', { name: 'Choice' }).inputValue()).toBe(choice);
      expect(await page.getByRole('textbox', { name: 'Contract id' }).inputValue()).toBe(contractId);
      const links = await page
        .getByRole('table', { name: 'Updates, newest first' })
        .getByRole('link')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(links.filter((h) => h?.startsWith('/updates/'))).toEqual(
        listed.updates.map((u) => `/updates/${u.update_id}`),
      );
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
      // The answer may still be loading under load: wait for it rather than read the status at once.
      await page
        .getByRole('status')
        .filter({ hasText: /^Nothing matched/ })
        .waitFor();
      expect(await page.getByRole('status').innerText()).toMatch(/^Nothing matched “no-such-id::1220”/);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('shows on the overview the total supply the holdings summary gives over every owner', async () => {
    const summary = (await scanApi.getNetworkSummary({ client: stack.client })).data!;
    // A snapshot just after the newest update: the holdings summary then covers the same contracts.
    const at = microsToTimestamp(timestampToMicros(summary.record_time) + 1n);
    await stack.dataSource.query('INSERT INTO acs_snapshots (migration_id, record_time) VALUES ($1, $2)', [
      summary.migration_id,
      at,
    ]);
    const owners = new Set<string>();
    let after: number | undefined;
    do {
      const page = (
        await scanApi.getAcsSnapshotAt({
          client: stack.client,
          body: {
            migration_id: summary.migration_id,
            record_time: at,
            page_size: 500,
            after,
            templates: ['splice-amulet:Splice.Amulet:Amulet', 'splice-amulet:Splice.Amulet:LockedAmulet'],
          },
        })
      ).data!;
      for (const e of page.created_events) {
        const p = e.create_arguments as unknown as AmuletPayload | LockedAmuletPayload;
        owners.add('amulet' in p ? p.amulet.owner : p.owner);
      }
      after = page.next_page_token;
    } while (after !== undefined);
    expect(owners.size).toBeGreaterThan(3);
    const holdings = (
      await scanApi.getHoldingsSummaryAtV1({
        client: stack.client,
        body: { migration_id: summary.migration_id, record_time: at, owner_party_ids: [...owners] },
      })
    ).data!;
    const total = formatDamlDecimal(
      holdings.summaries.reduce((sum, h) => sum + parseDamlDecimal(h.total_coin_holdings), 0n),
    );

    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, '/');
      const shown = page.getByTestId('total-supply').locator('[data-amount]');
      expect(await shown.getAttribute('data-amount')).toBe(total);
      // What is read: the same digits, grouped, trailing zeros dropped.
      const [whole, fraction] = total.split('.');
      const expected = `${BigInt(whole).toLocaleString('en-US')}${fraction.replace(/0+$/, '') ? `.${fraction.replace(/0+$/, '')}` : ''} CC`;
      expect(await shown.innerText()).toBe(expected);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('lists at an old snapshot time exactly the contracts the API lists', async () => {
    // The newest snapshot of the previous migration.
    const { record_time: snapshot } = (
      await scanApi.getDateOfMostRecentSnapshotBefore({
        client: stack.client,
        query: { migration_id: 0, before: '2100-01-01T00:00:00Z' },
      })
    ).data!;
    const api = (
      await scanApi.getAcsSnapshotAt({
        client: stack.client,
        body: { migration_id: 0, record_time: snapshot, record_time_match: 'at_or_before', page_size: 50 },
      })
    ).data!;
    expect(api.record_time).toBe(snapshot);
    expect(api.created_events.length).toBeGreaterThan(10);
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, `/acs?migration=0&at=${encodeURIComponent(snapshot)}`);
      const table = page.getByRole('table', { name: 'Active contracts' });
      const links = await table
        .getByRole('link')
        .evaluateAll((els) =>
          els.map((a) => a.getAttribute('href')!).filter((h) => h.startsWith('/contracts/')),
        );
      expect(links.map((h) => decodeURIComponent(h.slice('/contracts/'.length)))).toEqual(
        api.created_events.map((e) => e.contract_id),
      );
      // The counts per template of the same snapshot, as the API gives them.
      const counts = (
        await scanApi.getAcsTemplateCounts({
          client: stack.client,
          query: { migration_id: 0, record_time: snapshot },
        })
      ).data!.counts;
      const rows = page.getByRole('table', { name: 'Active contracts per template' }).locator('tbody tr');
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) => Number(tr.lastElementChild!.textContent!.replace(/,/g, ''))),
      );
      expect(shown).toEqual(counts.map((c) => c.count).sort((a, b) => b - a));
      expect(await page.getByText(/^Snapshot of migration 0 at/).innerText()).toContain(
        `${snapshot.slice(0, 10)} ${snapshot.slice(11, 19)} UTC`,
      );
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it("shows on a transaction's page the mediator verdict the API gives, with its views", async () => {
    const { deepest } = samples();
    const event = (
      await scanApi.getEventById({ client: stack.client, path: { update_id: deepest.update_id } })
    ).data!;
    expect(event.verdict).toBeTruthy();
    const verdict = event.verdict!;
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, `/updates/${deepest.update_id}`);
      const result = await page.getByTestId('verdict-result').innerText();
      expect(result).toBe(verdict.verdict_result === 'VERDICT_RESULT_ACCEPTED' ? 'Accepted' : 'Rejected');
      const views = page.getByRole('table', { name: 'Transaction views' }).locator('tbody tr');
      expect(await views.count()).toBe(verdict.transaction_views.views.length);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('shows on the governance page, mid-vote, the open request’s action, requester, votes so far and deadline, and the closed ones’ outcomes', async () => {
    const open = (await scanApi.listDsoRulesVoteRequests({ client: stack.client })).data!
      .dso_rules_vote_requests;
    const closed = (await scanApi.listVoteRequestResults({ client: stack.client, body: { limit: 10 } })).data!
      .dso_rules_vote_results;
    type Votes = [string, { accept: boolean }][];
    type Action = { tag: string; value: Record<string, { tag?: string }> };
    // The fixture's history ends mid-vote: a request with votes cast besides the requester's, open.
    expect(open.some((c) => (c.payload.votes as Votes).length > 1)).toBe(true);
    expect(closed.length).toBeGreaterThan(0);
    const action = (a: Action) =>
      Object.values(a.value).find((v) => typeof v?.tag === 'string')?.tag ?? a.tag;
    const votes = (v: Votes) =>
      `${v.filter(([, x]) => x.accept).length} / ${v.filter(([, x]) => !x.accept).length}`;
    const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, '/governance');
      const cells = (table: string) =>
        page
          .getByRole('table', { name: table })
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td as HTMLElement).innerText)));
      // Open: soonest deadline first; the deadline as its UTC time with how far off it is.
      const openRows = await cells('Open vote requests');
      const expectedOpen = [...open]
        .sort((a, b) => Date.parse(String(a.payload.voteBefore)) - Date.parse(String(b.payload.voteBefore)))
        .map((c) => [
          action(c.payload.action as Action),
          c.payload.requester,
          votes(c.payload.votes as Votes),
          utc(String(c.payload.voteBefore)),
        ]);
      expect(openRows.map((r) => [r[0], r[1], r[2], r[3].split(/\s+·/)[0].trim()])).toEqual(expectedOpen);
      const links = await page
        .getByRole('table', { name: 'Open vote requests' })
        .locator('a[href^="/contracts/"]')
        .evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href')!.slice(11))));
      expect([...links].sort()).toEqual(open.map((c) => c.contract_id).sort());
      // Closed: the results page, newest first, each with its outcome and the votes it closed with.
      const outcome = {
        VRO_Accepted: 'Accepted',
        VRO_Rejected: 'Rejected',
        VRO_Expired: 'Expired',
      } as Record<string, string>;
      const closedRows = await cells('Closed vote requests');
      expect(closedRows.map((r) => r.slice(0, 5))).toEqual(
        closed.map((r) => {
          const result = r as {
            request: { action: Action; requester: string; votes: Votes };
            completedAt: string;
            outcome: { tag: string };
          };
          return [
            action(result.request.action),
            result.request.requester,
            outcome[result.outcome.tag],
            votes(result.request.votes),
            utc(result.completedAt),
          ];
        }),
      );
      expect(closedRows.map((r) => r[2])).toContain('Accepted');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('shows on a validator’s page the traffic of its participant as the scan gives it', async () => {
    const validator = await aValidator();
    const dso = (await scanApi.getDsoInfo({ client: stack.client })).data!;
    const synchronizer = (
      dso.dso_rules.contract.payload as {
        config: { decentralizedSynchronizer: { activeSynchronizerId: string } };
      }
    ).config.decentralizedSynchronizer.activeSynchronizerId;
    const participants = (
      await scanApi.getPartyToParticipantV1({
        client: stack.client,
        path: { domain_id: synchronizer, party_id: validator },
      })
    ).data!.participant_ids;
    expect(participants.length).toBeGreaterThan(0);
    const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`;
    const expected = [];
    for (const participant of participants) {
      const t = (
        await scanApi.getMemberTrafficStatus({
          client: stack.client,
          path: { domain_id: synchronizer, member_id: participant },
        })
      ).data!.traffic_status;
      expect(t.target.total_purchased).toBeGreaterThan(0);
      expected.push([
        participant,
        bytes(t.target.total_purchased),
        bytes(t.actual.total_limit),
        bytes(t.actual.total_consumed),
        bytes(t.actual.total_limit - t.actual.total_consumed),
      ]);
    }
    const { page, problems, close } = await openPage(stack);
    try {
      await visit(page, stack.origin, `/parties/${encodeURIComponent(validator)}`);
      const section = page.getByRole('region', { name: 'Synchronizer traffic' });
      expect(await section.getByTitle(synchronizer).innerText()).toBe(synchronizer);
      const rows = await section
        .getByRole('table', { name: 'Traffic of the hosting participants' })
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector('[title]')!.getAttribute('title'),
            ...[...tr.children].slice(1).map((td) => (td as HTMLElement).innerText),
          ]),
        );
      expect(rows).toEqual(expected);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('switches to the dark theme, keeps it across loads and stays free of serious axe violations', async () => {
    const { page, problems, close } = await openPage(stack);
    const background = () =>
      page.evaluate(() =>
        getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number),
      );
    const brightness = async () => (await background()).reduce((a, b) => a + b, 0) / 3;
    try {
      await visit(page, stack.origin, '/governance');
      await page.getByRole('button', { name: /Dark theme/ }).click();
      await page.getByRole('button', { name: /Light theme/ }).waitFor();
      expect(await brightness()).toBeLessThan(64);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await visit(page, stack.origin, '/updates');
      expect(await page.getByRole('button', { name: /Light theme/ }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await brightness()).toBeLessThan(64);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /Light theme/ }).click();
      expect(await brightness()).toBeGreaterThan(192);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('is usable from the keyboard: the skip link, the event tree with the arrow keys, a whole id on focus', async () => {
    const { deepest } = samples();
    const { page, problems, close } = await openPage(stack);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement!;
        return {
          tag: el.tagName,
          id: el.id,
          role: el.getAttribute('role'),
          text: el.textContent!.slice(0, 40),
        };
      });
    try {
      await visit(page, stack.origin, `/updates/${deepest.update_id}`);
      await page.keyboard.press('Tab');
      expect(await focused()).toMatchObject({ tag: 'A', text: 'Skip to content' });
      await page.keyboard.press('Enter');
      expect(await focused()).toMatchObject({ tag: 'MAIN', id: 'main' });
      const root = page.getByRole('treeitem').first();
      await root.focus();
      expect(await root.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowDown');
      expect((await focused()).role).toBe('treeitem');
      expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-level'))).toBe('2');
      await page.keyboard.press('Enter');
      const selected = await page.evaluate(() => document.activeElement!.getAttribute('data-event-id'));
      expect(await page.getByRole('treeitem', { selected: true }).getAttribute('data-event-id')).toBe(
        selected,
      );
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowLeft');
      expect(await root.getAttribute('aria-expanded')).toBe('false');
      // An id cut by an ellipsis shows whole under it while the keyboard is on its copy button.
      await page.getByRole('button', { name: 'Copy update id' }).focus();
      const shown = await page
        .locator(`[data-full="${deepest.update_id}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el, '::after').content);
      expect(shown).toBe(JSON.stringify(deepest.update_id));
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
