import { WebSocket } from 'ws';
import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { Db, LedgerPruningRepository, LedgerPruningService } from '@canton-scan/domain';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp, type TestUser } from './ledger-test-app';

type Body = ledgerApi.GetActiveContractsRequest;
type Item = ledgerApi.GetActiveContractsResponse;

const anyParty: ledgerApi.EventFormat = { filtersForAnyParty: {} };
const contractIds = (items: Item[]) =>
  items.map((i) => i.contractEntry.JsActiveContract.createdEvent.contractId);

describe('GET /v2/state/ledger-end', () => {
  const t = useLedgerTestApp();

  it('answers the offset of the newest update, and follows the ledger as it grows', async () => {
    const read = async () => {
      const res = await ledgerApi.getLedgerEnd({ client: await t.client('bob') });
      expectResponseMatchesSpec(ledgerSpec, 'getLedgerEnd', {
        status: res.response.status,
        contentType: res.response.headers.get('content-type'),
        body: res.data ?? res.error,
      });
      return res.data;
    };
    expect(await read()).toEqual({ offset: 6 });
    await t.append([t.history.next()]);
    expect(await read()).toEqual({ offset: 7 });
  });

  it('answers 0 for an empty ledger', async () => {
    await t.db.dataSource.query('TRUNCATE updates, events, contracts CASCADE');
    const res = await ledgerApi.getLedgerEnd({ client: await t.client('admin') });
    expect(res.data).toEqual({ offset: 0 });
  });
});

