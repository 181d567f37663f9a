import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import {
  deriveCreatedEventBlob,
  LedgerPruningRepository,
  LedgerPruningService,
  SpliceInterfaces,
  SpliceTemplates,
  type HistoryCreatedEvent,
  Db,
} from '@canton-scan/domain';
import { expectResponseMatchesSpec, sendRaw } from '@canton-scan/testing';
import { useLedgerTestApp, type TestUser } from './ledger-test-app';

type Body = ledgerApi.GetTransactionByOffsetRequest;
type Event = ledgerApi.Event;

describe('POST /v2/updates/transaction-by-offset', () => {
  const t = useLedgerTestApp();

  async function byOffset(user: TestUser, body: Body) {
    const res = await ledgerApi.getTransactionByOffset({ client: await t.client(user), body });
    expectResponseMatchesSpec(ledgerSpec, 'getTransactionByOffset', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  }

  async function transaction(user: TestUser, body: Body): Promise<ledgerApi.Transaction> {
    const res = await byOffset(user, body);
    expect(res.response.status).toBe(200);
    return res.data!.transaction;
  }

  const kinds = (events: Event[]) => events.map((e) => Object.keys(e)[0]);
  const created = (e: Event) => (e as { CreatedEvent: ledgerApi.CreatedEvent }).CreatedEvent;
  const archived = (e: Event) => (e as { ArchivedEvent: ledgerApi.ArchivedEvent }).ArchivedEvent;
  const exercised = (e: Event) => (e as { ExercisedEvent: ledgerApi.ExercisedEvent }).ExercisedEvent;
  const anyParty = (
    cumulative: ledgerApi.CumulativeFilter[] = [],
    shape: ledgerApi.TransactionShape = 'TRANSACTION_SHAPE_ACS_DELTA',
  ) => ({
    transactionFormat: { eventFormat: { filtersForAnyParty: { cumulative } }, transactionShape: shape },
  });

  describe('deprecated requestingParties form', () => {
    it('returns the flat transaction of the requested party with its defaults: ACS delta, no blobs', async () => {
      const { alice } = t.history.parties;
      const tx = await transaction('alice', { offset: 2, requestingParties: [alice] });
      expect(tx).toMatchObject({
        updateId: t.history.tx.tx2.update_id,
        offset: 2,
        recordTime: t.history.tx.tx2.record_time,
      });
      expect(kinds(tx.events)).toEqual(['ArchivedEvent', 'CreatedEvent']);
      expect(archived(tx.events[0])).toMatchObject({
        contractId: t.history.contracts.a1,
        nodeId: 0,
        offset: 2,
        witnessParties: [alice],
      });
      expect(created(tx.events[1])).toMatchObject({
        contractId: t.history.contracts.l1,
        nodeId: 2,
        templateId: SpliceTemplates.LockedAmulet.templateId,
        packageName: 'splice-amulet',
        witnessParties: [alice],
        acsDelta: true,
        createArgument: {
          amulet: { owner: alice, amount: { initialAmount: '60.0000000000' } },
          lock: { optContext: 'allocation' },
        },
      });
      expect(created(tx.events[1])).not.toHaveProperty('createdEventBlob');
      expect(created(tx.events[1])).not.toHaveProperty('interfaceViews');
    });

    it('shows the command id to the party that acted in a root node only', async () => {
      const { alice, bob } = t.history.parties;
      expect((await transaction('alice', { offset: 2, requestingParties: [alice] })).commandId).toBe(
        t.history.tx.tx2.command_id,
      );
      expect((await transaction('bob', { offset: 2, requestingParties: [bob] })).commandId).toBe('');
    });

    it('rejects requestingParties together with transactionFormat (400 text/plain)', async () => {
      const { alice } = t.history.parties;
      const res = await byOffset('alice', { offset: 2, requestingParties: [alice], ...anyParty() });
      expect(res.response.status).toBe(400);
      expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.error).toContain('requestingParties');
    });

    it('rejects a request with neither requestingParties nor transactionFormat', async () => {
      const res = await byOffset('alice', { offset: 2 });
      expect(res.response.status).toBe(400);
      expect(res.error).toContain('transactionFormat is required');
    });
  });

  describe('transactionFormat', () => {
    it('ACS delta for any party: creates and archives of every stakeholder, created-event blobs when the wildcard asks', async () => {
      const tx = await transaction('admin', {
        offset: 2,
        ...anyParty([{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }]),
      });
      expect(kinds(tx.events)).toEqual(['ArchivedEvent', 'CreatedEvent', 'CreatedEvent']);
      expect(tx.commandId).toBe(t.history.tx.tx2.command_id);
      // The history supplied no blobs: each is derived from its created event, the same on every read.
      const historyCreates = Object.values(t.history.tx.tx2.events_by_id).filter(
        (e): e is HistoryCreatedEvent => e.event_type === 'created_event',
      );
      for (const e of tx.events.slice(1)) {
        const source = historyCreates.find((h) => h.contract_id === created(e).contractId)!;
        expect(created(e).createdEventBlob).toBe(deriveCreatedEventBlob(source));
      }
      expect(archived(tx.events[0]).witnessParties.sort()).toEqual(
        [t.history.parties.alice, t.history.parties.dso].sort(),
      );
    });

    it('ledger effects: created and exercised events the party witnesses, with lastDescendantNodeId and results', async () => {
      const { alice } = t.history.parties;
      const tx = await transaction('alice', {
        offset: 2,
        transactionFormat: {
          eventFormat: { filtersByParty: { [alice]: {} } },
          transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
        },
      });
      expect(kinds(tx.events)).toEqual(['ExercisedEvent', 'CreatedEvent']);
      expect(exercised(tx.events[0])).toMatchObject({
        nodeId: 0,
        contractId: t.history.contracts.a1,
        choice: 'AmuletRules_Transfer',
        choiceArgument: {},
        exerciseResult: {},
        consuming: true,
        actingParties: [alice],
        lastDescendantNodeId: 2,
        witnessParties: [alice],
        acsDelta: true,
      });
      expect(created(tx.events[1]).nodeId).toBe(2);
    });

    it('leaves contracts created and archived in one transaction out of the ACS delta, but not out of the ledger effects', async () => {
      const { carol } = t.history.parties;
      const acsDelta = await byOffset('carol', { offset: 3, requestingParties: [carol] });
      expect(acsDelta.response.status).toBe(404);
      const effects = await transaction('carol', {
        offset: 3,
        transactionFormat: {
          eventFormat: { filtersByParty: { [carol]: { cumulative: [] } } },
          transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
        },
      });
      expect(kinds(effects.events)).toEqual(['CreatedEvent', 'ExercisedEvent']);
      expect(created(effects.events[0]).acsDelta).toBe(false);
      expect(exercised(effects.events[1]).acsDelta).toBe(false);
    });

    it('matches templates by package name and by package id, each with its own blob flag', async () => {
      const byName = await transaction('admin', {
        offset: 2,
        ...anyParty([
          {
            identifierFilter: {
              TemplateFilter: {
                value: {
                  templateId: '#splice-amulet:Splice.Amulet:LockedAmulet',
                  includeCreatedEventBlob: true,
                },
              },
            },
          },
        ]),
      });
      expect(kinds(byName.events)).toEqual(['CreatedEvent']);
      expect(created(byName.events[0]).contractId).toBe(t.history.contracts.l1);
      expect(created(byName.events[0]).createdEventBlob).toBeDefined();

      const byId = await transaction('admin', {
        offset: 2,
        ...anyParty([
          {
            identifierFilter: {
              TemplateFilter: { value: { templateId: SpliceTemplates.Amulet.templateId } },
            },
          },
        ]),
      });
      expect(kinds(byId.events)).toEqual(['ArchivedEvent', 'CreatedEvent']);
      expect(created(byId.events[1]).contractId).toBe(t.history.contracts.b2);
      expect(created(byId.events[1])).not.toHaveProperty('createdEventBlob');
    });

    it('unions cumulative filters and accumulates their include flags', async () => {
      const tx = await transaction('admin', {
        offset: 2,
        ...anyParty([
          {
            identifierFilter: {
              TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:Amulet' } },
            },
          },
          {
            identifierFilter: {
              TemplateFilter: { value: { templateId: '#splice-amulet:Splice.Amulet:LockedAmulet' } },
            },
          },
          {
            identifierFilter: {
              InterfaceFilter: {
                value: { interfaceId: SpliceInterfaces.Holding.interfaceId, includeCreatedEventBlob: true },
              },
            },
          },
          { identifierFilter: { Empty: {} } },
        ]),
      });
      expect(kinds(tx.events)).toEqual(['ArchivedEvent', 'CreatedEvent', 'CreatedEvent']);
      for (const e of tx.events.slice(1)) expect(created(e).createdEventBlob).toBeDefined();
    });

    it('matches interface filters through the templates implementing them and renders the requested views', async () => {
      const tx = await transaction('admin', {
        offset: 2,
        ...anyParty([
          {
            identifierFilter: {
              InterfaceFilter: {
                value: {
                  interfaceId: `#${SpliceInterfaces.Holding.qualifiedName}`,
                  includeInterfaceView: true,
                },
              },
            },
          },
        ]),
      });
      expect(kinds(tx.events)).toEqual(['ArchivedEvent', 'CreatedEvent', 'CreatedEvent']);
      expect(archived(tx.events[0]).implementedInterfaces).toEqual([SpliceInterfaces.Holding.interfaceId]);
      const locked = created(tx.events[2]);
      expect(locked.interfaceViews).toEqual([
        {
          interfaceId: SpliceInterfaces.Holding.interfaceId,
          viewStatus: { code: 0, message: '' },
          viewValue: expect.objectContaining({
            owner: t.history.parties.alice,
            amount: '60.0000000000',
            instrumentId: { admin: t.history.parties.dso, id: 'Amulet' },
            lock: {
              holders: [t.history.parties.dso],
              expiresAt: '2026-02-01T00:00:00.000000Z',
              expiresAfter: null,
              context: 'allocation',
            },
          }),
        },
      ]);

      const factories = await transaction('admin', {
        offset: 1,
        ...anyParty([
          {
            identifierFilter: {
              InterfaceFilter: {
                value: {
                  interfaceId: SpliceInterfaces.AllocationFactory.interfaceId,
                  includeInterfaceView: true,
                },
              },
            },
          },
        ]),
      });
      expect(factories.events.map((e) => created(e).contractId)).toEqual([t.history.contracts.rules]);
      expect(created(factories.events[0]).interfaceViews?.[0].viewValue).toEqual({
        admin: t.history.parties.dso,
        meta: { values: {} },
      });
    });

    it('filters by party: each party sees the events of contracts it is a stakeholder of', async () => {
      const { bob } = t.history.parties;
      const tx = await transaction('bob', {
        offset: 2,
        transactionFormat: {
          eventFormat: {
            filtersByParty: {
              [bob]: { cumulative: [{ identifierFilter: { WildcardFilter: { value: {} } } }] },
            },
          },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      });
      expect(kinds(tx.events)).toEqual(['CreatedEvent']);
      expect(created(tx.events[0])).toMatchObject({
        contractId: t.history.contracts.b2,
        witnessParties: [bob],
      });
    });

    it('returns the transaction fields: workflow id, effective time, synchronizer, external hash', async () => {
      const tx = await transaction('admin', {
        offset: 6,
        ...anyParty([], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
      });
      const tx6 = t.history.tx.tx6;
      expect(tx).toMatchObject({
        updateId: tx6.update_id,
        workflowId: 'wf-featured',
        effectiveAt: tx6.effective_at,
        synchronizerId: tx6.synchronizer_id,
        recordTime: tx6.record_time,
        externalTransactionHash: 'ab'.repeat(32),
        offset: 6,
      });
      expect(kinds(tx.events)).toEqual(['CreatedEvent', 'ExercisedEvent']);
      expect(exercised(tx.events[1])).toMatchObject({
        consuming: false,
        acsDelta: false,
        choice: 'ExternalPartyAmuletRules_Check',
      });
    });

    it('rejects an unspecified transaction shape and a format without parties', async () => {
      const noShape = await byOffset('admin', {
        offset: 1,
        transactionFormat: { eventFormat: { filtersForAnyParty: {} } },
      });
      expect(noShape.response.status).toBe(400);
      expect(noShape.error).toContain('transactionShape is unspecified');
      const noParties = await byOffset('admin', {
        offset: 1,
        transactionFormat: { eventFormat: {}, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
      });
      expect(noParties.response.status).toBe(400);
      expect(noParties.error).toContain('cannot be empty simultaneously');
    });
  });

  describe('errors', () => {
    it('404 NOT_FOUND when nothing at the offset is visible, the offset holds a reassignment or lies beyond the ledger end', async () => {
      const { dave } = t.history.parties;
      for (const offset of [4, 99]) {
        const res = await byOffset('admin', { offset, ...anyParty() });
        expect(res.response.status).toBe(404);
        expect(res.error).toMatchObject({ code: 'NOT_FOUND', errorCategory: 11 });
      }
      const daveUser = await byOffset('admin', { offset: 1, requestingParties: [dave] });
      expect(daveUser.response.status).toBe(404);
    });

    it('403 PERMISSION_DENIED for a party the user may not read, or any party without that right', async () => {
      const { alice } = t.history.parties;
      const other = await byOffset('bob', { offset: 2, requestingParties: [alice] });
      expect(other.response.status).toBe(403);
      expect(other.error).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
      const any = await byOffset('alice', { offset: 2, ...anyParty() });
      expect(any.response.status).toBe(403);
      const adminOnly = await byOffset('adminOnly', { offset: 2, requestingParties: [alice] });
      expect(adminOnly.response.status).toBe(403);
    });

    it('PARTICIPANT_PRUNED_DATA_ACCESSED (400, ledger error body) at or below the pruning offset', async () => {
      await new LedgerPruningService(new LedgerPruningRepository(Db.of(t.db.dataSource))).prune(2, false);
      const res = await byOffset('admin', { offset: 2, ...anyParty() });
      expect(res.response.status).toBe(400);
      expect(res.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.error).toMatchObject({
        code: 'PARTICIPANT_PRUNED_DATA_ACCESSED',
        errorCategory: 9,
        context: { participantPrunedUpToInclusive: '2' },
      });
      expect(
        (await byOffset('admin', { offset: 3, ...anyParty([], 'TRANSACTION_SHAPE_LEDGER_EFFECTS') })).response
          .status,
      ).toBe(200);
    });

    it('400 text/plain for a malformed template id', async () => {
      const res = await sendRaw(
        t.base(),
        {
          method: 'POST',
          path: '/v2/updates/transaction-by-offset',
          contentType: 'application/json',
          body: JSON.stringify({
            offset: 1,
            ...anyParty([{ identifierFilter: { TemplateFilter: { value: { templateId: 'Amulet' } } } }]),
          }),
        },
        { authorization: `Bearer ${await t.token('admin')}` },
      );
      expect(res.status).toBe(400);
      expect(res.contentType).toMatch(/^text\/plain/);
      expect(res.text).toContain('templateId must be');
      expectResponseMatchesSpec(ledgerSpec, 'getTransactionByOffset', {
        status: 400,
        contentType: res.contentType,
        body: res.text,
      });
    });
  });
});
