import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import {
  Db,
  LedgerEndWatcher,
  LedgerPruningRepository,
  LedgerPruningService,
  MAX_STREAM_IDLE_TIMEOUT_MS,
} from '@canton-scan/domain';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp, type TestUser } from './ledger-test-app';

type Body = ledgerApi.GetUpdatesRequest;
type Item = ledgerApi.GetUpdatesResponse;

/** `tx 2`, `reassignment 4`, `checkpoint 6`: the kind and offset of each item. */
function summary(items: Item[]): string[] {
  return items.map(({ update }) => {
    if ('Transaction' in update) return `tx ${update.Transaction.value.offset}`;
    if ('Reassignment' in update) return `reassignment ${update.Reassignment.value.offset}`;
    if ('OffsetCheckpoint' in update) return `checkpoint ${update.OffsetCheckpoint.value.offset}`;
    return `topology ${update.TopologyTransaction.value.offset}`;
  });
}

const anyPartyFormat = (
  shape: ledgerApi.TransactionShape = 'TRANSACTION_SHAPE_ACS_DELTA',
): ledgerApi.UpdateFormat => ({
  includeTransactions: { eventFormat: { filtersForAnyParty: {} }, transactionShape: shape },
  includeReassignments: { filtersForAnyParty: {} },
});

/** `POST /v2/updates` and its deprecated form, the flats: one query, the same rules. */
const ROUTES = [
  { path: '/v2/updates', operationId: 'getUpdates', call: ledgerApi.getUpdates },
  { path: '/v2/updates/flats', operationId: 'getUpdatesFlat', call: ledgerApi.getUpdatesFlat },
] as const;
type Query = ledgerApi.GetUpdatesData['query'];

