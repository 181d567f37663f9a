import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { Db, LedgerPruningRepository, LedgerPruningService } from '@canton-scan/domain';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp, type TestUser } from './ledger-test-app';
import { transactionByOffsetCalls } from './ledger-transactions.fixture';

const format = (
  eventFormat: ledgerApi.EventFormat,
  shape: ledgerApi.TransactionShape = 'TRANSACTION_SHAPE_ACS_DELTA',
): ledgerApi.UpdateFormat => ({
  includeTransactions: { eventFormat, transactionShape: shape },
  includeReassignments: eventFormat,
});
const anyParty = format({ filtersForAnyParty: {} });

describe('POST /v2/updates/update-by-offset and /v2/updates/update-by-id', () => {
  const t = useLedgerTestApp();
  const { byOffset: transactionByOffset } = transactionByOffsetCalls(t);

  /** The same lookup through both routes (by id: the id of the update at `offset`, or `updateId`). */
  async function both(
    user: TestUser,
    offset: number,
    updateFormat?: ledgerApi.UpdateFormat,
    updateId?: string,
  ) {
    const client = await t.client(user);
    const id = updateId ?? t.history.updates[offset - 1]?.update_id ?? `missing-${offset}`;
    const byOffset = await ledgerApi.getUpdateByOffset({
      client,
      body: { offset, ...(updateFormat ? { updateFormat } : {}) },
    });
    const byId = await ledgerApi.getUpdateById({
      client,
      body: { updateId: id, ...(updateFormat ? { updateFormat } : {}) },
    });
    for (const [operation, res] of [
      ['getUpdateByOffset', byOffset],
      ['getUpdateById', byId],
    ] as const) {
      expectResponseMatchesSpec(ledgerSpec, operation, {
        status: res.response.status,
        contentType: res.response.headers.get('content-type'),
        body: res.data ?? res.error,
      });
    }
    return [byOffset, byId] as const;
  }

  it('returns the transaction at the offset wrapped as in the update list, the same as transaction-by-offset shows it', async () => {
    const { alice } = t.history.parties;
    const eventFormat = { filtersByParty: { [alice]: {} } };
    const [byOffset, byId] = await both('alice', 2, format(eventFormat));
    expect(byOffset.response.status).toBe(200);
    expect(byId.data).toEqual(byOffset.data);
    const legacy = await transactionByOffset('alice', {
      offset: 2,
      transactionFormat: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
    });
    expect(byOffset.data).toEqual({ update: { Transaction: { value: legacy.data!.transaction } } });
  });

  it('returns a reassignment when the format asks for reassignments', async () => {
    const [byOffset, byId] = await both('admin', 5, anyParty);
    expect(byOffset.data?.update).toEqual({
      Reassignment: {
        value: expect.objectContaining({ offset: 5, updateId: t.history.updates[4].update_id }),
      },
    });
    expect(byId.data).toEqual(byOffset.data);
  });

  it('in the ledger-effects shape: exercised events too', async () => {
    const [byOffset] = await both(
      'admin',
      6,
      format({ filtersForAnyParty: {} }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    );
    const tx = (byOffset.data!.update as { Transaction: { value: ledgerApi.Transaction } }).Transaction.value;
    expect(tx.events.map((e) => Object.keys(e)[0])).toEqual(['CreatedEvent', 'ExercisedEvent']);
  });

  it('404 NOT_FOUND as transaction-by-offset gives it: nothing visible, a kind not asked for, no such update', async () => {
    const { dave } = t.history.parties;
    const legacy = await transactionByOffset('admin', { offset: 99, requestingParties: [dave] });
    const cases: [number, ledgerApi.UpdateFormat, string?][] = [
      [1, format({ filtersByParty: { [dave]: {} } })],
      [4, { includeTransactions: anyParty.includeTransactions }],
      [99, anyParty, 'no-such-update'],
    ];
    for (const [offset, updateFormat, updateId] of cases) {
      for (const res of await both('admin', offset, updateFormat, updateId)) {
        expect({ offset, status: res.response.status }).toEqual({ offset, status: legacy.response.status });
        expect(res.error).toMatchObject({ code: 'NOT_FOUND', errorCategory: 11 });
      }
    }
  });

  it('403 PERMISSION_DENIED for a party the user may not read, or any party without that right', async () => {
    const { alice } = t.history.parties;
    for (const [user, updateFormat] of [
      ['bob', format({ filtersByParty: { [alice]: {} } })],
      ['alice', anyParty],
      ['adminOnly', anyParty],
    ] as const) {
      for (const res of await both(user, 2, updateFormat)) {
        expect(res.response.status).toBe(403);
        expect(res.error).toMatchObject({ code: 'PERMISSION_DENIED', errorCategory: 7 });
      }
    }
  });

  it('400 text/plain without updateFormat, or with an empty one', async () => {
    for (const updateFormat of [undefined, { includeTransactions: { eventFormat: {} } }]) {
      for (const res of await both('admin', 2, updateFormat as ledgerApi.UpdateFormat | undefined)) {
        expect(res.response.status).toBe(400);
        expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(res.error).toContain('body.updateFormat');
      }
    }
    const client = await t.client('admin');
    const zero = await ledgerApi.getUpdateByOffset({ client, body: { offset: 0, updateFormat: anyParty } });
    expect(zero.response.status).toBe(400);
    expect(zero.error).toContain('offset');
  });

  it('PARTICIPANT_PRUNED_DATA_ACCESSED (400, ledger error body) at or below the pruning offset', async () => {
    await new LedgerPruningService(new LedgerPruningRepository(Db.of(t.db.dataSource))).prune(2, false);
    for (const res of await both('admin', 2, anyParty)) {
      expect(res.response.status).toBe(400);
      expect(res.error).toMatchObject({
        code: 'PARTICIPANT_PRUNED_DATA_ACCESSED',
        errorCategory: 9,
        context: { participantPrunedUpToInclusive: '2' },
      });
    }
    for (const res of await both(
      'admin',
      3,
      format({ filtersForAnyParty: {} }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    ))
      expect(res.response.status).toBe(200);
  });
});
