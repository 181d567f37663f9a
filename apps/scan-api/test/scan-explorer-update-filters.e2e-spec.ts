import type { scanApi } from '@canton-scan/contracts';
import { sendRaw } from '@canton-scan/testing';
import {
  allExplorerUpdates,
  allV2Updates,
  createdEventsById,
  listExplorerUpdates,
  templatesOf,
  useExplorerApp,
} from './explorer.fixture';

type Item = scanApi.UpdateHistoryItemV2;

/** The choices exercised in an item (none for a reassignment). */
const choicesOf = (item: Item): Set<string> =>
  new Set(
    'events_by_id' in item
      ? Object.values(item.events_by_id).flatMap((e) =>
          e.event_type === 'exercised_event' ? [e.choice] : [],
        )
      : [],
  );

/** The contracts an item creates, exercises, archives or reassigns. */
const contractsOf = (item: Item): Set<string> =>
  new Set(
    'events_by_id' in item
      ? Object.values(item.events_by_id).map((e) => e.contract_id)
      : ['created_event' in item.event ? item.event.created_event.contract_id : item.event.contract_id],
  );

/** The busiest, a middling and the rarest key of `keysOf` over `items`, with their counts. */
function spread(items: readonly Item[], keysOf: (item: Item) => Set<string>): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of keysOf(item)) counts.set(k, (counts.get(k) ?? 0) + 1);
  const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [byCount[0], byCount[Math.floor(byCount.length / 2)], byCount[byCount.length - 1]];
}

describe('explorer update list filters by choice and contract id', () => {
  const app = useExplorerApp();

  /** `POST /v2/updates` newest first: the brute-force list the explorer's filters must equal. */
  const newestFirst = async () => [...(await allV2Updates(app.client()))].reverse();
  const ids = (items: readonly { update_id: string }[]) => items.map((i) => i.update_id);

  it('filters by choice: updates with an exercised event of it, across pages', async () => {
    const v2 = await newestFirst();
    const picked = spread(v2, choicesOf);
    expect(picked[0][1]).toBeGreaterThan(20);
    for (const [choice] of picked) {
      const expected = ids(v2.filter((i) => choicesOf(i).has(choice)));
      const listed = await allExplorerUpdates(app.client(), { choice, limit: 7 });
      expect({ choice, ids: ids(listed) }).toEqual({ choice, ids: expected });
    }
    const none = await listExplorerUpdates(app.client(), { choice: 'NoSuch_Choice' });
    expect(none.body).toEqual({ updates: [] });
  });

  it('filters by contract id: its create, exercises, archive and reassignments, across pages', async () => {
    const v2 = await newestFirst();
    // A contract that came back: assigned after its unassignment.
    const assigned = v2.find((i) => !('events_by_id' in i) && 'created_event' in i.event)!;
    const reassigned = [...contractsOf(assigned)][0];
    const picked = [...spread(v2, contractsOf), [reassigned, 0] as [string, number]];
    expect(picked[0][1]).toBeGreaterThan(20);
    for (const [contractId] of picked) {
      const expected = ids(v2.filter((i) => contractsOf(i).has(contractId)));
      const listed = await allExplorerUpdates(app.client(), { contract_id: contractId, limit: 6 });
      expect({ contractId, ids: ids(listed) }).toEqual({ contractId, ids: expected });
    }
    // The reassigned contract's list holds its create, its unassignment and its assignment.
    const kinds = (await allExplorerUpdates(app.client(), { contract_id: reassigned, limit: 100 })).map(
      (u) => u.reassignment ?? u.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['transaction', 'unassignment', 'assignment']));
    const none = await listExplorerUpdates(app.client(), { contract_id: '00' + 'ab'.repeat(34) });
    expect(none.body).toEqual({ updates: [] });
  });

  it('combines choice and contract id with each other and with the party and template filters', async () => {
    const v2 = await newestFirst();
    const contracts = createdEventsById(app.history());
    const [[busiestContract]] = spread(v2, contractsOf);
    const onContract = v2.filter((i) => contractsOf(i).has(busiestContract));
    const [[choice]] = spread(onContract, choicesOf);
    const cases: [NonNullable<scanApi.ListExplorerUpdatesData['query']>, (i: Item) => boolean][] = [
      [
        { choice, contract_id: busiestContract },
        (i) => choicesOf(i).has(choice) && contractsOf(i).has(busiestContract),
      ],
      [
        { choice, template: 'Splice.Amulet:Amulet' },
        (i) =>
          choicesOf(i).has(choice) &&
          [...templatesOf(i, contracts)].some((t) => t.endsWith(':Splice.Amulet:Amulet')),
      ],
    ];
    // A contract's signatory as party: the updates of that contract (it signs all of them).
    const amulet = [...contracts.values()].find((c) => c.template_id.endsWith(':Splice.Amulet:Amulet'))!;
    cases.push([
      { contract_id: amulet.contract_id, party: amulet.signatories[0] },
      (i) => contractsOf(i).has(amulet.contract_id),
    ]);
    for (const [query, keep] of cases) {
      const expected = ids(v2.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      const listed = await allExplorerUpdates(app.client(), { ...query, limit: 4 });
      expect({ query, ids: ids(listed) }).toEqual({ query, ids: expected });
    }
    // Fewer than either filter alone: the combination is an intersection, not a union.
    expect(v2.filter(cases[0][1]).length).toBeLessThan(onContract.length);
    expect(v2.filter(cases[0][1]).length).toBeLessThan(v2.filter((i) => choicesOf(i).has(choice)).length);
  });

  it('continues after the same position when a page token is passed with other filters', async () => {
    const v2 = await newestFirst();
    const position = new Map(v2.map((item, index) => [item.update_id, index]));
    const [[choice]] = spread(v2, choicesOf);
    const first = (await listExplorerUpdates(app.client(), { choice, limit: 5 }))
      .body as scanApi.ExplorerUpdatesResponse;
    const after = position.get(first.updates[4].update_id)!;
    const [[contractId]] = spread(v2, contractsOf);
    const next = (
      await listExplorerUpdates(app.client(), {
        contract_id: contractId,
        limit: 100,
        page_token: first.next_page_token,
      })
    ).body as scanApi.ExplorerUpdatesResponse;
    const expected = v2.filter((i, index) => index > after && contractsOf(i).has(contractId));
    expect(ids(next.updates)).toEqual(ids(expected).slice(0, 100));
  });

  it('answers 400 with an error body for a malformed choice or contract id', async () => {
    for (const query of [
      'choice=',
      'choice=Amulet%20Rules',
      'choice=AmuletRules-Transfer',
      'choice=1Transfer',
      `choice=${'A'.repeat(257)}`,
      'contract_id=',
      'contract_id=xyz',
      'contract_id=01ab',
      'contract_id=00ABCD',
      `contract_id=00${'a'.repeat(511)}`,
    ]) {
      const res = await sendRaw(app.base(), { method: 'GET', path: `/v0/explorer/updates?${query}` });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
    }
  });
});
