import { scanApi } from '@canton-scan/contracts';
import { sendRaw } from '@canton-scan/testing';
import {
  allExplorerUpdates,
  allV2Updates,
  createdEventsById,
  listExplorerUpdates,
  migrationOf,
  templatesOf,
  useExplorerApp,
} from './explorer.fixture';

type Item = scanApi.UpdateHistoryItemV2;

describe('explorer update list (GET /v0/explorer/updates)', () => {
  const app = useExplorerApp();

  /** What the explorer must say about a `POST /v2/updates` item, from the item and the history's contracts. */
  function expectedSummary(
    item: Item,
    templateOf: (cid: string) => string | undefined,
  ): scanApi.ExplorerUpdate {
    if ('events_by_id' in item) {
      const events = Object.values(item.events_by_id);
      return {
        update_id: item.update_id,
        migration_id: item.migration_id,
        record_time: item.record_time,
        kind: 'transaction',
        ...(item.workflow_id ? { workflow_id: item.workflow_id } : {}),
        event_count: events.length,
        template_ids: [...new Set(events.map((e) => e.template_id))].sort(),
        root_event_ids: item.root_event_ids,
      };
    }
    const event = item.event;
    const template =
      'created_event' in event ? event.created_event.template_id : templateOf(event.contract_id);
    return {
      update_id: item.update_id,
      migration_id: event.migration_id,
      record_time: item.record_time,
      kind: 'reassignment',
      event_count: 1,
      template_ids: template ? [template] : [],
      reassignment: 'created_event' in event ? 'assignment' : 'unassignment',
    };
  }

  /** The parties an update involves: its events' stakeholders and acting parties, a reassignment's submitter. */
  function partiesOfUpdates(history: ReturnType<typeof app.history>): (item: Item) => Set<string> {
    const contracts = createdEventsById(history);
    const stakeholdersOf = (cid: string) => {
      const c = contracts.get(cid);
      return c ? [...c.signatories, ...c.observers] : [];
    };
    return (item: Item): Set<string> => {
      if ('events_by_id' in item) {
        return new Set(
          Object.values(item.events_by_id).flatMap((e) =>
            e.event_type === 'created_event'
              ? [...e.signatories, ...e.observers]
              : [...e.acting_parties, ...stakeholdersOf(e.contract_id)],
          ),
        );
      }
      const e = item.event;
      return new Set([
        e.submitter,
        ...('created_event' in e
          ? [...e.created_event.signatories, ...e.created_event.observers]
          : stakeholdersOf(e.contract_id)),
      ]);
    };
  }

  it('lists POST /v2/updates reversed, summarized, in pages without gaps or duplicates', async () => {
    const client = app.client();
    const v2 = await allV2Updates(client);
    expect(new Set(v2.map(migrationOf))).toEqual(new Set([0, 1]));
    expect(v2.some((i) => !('events_by_id' in i))).toBe(true);
    const contracts = createdEventsById(app.history());
    const expected = [...v2]
      .reverse()
      .map((i) => expectedSummary(i, (cid) => contracts.get(cid)?.template_id));

    const listed = await allExplorerUpdates(client, { limit: 7 });
    expect(listed).toEqual(expected);
    expect(new Set(listed.map((u) => u.update_id)).size).toBe(listed.length);
    // Transactions both with and without a workflow id, and unassignments with their contract's template.
    expect(listed.some((u) => u.workflow_id !== undefined)).toBe(true);
    expect(listed.some((u) => u.kind === 'transaction' && u.workflow_id === undefined)).toBe(true);
    expect(listed.some((u) => u.reassignment === 'unassignment' && u.template_ids.length === 1)).toBe(true);

    // The default page is 20 updates, the newest first; the largest is 100.
    const first = await listExplorerUpdates(client);
    expect(first.body.updates).toEqual(expected.slice(0, 20));
    expect(first.body.next_page_token).toEqual(expect.any(String));
    const big = await listExplorerUpdates(client, { limit: 100 });
    expect(big.body.updates).toEqual(expected.slice(0, 100));
  });

  it('filters by party: events it signs, observes or acts in, or reassignments it submits', async () => {
    const client = app.client();
    const history = app.history();
    const partiesOf = partiesOfUpdates(history);
    const v2 = [...(await allV2Updates(client))].reverse();
    const counts = new Map<string, number>();
    for (const item of v2) for (const p of partiesOf(item)) counts.set(p, (counts.get(p) ?? 0) + 1);
    // The busiest party (the DSO), a rare one, and one that acts only as a reassignment submitter or not at all.
    const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const parties = [
      byCount[0][0],
      byCount[Math.floor(byCount.length / 2)][0],
      byCount[byCount.length - 1][0],
    ];
    for (const party of parties) {
      const expected = v2.filter((i) => partiesOf(i).has(party)).map((i) => i.update_id);
      expect(expected.length).toBeGreaterThan(0);
      const listed = await allExplorerUpdates(client, { party, limit: 9 });
      expect({ party, ids: listed.map((u) => u.update_id) }).toEqual({ party, ids: expected });
    }
    const stranger = await listExplorerUpdates(client, { party: 'nobody::1220' + 'f'.repeat(64) });
    expect(stranger.body).toEqual({ updates: [] });
  });

  it('filters by template: full id, package name form or MODULE:ENTITY, alone or with a party', async () => {
    const client = app.client();
    const contracts = createdEventsById(app.history());
    const v2 = [...(await allV2Updates(client))].reverse();
    const summaries = v2.map((i) => ({ item: i, templates: templatesOf(i, contracts) }));
    const amulet = [...contracts.values()].find((c) => c.template_id.endsWith(':Splice.Amulet:Amulet'))!;
    const [, moduleName, entityName] = amulet.template_id.split(':');
    const expected = summaries
      .filter((s) => [...s.templates].some((t) => t.endsWith(`:${moduleName}:${entityName}`)))
      .map((s) => s.item.update_id);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(v2.length);
    for (const template of [
      amulet.template_id,
      `${amulet.package_name}:${moduleName}:${entityName}`,
      `${moduleName}:${entityName}`,
    ]) {
      const listed = await allExplorerUpdates(client, { template, limit: 25 });
      expect({ template, ids: listed.map((u) => u.update_id) }).toEqual({ template, ids: expected });
    }
    // Both filters: the amulet updates of the amulet's owner (fewer than all amulet updates).
    const partiesOf = partiesOfUpdates(app.history());
    const owner = amulet.signatories[amulet.signatories.length - 1];
    const ownersAmulets = summaries
      .filter((s) => expected.includes(s.item.update_id) && partiesOf(s.item).has(owner))
      .map((s) => s.item.update_id);
    expect(ownersAmulets.length).toBeGreaterThan(0);
    expect(ownersAmulets.length).toBeLessThan(expected.length);
    const both = await allExplorerUpdates(client, {
      template: `${moduleName}:${entityName}`,
      party: owner,
      limit: 4,
    });
    expect(both.map((u) => u.update_id)).toEqual(ownersAmulets);
    const unknown = await listExplorerUpdates(client, { template: 'Nope.Module:Nothing' });
    expect(unknown.body).toEqual({ updates: [] });
    const otherPackage = await listExplorerUpdates(client, {
      template: `other-package:${moduleName}:${entityName}`,
    });
    expect(otherPackage.body).toEqual({ updates: [] });
  });

  it('answers 400 with an error body for a bad limit, page token or template', async () => {
    const client = app.client();
    const base = (await listExplorerUpdates(client, { limit: 1 })).body as scanApi.ExplorerUpdatesResponse;
    expect(base.next_page_token).toBeDefined();
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=1.5',
      'page_token=not-a-token',
      `page_token=${Buffer.from('1|yesterday|3').toString('base64url')}`,
      'template=a:b:c:d',
      'template=Amulet',
      'template=:Splice.Amulet:Amulet',
    ]) {
      const res = await sendRaw(app.base(), { method: 'GET', path: `/v0/explorer/updates?${query}` });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    }
  });
});
