import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { SpliceTemplates, partyIdsOf } from '@canton-scan/domain';
import { expectResponseMatchesSpec } from '@canton-scan/testing';
import { useLedgerTestApp } from './ledger-test-app';

type Update = ledgerApi.GetUpdatesResponse;

/** What a wallet SDK does with an update: track its party's active contracts. */
function apply(active: Set<string>, { update }: Update): void {
  if ('Transaction' in update) {
    for (const e of update.Transaction.value.events) {
      if ('CreatedEvent' in e) active.add(e.CreatedEvent.contractId);
      else if ('ArchivedEvent' in e) active.delete(e.ArchivedEvent.contractId);
    }
  } else if ('Reassignment' in update) {
    for (const e of update.Reassignment.value.events) {
      if ('JsAssignmentEvent' in e) active.add(e.JsAssignmentEvent.createdEvent.contractId);
      else active.delete(e.JsUnassignedEvent.contractId);
    }
  }
}

const offsetOf = ({ update }: Update): number => {
  if ('Transaction' in update) return update.Transaction.value.offset;
  if ('Reassignment' in update) return update.Reassignment.value.offset;
  if ('OffsetCheckpoint' in update) return update.OffsetCheckpoint.value.offset;
  return update.TopologyTransaction.value.offset;
};

describe('a wallet SDK over the Canton 3.4 endpoints', () => {
  const t = useLedgerTestApp();

  it('reads the ledger end, the active contracts at it, then the updates after it while the ledger grows, and ends with the store’s ACS', async () => {
    const { bob, dso } = t.history.parties;
    const client = await t.client('bob');
    const eventFormat: ledgerApi.EventFormat = { filtersByParty: { [bob]: {} } };
    const checked = <R extends { response: Response; data?: unknown; error?: unknown }>(
      operationId: string,
      res: R,
    ): R => {
      expectResponseMatchesSpec(ledgerSpec, operationId, {
        status: res.response.status,
        contentType: res.response.headers.get('content-type'),
        body: res.data ?? res.error,
      });
      expect(res.response.status).toBe(200);
      return res;
    };

    const start = checked('getLedgerEnd', await ledgerApi.getLedgerEnd({ client })).data!.offset;
    expect(start).toBe(6);
    const acs = checked(
      'getActiveContracts',
      await ledgerApi.getActiveContracts({ client, body: { activeAtOffset: start, eventFormat } }),
    ).data!;
    const active = new Set(acs.map((c) => c.contractEntry.JsActiveContract.createdEvent.contractId));
    expect(active).toEqual(new Set([t.history.contracts.b1, t.history.contracts.b2]));

    // New updates arrive while the wallet polls: a new Amulet for bob, bob burns b2, a contract of dso only.
    const poll = (from: number) =>
      ledgerApi.getUpdates({
        client,
        query: { limit: 100, stream_idle_timeout_ms: 1000 },
        body: {
          beginExclusive: from,
          updateFormat: {
            includeTransactions: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
            includeReassignments: eventFormat,
          },
        },
      });
    const first = poll(start);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const b = t.history.builder;
    await t.append([t.history.next()]);
    await t.append([
      b.tx([
        {
          exercise: {
            contractId: t.history.contracts.b2,
            template: SpliceTemplates.Amulet,
            choice: 'Amulet_Burn',
            consuming: true,
            actingParties: [bob],
          },
        },
      ]),
      b.tx([
        {
          create: {
            template: SpliceTemplates.ExternalPartyAmuletRules,
            payload: { dso },
            signatories: [dso],
          },
        },
      ]),
    ]);

    let cursor = start;
    let page = checked('getUpdates', await first).data!;
    for (;;) {
      page.forEach((u) => apply(active, u));
      if (page.length > 0) cursor = offsetOf(page[page.length - 1]);
      const end = (await ledgerApi.getLedgerEnd({ client })).data!.offset;
      if (cursor >= end) break;
      page = checked('getUpdates', await poll(cursor)).data!;
    }
    expect(cursor).toBe(9);

    const [newAmulet] = (await t.db.dataSource.query(
      `SELECT contract_id FROM contracts WHERE created_offset = 7`,
    )) as { contract_id: string }[];
    expect(active).toEqual(new Set([t.history.contracts.b1, newAmulet.contract_id]));
    // The store's ACS for bob now (nothing after the end offset): active, assigned, with a ledger offset.
    const stored = (await t.db.dataSource.query(
      `SELECT contract_id FROM contracts
        WHERE stakeholders @> ${partyIdsOf('ARRAY[$1]')} AND archived_offset IS NULL AND NOT in_flight AND created_offset <= $2`,
      [bob, cursor],
    )) as { contract_id: string }[];
    expect(active).toEqual(new Set(stored.map((r) => r.contract_id)));
    const atEnd = checked(
      'getActiveContracts',
      await ledgerApi.getActiveContracts({ client, body: { activeAtOffset: cursor, eventFormat } }),
    ).data!;
    expect(new Set(atEnd.map((c) => c.contractEntry.JsActiveContract.createdEvent.contractId))).toEqual(
      active,
    );
  });
});
