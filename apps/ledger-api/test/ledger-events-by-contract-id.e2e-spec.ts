import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { Db, LedgerPruningRepository, LedgerPruningService } from '@canton-scan/domain';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp, type TestUser } from './ledger-test-app';
import { anyParty, archived, created, transactionByOffsetCalls } from './ledger-transactions.fixture';

describe('POST /v2/events/events-by-contract-id', () => {
  const t = useLedgerTestApp();
  const { transaction } = transactionByOffsetCalls(t);

  async function events(user: TestUser, body: ledgerApi.GetEventsByContractIdRequest) {
    const res = await ledgerApi.getEventsByContractId({ client: await t.client(user), body });
    expectResponseMatchesSpec(ledgerSpec, 'getEventsByContractId', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  }
  const by = (party: string): ledgerApi.EventFormat => ({ filtersByParty: { [party]: {} } });

  it('returns the created and archived events of an archived contract as the transactions show them', async () => {
    const { alice } = t.history.parties;
    const res = await events('alice', { contractId: t.history.contracts.a1, eventFormat: by(alice) });
    expect(res.response.status).toBe(200);
    const tx1 = await transaction('alice', { offset: 1, requestingParties: [alice] });
    const tx2 = await transaction('alice', { offset: 2, requestingParties: [alice] });
    const createdA1 = tx1.events.map(created).find((e) => e?.contractId === t.history.contracts.a1);
    const archivedA1 = tx2.events.map(archived).find((e) => e?.contractId === t.history.contracts.a1);
    expect(res.data).toEqual({
      created: { createdEvent: createdA1, synchronizerId: tx1.synchronizerId },
      archived: { archivedEvent: archivedA1, synchronizerId: tx2.synchronizerId },
    });
  });

  it('an active contract has no archived event; a transient one has both, from the same transaction', async () => {
    const { bob, carol } = t.history.parties;
    const active = await events('bob', { contractId: t.history.contracts.b1, eventFormat: by(bob) });
    expect(active.response.status).toBe(200);
    expect(Object.keys(active.data!)).toEqual(['created']);
    expect(active.data!.created!.createdEvent).toMatchObject({
      contractId: t.history.contracts.b1,
      offset: 1,
    });

    const transient = await events('carol', {
      contractId: t.history.contracts.transient,
      eventFormat: by(carol),
    });
    expect(transient.data).toMatchObject({
      created: { createdEvent: { offset: 3, witnessParties: [carol] } },
      archived: { archivedEvent: { offset: 3, witnessParties: [carol] } },
    });
  });

  it('projects through the event format: blobs when asked for', async () => {
    const res = await events('admin', {
      contractId: t.history.contracts.a1,
      eventFormat: anyParty([
        { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } },
      ]).transactionFormat.eventFormat,
    });
    expect(res.data!.created!.createdEvent.createdEventBlob).toEqual(expect.any(String));
    expect(res.data!.created!.createdEvent.createdEventBlob).not.toBe('');
  });

  it('404 NOT_FOUND for an unknown contract or one the requested parties do not see', async () => {
    const { bob, dave } = t.history.parties;
    for (const [user, body] of [
      ['admin', { contractId: '00unknown', eventFormat: anyParty().transactionFormat.eventFormat }],
      ['bob', { contractId: t.history.contracts.a1, eventFormat: by(bob) }],
      ['admin', { contractId: t.history.contracts.a1, eventFormat: by(dave) }],
    ] as [TestUser, ledgerApi.GetEventsByContractIdRequest][]) {
      const res = await events(user, body);
      expect(res.response.status).toBe(404);
      expect(res.error).toMatchObject({ code: 'NOT_FOUND', errorCategory: 11 });
    }
  });

  it('403 PERMISSION_DENIED for a party the user may not read, or any party without that right', async () => {
    const { alice } = t.history.parties;
    for (const [user, eventFormat] of [
      ['bob', by(alice)],
      ['alice', anyParty().transactionFormat.eventFormat],
    ] as [TestUser, ledgerApi.EventFormat][]) {
      const res = await events(user, { contractId: t.history.contracts.a1, eventFormat });
      expect(res.response.status).toBe(403);
      expect(res.error).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
    }
  });

  it('400 text/plain without an eventFormat, with an empty one, or without a contractId', async () => {
    for (const body of [
      { contractId: t.history.contracts.a1 },
      { contractId: t.history.contracts.a1, eventFormat: {} },
      { eventFormat: anyParty().transactionFormat.eventFormat },
    ]) {
      const res = await events('admin', body as ledgerApi.GetEventsByContractIdRequest);
      expect(res.response.status).toBe(400);
      expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  it('PARTICIPANT_PRUNED_DATA_ACCESSED for a contract created at or below the pruning offset', async () => {
    await new LedgerPruningService(new LedgerPruningRepository(Db.of(t.db.dataSource))).prune(1, false);
    const res = await events('admin', {
      contractId: t.history.contracts.a1,
      eventFormat: anyParty().transactionFormat.eventFormat,
    });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'PARTICIPANT_PRUNED_DATA_ACCESSED', errorCategory: 9 });
  });

  it('401 without a token', async () => {
    const res = await fetch(`${t.base()}/v2/events/events-by-contract-id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contractId: t.history.contracts.a1, eventFormat: by(t.history.parties.alice) }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED', errorCategory: 6 });
  });
});