describe('POST /v2/state/active-contracts', () => {
  // A small list limit, so the 413 rules are reachable with the fixture's five active contracts.
  const t = useLedgerTestApp({ LEDGER_MAX_LIST_ELEMENTS: '4' });

  async function acs(user: TestUser, body: Body, query: ledgerApi.GetActiveContractsData['query'] = {}) {
    const res = await ledgerApi.getActiveContracts({ client: await t.client(user), body, query });
    expectResponseMatchesSpec(ledgerSpec, 'getActiveContracts', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  }

  async function items(user: TestUser, body: Body, query: ledgerApi.GetActiveContractsData['query'] = {}) {
    const res = await acs(user, body, query);
    expect({ status: res.response.status, error: res.error }).toEqual({ status: 200, error: undefined });
    return res.data!;
  }

  it('lists the contracts created at or before the offset and not archived by then, in creation order', async () => {
    const c = t.history.contracts;
    // At 1: tx 1's three contracts.
    expect(
      contractIds(await items('admin', { activeAtOffset: 1, eventFormat: anyParty }, { limit: 4 })),
    ).toEqual([c.a1, c.b1, c.rules]);
    // At 3: a1 archived at 2, b2 and l1 created at 2, the transient contract of 3 never active.
    expect(contractIds(await items('admin', { activeAtOffset: 3, eventFormat: anyParty }))).toEqual([
      c.b1,
      c.rules,
      c.b2,
      c.l1,
    ]);
    // At 4: b1 is unassigned (in flight), so not active on any synchronizer.
    expect(contractIds(await items('admin', { activeAtOffset: 4, eventFormat: anyParty }))).toEqual([
      c.rules,
      c.b2,
      c.l1,
    ]);
  });

  it('renders each contract as the created event of its latest activation, with its synchronizer and reassignment counter', async () => {
    const { bob } = t.history.parties;
    const list = await items('bob', { activeAtOffset: 6, eventFormat: { filtersByParty: { [bob]: {} } } });
    const h = t.history;
    expect(list).toEqual([
      {
        workflowId: '',
        contractEntry: {
          JsActiveContract: {
            createdEvent: expect.objectContaining({
              contractId: h.contracts.b1,
              offset: 5,
              nodeId: 0,
              witnessParties: [bob],
              acsDelta: true,
            }),
            synchronizerId: h.builder.otherSynchronizer,
            reassignmentCounter: 1,
          },
        },
      },
      {
        workflowId: expect.any(String),
        contractEntry: {
          JsActiveContract: {
            createdEvent: expect.objectContaining({
              contractId: h.contracts.b2,
              offset: 2,
              witnessParties: [bob],
            }),
            synchronizerId: h.builder.synchronizer,
            reassignmentCounter: 0,
          },
        },
      },
    ]);
    expect(list[1].contractEntry.JsActiveContract.createdEvent.createdEventBlob).toBeUndefined();
  });

  it('the created event equals the one of the ACS-delta transaction that created it (template filter with blobs)', async () => {
    const { carol } = t.history.parties;
    const eventFormat: ledgerApi.EventFormat = {
      filtersByParty: {
        [carol]: {
          cumulative: [
            {
              identifierFilter: {
                TemplateFilter: {
                  value: {
                    templateId: '#splice-amulet:Splice.Amulet:FeaturedAppRight',
                    includeCreatedEventBlob: true,
                  },
                },
              },
            },
          ],
        },
      },
    };
    const [featured] = await items('carol', { activeAtOffset: 6, eventFormat });
    const tx = await ledgerApi.getUpdateByOffset({
      client: await t.client('carol'),
      body: {
        offset: 6,
        updateFormat: {
          includeTransactions: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
        },
      },
    });
    const update = tx.data!.update as { Transaction: { value: ledgerApi.Transaction } };
    expect(update.Transaction.value.events).toEqual([
      { CreatedEvent: featured.contractEntry.JsActiveContract.createdEvent },
    ]);
    expect(featured.workflowId).toBe('wf-featured');
    expect(featured.contractEntry.JsActiveContract.createdEvent.createdEventBlob).toEqual(expect.any(String));
  });

  it('a party sees only the contracts it is a stakeholder of; the deprecated filter form works alike', async () => {
    const { alice } = t.history.parties;
    const c = t.history.contracts;
    expect(
      contractIds(
        await items('alice', { activeAtOffset: 6, eventFormat: { filtersByParty: { [alice]: {} } } }),
      ),
    ).toEqual([c.l1]);
    expect(
      contractIds(
        await items('alice', {
          activeAtOffset: 1,
          filter: { filtersByParty: { [alice]: {} } },
          verbose: true,
        }),
      ),
    ).toEqual([c.a1]);
  });

  it('activeAtOffset 0 is the empty set', async () => {
    expect(await items('admin', { activeAtOffset: 0, eventFormat: anyParty })).toEqual([]);
  });

  it('answers 413 above the list limit, never with a limit of at most it', async () => {
    const res = await acs('admin', { activeAtOffset: 6, eventFormat: anyParty });
    expect(res.response.status).toBe(413);
    expect(res.error).toMatchObject({
      code: 'JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED',
      errorCategory: 2,
    });
    expect(await items('admin', { activeAtOffset: 6, eventFormat: anyParty }, { limit: 3 })).toHaveLength(3);
  });

  it('403 for a party the user may not read, or any party without the right', async () => {
    const { alice } = t.history.parties;
    for (const eventFormat of [{ filtersByParty: { [alice]: {} } }, anyParty]) {
      const res = await acs('bob', { activeAtOffset: 6, eventFormat });
      expect(res.response.status).toBe(403);
      expect(res.error).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
    }
    const adminOnly = await acs('adminOnly', { activeAtOffset: 6, eventFormat: anyParty });
    expect(adminOnly.response.status).toBe(403);
  });

  it('bad input: 400 text/plain naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ activeAtOffset: -1, eventFormat: anyParty }, 'activeAtOffset'],
      [{ eventFormat: anyParty }, 'activeAtOffset'],
      [{ activeAtOffset: 1 }, 'eventFormat is required'],
      [{ activeAtOffset: 1, eventFormat: anyParty, filter: {} }, 'not both'],
      [{ activeAtOffset: 1, eventFormat: {} }, 'cannot be empty'],
      [{ activeAtOffset: 9, eventFormat: anyParty }, 'OFFSET_AFTER_LEDGER_END'],
    ];
    for (const [body, problem] of cases) {
      const res = await acs('admin', body as Body);
      expect({ body, status: res.response.status }).toEqual({ body, status: 400 });
      expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.error).toContain(problem);
    }
  });

  it('an offset below the pruning offset: PARTICIPANT_PRUNED_DATA_ACCESSED; at it: served', async () => {
    await new LedgerPruningService(new LedgerPruningRepository(Db.of(t.db.dataSource))).prune(3, false);
    const res = await acs('admin', { activeAtOffset: 2, eventFormat: anyParty });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'PARTICIPANT_PRUNED_DATA_ACCESSED', errorCategory: 9 });
    expect(await items('admin', { activeAtOffset: 3, eventFormat: anyParty })).toHaveLength(4);
  });

  describe('over a WebSocket', () => {
    async function stream(request: unknown, user: TestUser = 'admin') {
      const ws = new WebSocket(`${t.base().replace(/^http/, 'ws')}/v2/state/active-contracts`, [
        'daml.ws.auth',
        `jwt.token.${await t.token(user)}`,
      ]);
      const messages: unknown[] = [];
      ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
      ws.once('open', () => ws.send(JSON.stringify(request)));
      const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
      return { code, messages };
    }

    it('sends one message per active contract, without the list limit, then closes normally', async () => {
      const { code, messages } = await stream({ activeAtOffset: 6, eventFormat: anyParty });
      expect(code).toBe(1000);
      expectResponseMatchesSpec(ledgerSpec, 'getActiveContracts', {
        status: 200,
        contentType: 'application/json',
        body: messages,
      });
      const listed = await items('admin', { activeAtOffset: 6, eventFormat: anyParty }, { limit: 4 });
      expect(messages.slice(0, 4)).toEqual(listed);
      const c = t.history.contracts;
      expect(contractIds(messages as Item[])).toEqual([c.b1, c.rules, c.b2, c.l1, expect.any(String)]);
    });

    it('answers a request error with one ledger error message, then closes (1008)', async () => {
      const { alice } = t.history.parties;
      const denied = await stream(
        { activeAtOffset: 6, eventFormat: { filtersByParty: { [alice]: {} } } },
        'bob',
      );
      expect(denied.code).toBe(1008);
      expect(denied.messages).toEqual([expect.objectContaining({ code: 'PERMISSION_DENIED' })]);
      const invalid = await stream({ eventFormat: anyParty });
      expect(invalid.code).toBe(1008);
      expect(invalid.messages).toEqual([
        expect.objectContaining({ code: 'INVALID_ARGUMENT', cause: 'request.activeAtOffset is required' }),
      ]);
    });
  });
});
