import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp, type TestUser } from './ledger-test-app';
import { anyParty, transactionByOffsetCalls } from './ledger-transactions.fixture';

describe('POST /v2/updates/transaction-by-id', () => {
  const t = useLedgerTestApp();
  const { byOffset } = transactionByOffsetCalls(t);

  async function byId(user: TestUser, body: ledgerApi.GetTransactionByIdRequest) {
    const res = await ledgerApi.getTransactionById({ client: await t.client(user), body });
    expectResponseMatchesSpec(ledgerSpec, 'getTransactionById', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  }
  const idAt = (offset: number) => t.history.updates[offset - 1].update_id;

  it('returns the transaction with that id as transaction-by-offset shows it at its offset', async () => {
    const { alice } = t.history.parties;
    const transactionFormat: ledgerApi.TransactionFormat = {
      eventFormat: { filtersByParty: { [alice]: {} } },
      transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
    };
    const res = await byId('alice', { updateId: idAt(2), transactionFormat });
    expect(res.response.status).toBe(200);
    expect(res.data!.transaction).toMatchObject({ offset: 2, updateId: idAt(2) });
    expect(res.data).toEqual((await byOffset('alice', { offset: 2, transactionFormat })).data);
  });

  it('accepts the deprecated requestingParties form, as transaction-by-offset does', async () => {
    const { alice } = t.history.parties;
    const res = await byId('alice', { updateId: idAt(2), requestingParties: [alice] });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual((await byOffset('alice', { offset: 2, requestingParties: [alice] })).data);
  });

  it('in the ledger-effects shape: exercised events too', async () => {
    const res = await byId('admin', {
      updateId: idAt(6),
      ...anyParty([], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    });
    expect(res.data!.transaction.events.map((e) => Object.keys(e)[0])).toEqual([
      'CreatedEvent',
      'ExercisedEvent',
    ]);
  });

  it('404 NOT_FOUND for an unknown id, a reassignment, or a transaction the parties do not see', async () => {
    const { dave } = t.history.parties;
    for (const body of [
      { updateId: 'no-such-update', ...anyParty() },
      { updateId: idAt(5), ...anyParty() },
      { updateId: idAt(1), requestingParties: [dave] },
    ]) {
      const res = await byId('admin', body);
      expect({ body, status: res.response.status }).toEqual({ body, status: 404 });
      expect(res.error).toMatchObject({ code: 'NOT_FOUND', errorCategory: 11 });
    }
  });

  it('403 PERMISSION_DENIED for a party the user may not read, or any party without that right', async () => {
    const { alice } = t.history.parties;
    const cases: [TestUser, ledgerApi.GetTransactionByIdRequest][] = [
      ['bob', { updateId: idAt(2), requestingParties: [alice] }],
      ['alice', { updateId: idAt(2), ...anyParty() }],
    ];
    for (const [user, body] of cases) {
      const res = await byId(user, body);
      expect(res.response.status).toBe(403);
      expect(res.error).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
    }
  });

  it('400 text/plain without a format, with both forms, or without an updateId', async () => {
    const { alice } = t.history.parties;
    for (const body of [
      { updateId: idAt(2) },
      { updateId: idAt(2), requestingParties: [alice], ...anyParty() },
      { ...anyParty() },
    ]) {
      const res = await byId('admin', body as ledgerApi.GetTransactionByIdRequest);
      expect(res.response.status).toBe(400);
      expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  it('401 without a token', async () => {
    const res = await fetch(`${t.base()}/v2/updates/transaction-by-id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ updateId: idAt(2), ...anyParty() }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED', errorCategory: 6 });
  });
});
