import { scanApi, scanSpec } from '@canton-scan/contracts';
import { callChecked, sendRaw } from '@canton-scan/testing';
import { createdEventsById, useExplorerApp, type Client } from './explorer.fixture';

const search = (client: Client, q: string) =>
  callChecked(scanSpec, 'searchExplorer', scanApi.searchExplorer({ client, query: { q } }));

describe('explorer search (GET /v0/explorer/search)', () => {
  const app = useExplorerApp();

  it('finds an update, a contract and a party by exact id, trimmed', async () => {
    const client = app.client();
    const history = app.history();
    const transaction = history.find((u) => u.offset !== '' && 'events_by_id' in u)!;
    const reassignment = history.find((u) => !('events_by_id' in u))!;
    const imported = history.find((u) => u.offset === '')!; // an import update: its id is its contract's
    const contracts = createdEventsById(history);
    const contract = [...contracts.values()][5];
    const party = contract.signatories[contract.signatories.length - 1];
    const observer = [...contracts.values()].flatMap((c) => c.observers).find((p) => p !== party)!;
    const cases: [string, scanApi.ExplorerSearchMatch[]][] = [
      [transaction.update_id, [{ kind: 'update', id: transaction.update_id }]],
      [reassignment.update_id, [{ kind: 'update', id: reassignment.update_id }]],
      [contract.contract_id, [{ kind: 'contract', id: contract.contract_id }]],
      [imported.update_id, [{ kind: 'contract', id: imported.update_id }]],
      [party, [{ kind: 'party', id: party }]],
      [observer, [{ kind: 'party', id: observer }]],
      [` \t${transaction.update_id}\n `, [{ kind: 'update', id: transaction.update_id }]],
      [`  ${party} `, [{ kind: 'party', id: party }]],
    ];
    for (const [q, matches] of cases) {
      const res = await search(client, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: { matches } });
    }
  });

  it('answers an empty list when nothing matched, including near misses', async () => {
    const client = app.client();
    const history = app.history();
    const transaction = history.find((u) => u.offset !== '' && 'events_by_id' in u)!;
    const contract = [...createdEventsById(history).values()][3];
    const party = contract.signatories[0];
    for (const q of [
      'hello',
      transaction.update_id.slice(0, -1),
      transaction.update_id.toUpperCase(),
      contract.contract_id + '0',
      party.split('::')[0],
      `${party}x`,
      'x'.repeat(512),
    ]) {
      const res = await search(client, q);
      expect({ q, status: res.status, body: res.body }).toEqual({ q, status: 200, body: { matches: [] } });
    }
  });

  it('answers 400 with an error body when q is missing, blank or too long', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20%09',
      `q=${'a'.repeat(513)}`,
      `q=%20${'a'.repeat(513)}%20`,
      `q=${'a'.repeat(1025)}`,
    ]) {
      const res = await sendRaw(app.base(), { method: 'GET', path: `/v0/explorer/search?${query}` });
      expect({ query: query.slice(0, 20), status: res.status }).toEqual({
        query: query.slice(0, 20),
        status: 400,
      });
      expect(JSON.parse(res.text)).toEqual({ error: expect.stringContaining('q') });
    }
  });
});
