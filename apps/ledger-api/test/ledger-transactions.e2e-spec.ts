import { ledgerSpec } from '@canton-scan/contracts';
import { LedgerPruningRepository, LedgerPruningService, SpliceTemplates, Db } from '@canton-scan/domain';
import { expectResponseMatchesSpec, sendRaw } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';
import { transactionByOffsetCalls, kinds, created, archived, anyParty } from './ledger-transactions.fixture';

describe('POST /v2/updates/transaction-by-offset', () => {
  const t = useLedgerTestApp();
  const { byOffset, transaction } = transactionByOffsetCalls(t);

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
