import {
  deriveCreatedEventBlob,
  SpliceInterfaces,
  SpliceTemplates,
  type HistoryCreatedEvent,
} from '@canton-scan/domain';
import { useLedgerTestApp } from './ledger-test-app';
import {
  transactionByOffsetCalls,
  kinds,
  created,
  archived,
  exercised,
  anyParty,
} from './ledger-transactions.fixture';

describe('POST /v2/updates/transaction-by-offset', () => {
  const t = useLedgerTestApp();
  const { byOffset, transaction } = transactionByOffsetCalls(t);

  describe('transactionFormat', () => {
    it('ACS delta for any party: creates and archives of every stakeholder, created-event blobs when the wildcard asks', async () => {
      const tx = await transaction('admin', {
        offset: 2,
        ...anyParty([{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }]),
      });
      expect(kinds(tx.events)).toEqual(['ArchivedEvent', 'CreatedEvent', 'CreatedEvent']);
      expect(tx.commandId).toBe(t.history.tx.tx2.command_id);
      // The history supplied no blobs: each is derived from its created event as stored (parties
      // sorted), the same on every read.
      const historyCreates = Object.values(t.history.tx.tx2.events_by_id).filter(
        (e): e is HistoryCreatedEvent => e.event_type === 'created_event',
      );
      for (const e of tx.events.slice(1)) {
        const source = historyCreates.find((h) => h.contract_id === created(e).contractId)!;
        expect(created(e).createdEventBlob).toBe(
          deriveCreatedEventBlob({
            ...source,
            signatories: [...source.signatories].sort(),
            observers: [...source.observers].sort(),
          }),
        );
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
              // Payload timestamps as the JSON Ledger API writes them (Instant.toString).
              expiresAt: '2026-02-01T00:00:00Z',
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
});
