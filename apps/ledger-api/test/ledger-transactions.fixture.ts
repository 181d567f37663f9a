/** Shared by the transaction-by-offset specs: the checked calls and accessors of the returned events. */
import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { type LedgerTestContext, type TestUser } from './ledger-test-app';

type Body = ledgerApi.GetTransactionByOffsetRequest;
type Event = ledgerApi.Event;

/** The transaction-by-offset calls as the given test user, each checked against the spec. */
export function transactionByOffsetCalls(t: LedgerTestContext) {
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

  return { byOffset, transaction };
}

export const kinds = (events: Event[]) => events.map((e) => Object.keys(e)[0]);
export const created = (e: Event) => (e as { CreatedEvent: ledgerApi.CreatedEvent }).CreatedEvent;
export const archived = (e: Event) => (e as { ArchivedEvent: ledgerApi.ArchivedEvent }).ArchivedEvent;
export const exercised = (e: Event) => (e as { ExercisedEvent: ledgerApi.ExercisedEvent }).ExercisedEvent;
export const anyParty = (
  cumulative: ledgerApi.CumulativeFilter[] = [],
  shape: ledgerApi.TransactionShape = 'TRANSACTION_SHAPE_ACS_DELTA',
) => ({
  transactionFormat: { eventFormat: { filtersForAnyParty: { cumulative } }, transactionShape: shape },
});