describe.each(ROUTES)('POST $path', ({ operationId, call }) => {
  // A small list limit, so the 413 rules are reachable with the six-update fixture.
  const t = useLedgerTestApp({ LEDGER_MAX_LIST_ELEMENTS: '4' });

  async function flats(user: TestUser, body: Body, query: Query = {}) {
    const res = await (call as typeof ledgerApi.getUpdates)({ client: await t.client(user), body, query });
    expectResponseMatchesSpec(ledgerSpec, operationId, {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  }

  async function items(user: TestUser, body: Body, query: Query = {}): Promise<Item[]> {
    const res = await flats(user, body, query);
    expect({ status: res.response.status, error: res.error }).toEqual({ status: 200, error: undefined });
    return res.data!;
  }

  describe('ranges and order', () => {
    it('returns the updates in (beginExclusive, endInclusive] in ascending offset order', async () => {
      const list = await items('admin', {
        beginExclusive: 1,
        endInclusive: 5,
        updateFormat: anyPartyFormat(),
      });
      // Offset 3 holds only a transient contract: nothing of it is in the ACS delta, so a checkpoint is not needed either (5 was shown).
      expect(summary(list)).toEqual(['tx 2', 'reassignment 4', 'reassignment 5']);
    });

    it('returns them from the highest offset down with descendingOrder', async () => {
      const list = await items(
        'admin',
        {
          beginExclusive: 0,
          endInclusive: 6,
          descendingOrder: true,
          updateFormat: anyPartyFormat('TRANSACTION_SHAPE_LEDGER_EFFECTS'),
        },
        { limit: 4 },
      );
      expect(summary(list)).toEqual(['tx 6', 'reassignment 5', 'reassignment 4', 'tx 3']);
    });

    it('ends with an OffsetCheckpoint when it scanned past updates the reader was not shown', async () => {
      const { bob } = t.history.parties;
      const list = await items('bob', {
        beginExclusive: 0,
        endInclusive: 6,
        updateFormat: {
          includeTransactions: {
            eventFormat: { filtersByParty: { [bob]: {} } },
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
          },
        },
      });
      expect(summary(list)).toEqual(['tx 1', 'tx 2', 'checkpoint 6']);
      const checkpoint = list[2].update as { OffsetCheckpoint: { value: ledgerApi.OffsetCheckpoint } };
      const h = t.history;
      expect(checkpoint.OffsetCheckpoint.value.synchronizerTimes).toEqual(
        expect.arrayContaining([
          { synchronizerId: h.builder.synchronizer, recordTime: h.tx.tx6.record_time },
          {
            synchronizerId: h.builder.otherSynchronizer,
            recordTime: (h.updates[4] as { record_time: string }).record_time,
          },
        ]),
      );
    });

    it('an empty range returns an empty list', async () => {
      expect(
        await items('admin', { beginExclusive: 3, endInclusive: 3, updateFormat: anyPartyFormat() }),
      ).toEqual([]);
    });
  });

  describe('formats', () => {
    it('deprecated filter form: flat transactions and reassignments of the filter parties', async () => {
      const { alice, carol } = t.history.parties;
      const list = await items('admin', {
        beginExclusive: 0,
        endInclusive: 6,
        filter: { filtersByParty: { [alice]: {}, [carol]: {} } },
      });
      expect(summary(list)).toEqual(['tx 1', 'tx 2', 'tx 6']);
      const tx6 = (list[2].update as { Transaction: { value: ledgerApi.Transaction } }).Transaction.value;
      expect(tx6.events).toEqual([
        { CreatedEvent: expect.objectContaining({ witnessParties: [carol], acsDelta: true }) },
      ]);
    });

    it('rejects mixing updateFormat with the deprecated filter, or giving neither', async () => {
      const { alice } = t.history.parties;
      const mixed = await flats('admin', {
        beginExclusive: 0,
        filter: { filtersByParty: { [alice]: {} } },
        updateFormat: anyPartyFormat(),
      });
      expect(mixed.response.status).toBe(400);
      expect(mixed.error).toContain('not both');
      const neither = await flats('admin', { beginExclusive: 0, endInclusive: 1 });
      expect(neither.response.status).toBe(400);
      expect(neither.error).toContain('updateFormat is required');
    });

    it('includeTransactions only: no reassignments', async () => {
      const list = await items('admin', {
        beginExclusive: 3,
        endInclusive: 6,
        updateFormat: { includeTransactions: anyPartyFormat().includeTransactions },
      });
      expect(summary(list)).toEqual(['tx 6']);
    });

    it('includeReassignments only: the assignment and unassignment events, then a checkpoint', async () => {
      const { bob } = t.history.parties;
      const list = await items('bob', {
        beginExclusive: 0,
        endInclusive: 6,
        updateFormat: { includeReassignments: { filtersByParty: { [bob]: {} } } },
      });
      expect(summary(list)).toEqual(['reassignment 4', 'reassignment 5', 'checkpoint 6']);
      const [unassigned, assigned] = list
        .slice(0, 2)
        .map((i) => (i.update as { Reassignment: { value: ledgerApi.Reassignment } }).Reassignment.value);
      const b1 = t.history.contracts.b1;
      expect(unassigned).toMatchObject({
        synchronizerId: t.history.builder.synchronizer,
        commandId: '',
        events: [
          {
            JsUnassignedEvent: {
              contractId: b1,
              reassignmentCounter: 1,
              witnessParties: [bob],
              source: t.history.builder.synchronizer,
              target: t.history.builder.otherSynchronizer,
            },
          },
        ],
      });
      expect(assigned).toMatchObject({
        synchronizerId: t.history.builder.otherSynchronizer,
        events: [
          {
            JsAssignmentEvent: {
              reassignmentCounter: 1,
              createdEvent: { contractId: b1, offset: 5, witnessParties: [bob] },
            },
          },
        ],
      });
    });

    it('includeTopologyEvents only: none are recorded, so only a checkpoint comes back', async () => {
      const list = await items('admin', {
        beginExclusive: 0,
        endInclusive: 6,
        updateFormat: { includeTopologyEvents: { includeParticipantAuthorizationEvents: {} } },
      });
      expect(summary(list)).toEqual(['checkpoint 6']);
    });

    it('ledger effects shape with template filters per party and blobs', async () => {
      const { alice } = t.history.parties;
      const list = await items('alice', {
        beginExclusive: 0,
        endInclusive: 6,
        updateFormat: {
          includeTransactions: {
            eventFormat: {
              filtersByParty: {
                [alice]: {
                  cumulative: [
                    {
                      identifierFilter: {
                        TemplateFilter: {
                          value: {
                            templateId: '#splice-amulet:Splice.Amulet:Amulet',
                            includeCreatedEventBlob: true,
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
            transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          },
        },
      });
      expect(summary(list)).toEqual(['tx 1', 'tx 2', 'checkpoint 6']);
      const tx1 = (list[0].update as { Transaction: { value: ledgerApi.Transaction } }).Transaction.value;
      expect(tx1.events).toEqual([
        {
          CreatedEvent: expect.objectContaining({
            contractId: t.history.contracts.a1,
            createdEventBlob: expect.any(String),
          }),
        },
      ]);
      const tx2 = (list[1].update as { Transaction: { value: ledgerApi.Transaction } }).Transaction.value;
      expect(tx2.events).toEqual([
        { ExercisedEvent: expect.objectContaining({ contractId: t.history.contracts.a1, consuming: true }) },
      ]);
    });
  });

  describe('list limit (http-list-max-elements-limit = 4)', () => {
    it('answers 413 JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED when more than the max would be returned', async () => {
      const res = await flats('admin', {
        beginExclusive: 0,
        endInclusive: 6,
        updateFormat: anyPartyFormat(),
      });
      expect(res.response.status).toBe(413);
      expect(res.error).toMatchObject({
        code: 'JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED',
        errorCategory: 2,
        context: { maxElements: '4' },
      });
    });

    it('a limit above the max is ignored: still 413', async () => {
      const res = await flats(
        'admin',
        { beginExclusive: 0, endInclusive: 6, updateFormat: anyPartyFormat() },
        { limit: 50 },
      );
      expect(res.response.status).toBe(413);
    });

    it('a limit at most the max never gets 413: at most limit updates, to continue from the last', async () => {
      const first = await items(
        'admin',
        { beginExclusive: 0, endInclusive: 6, updateFormat: anyPartyFormat() },
        { limit: 4 },
      );
      expect(summary(first)).toEqual(['tx 1', 'tx 2', 'reassignment 4', 'reassignment 5']);
      const rest = await items(
        'admin',
        { beginExclusive: 5, endInclusive: 6, updateFormat: anyPartyFormat() },
        { limit: 4 },
      );
      expect(summary(rest)).toEqual(['tx 6']);
      const two = await items(
        'admin',
        { beginExclusive: 0, updateFormat: anyPartyFormat() },
        { limit: 2, stream_idle_timeout_ms: 0 },
      );
      expect(summary(two)).toEqual(['tx 1', 'tx 2']);
    });

    it('exactly max updates are returned without 413 and without a checkpoint that would exceed it', async () => {
      const { bob } = t.history.parties;
      const list = await items('bob', {
        beginExclusive: 0,
        endInclusive: 6,
        filter: { filtersByParty: { [bob]: {} } },
        verbose: true,
      });
      // tx 1, tx 2, reassignments 4 and 5: four items, the max; the checkpoint would be a fifth.
      expect(summary(list)).toEqual(['tx 1', 'tx 2', 'reassignment 4', 'reassignment 5']);
    });
  });

  describe('open-ended requests', () => {
    it('return what is there once nothing new arrived for stream_idle_timeout_ms', async () => {
      const started = Date.now();
      const list = await items(
        'admin',
        { beginExclusive: 4, updateFormat: anyPartyFormat() },
        { stream_idle_timeout_ms: 300 },
      );
      expect(summary(list)).toEqual(['reassignment 5', 'tx 6']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    });

    it('include an update recorded while the request waits', async () => {
      const pending = items(
        'admin',
        { beginExclusive: 6, updateFormat: anyPartyFormat() },
        { stream_idle_timeout_ms: 1500 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const next = t.history.next();
      await t.append([next]);
      const list = await pending;
      expect(summary(list)).toEqual(['tx 7']);
      expect(
        (list[0].update as { Transaction: { value: ledgerApi.Transaction } }).Transaction.value.updateId,
      ).toBe(next.update_id);
    });

    it('wait at most 10 minutes for new updates, however long stream_idle_timeout_ms asks for', async () => {
      const watcher = t.app.app.get(LedgerEndWatcher);
      // The wait is observed, not spent: the watcher answers "nothing new" at once.
      const wait = jest.spyOn(watcher, 'waitBeyond').mockResolvedValue(false);
      try {
        for (const asked of [2 ** 31 + 5, Number.MAX_SAFE_INTEGER]) {
          wait.mockClear();
          await items(
            'admin',
            { beginExclusive: 6, updateFormat: anyPartyFormat() },
            { stream_idle_timeout_ms: asked },
          );
          const remaining = wait.mock.calls[0][1];
          expect(remaining).toBeLessThanOrEqual(MAX_STREAM_IDLE_TIMEOUT_MS);
          expect(remaining).toBeGreaterThan(MAX_STREAM_IDLE_TIMEOUT_MS - 5_000);
        }
      } finally {
        wait.mockRestore();
      }
    });

    it('complete at once when the limit is reached, without waiting for the idle timeout', async () => {
      const started = Date.now();
      const list = await items(
        'admin',
        { beginExclusive: 0, updateFormat: anyPartyFormat() },
        { limit: 3, stream_idle_timeout_ms: 5000 },
      );
      expect(summary(list)).toEqual(['tx 1', 'tx 2', 'reassignment 4']);
      expect(Date.now() - started).toBeLessThan(4000);
    });
  });

  describe('errors', () => {
    it('descendingOrder without endInclusive: 400 text/plain', async () => {
      const res = await flats('admin', {
        beginExclusive: 0,
        descendingOrder: true,
        updateFormat: anyPartyFormat(),
      });
      expect(res.response.status).toBe(400);
      expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.error).toContain('descendingOrder requires body.endInclusive');
    });

    it('a party or template holding U+0000 (which PostgreSQL text cannot hold): 400 text/plain naming where', async () => {
      const party = 'alice\u0000::1220';
      for (const updateFormat of [
        {
          includeTransactions: {
            eventFormat: { filtersByParty: { [party]: {} } },
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const,
          },
        },
        { includeReassignments: { filtersByParty: { [party]: {} } } },
      ]) {
        const res = await flats('admin', { beginExclusive: 0, endInclusive: 6, updateFormat });
        expect(res.response.status).toBe(400);
        expect(res.response.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(res.error).toMatch(
          /^body\.updateFormat\.\S+ member name "alice\\u0000::1220" must not contain the NUL character/,
        );
      }
    });

    it('offsets beyond the ledger end, or an end before the begin: 400', async () => {
      for (const body of [
        { beginExclusive: 7, updateFormat: anyPartyFormat() },
        { beginExclusive: 0, endInclusive: 9, updateFormat: anyPartyFormat() },
        { beginExclusive: 4, endInclusive: 2, updateFormat: anyPartyFormat() },
      ]) {
        const res = await flats('admin', body);
        expect({ body, status: res.response.status }).toEqual({ body, status: 400 });
      }
    });

    it('beginExclusive below the pruning offset: PARTICIPANT_PRUNED_DATA_ACCESSED; at it: served', async () => {
      await new LedgerPruningService(new LedgerPruningRepository(Db.of(t.db.dataSource))).prune(3, true);
      const res = await flats('admin', {
        beginExclusive: 2,
        endInclusive: 6,
        updateFormat: anyPartyFormat(),
      });
      expect(res.response.status).toBe(400);
      expect(res.error).toMatchObject({ code: 'PARTICIPANT_PRUNED_DATA_ACCESSED', errorCategory: 9 });
      expect(
        summary(await items('admin', { beginExclusive: 3, endInclusive: 6, updateFormat: anyPartyFormat() })),
      ).toEqual(['reassignment 4', 'reassignment 5', 'tx 6']);
    });

    it('403 when the user may not read a requested party', async () => {
      const { alice } = t.history.parties;
      const res = await flats('bob', {
        beginExclusive: 0,
        endInclusive: 6,
        filter: { filtersByParty: { [alice]: {} } },
      });
      expect(res.response.status).toBe(403);
      expect(res.error).toMatchObject({ code: 'PERMISSION_DENIED' });
      const topology = await flats('bob', {
        beginExclusive: 0,
        endInclusive: 6,
        updateFormat: {
          includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [alice] } },
        },
      });
      expect(topology.response.status).toBe(403);
    });
  });
});
