import { WebSocket } from 'ws';
import { createLedgerClient, ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { ensureDevelopmentAdmin } from '@canton-scan/domain';
import {
  expectResponseMatchesSpec,
  ledgerTestToken,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

type Update = ledgerApi.GetUpdatesResponse;
type Contract = ledgerApi.GetActiveContractsResponse;

/** Every party, every template, with blobs and interface views: the widest event format. */
const eventFormat: ledgerApi.EventFormat = {
  filtersForAnyParty: {
    cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }],
  },
};

/** All messages of a bounded WebSocket stream (it must close normally). */
function streamAll<T>(app: RunningTestApp, path: string, token: string, request: unknown): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const messages: T[] = [];
    const ws = new WebSocket(`${app.origin.replace(/^http/, 'ws')}${path}`, [
      'daml.ws.auth',
      `jwt.token.${token}`,
    ]);
    ws.on('open', () => ws.send(JSON.stringify(request)));
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as T));
    ws.on('close', (code) =>
      code === 1000
        ? resolve(messages)
        : reject(new Error(`closed ${code}: ${JSON.stringify(messages.at(-1))}`)),
    );
    ws.on('error', reject);
  });
}

/** The active contracts a client tracks by applying updates: creates and assignments add, archives and unassignments remove. */
function apply(active: Map<string, ledgerApi.CreatedEvent>, { update }: Update): void {
  if ('Transaction' in update) {
    for (const e of update.Transaction.value.events) {
      if ('CreatedEvent' in e) active.set(e.CreatedEvent.contractId, e.CreatedEvent);
      else if ('ArchivedEvent' in e) active.delete(e.ArchivedEvent.contractId);
    }
  } else if ('Reassignment' in update) {
    for (const e of update.Reassignment.value.events) {
      if ('JsAssignmentEvent' in e)
        active.set(e.JsAssignmentEvent.createdEvent.contractId, e.JsAssignmentEvent.createdEvent);
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

/**
 * Property: over simulated histories (migrations, reassignments, contracts in flight), the
 * active contracts at any offset N are exactly what replaying the update stream from the start
 * up to N leaves, created events included.
 */
describe('active contracts at N = replay of the updates up to N', () => {
  const db = useTestDatabase();
  let app: RunningTestApp;

  beforeAll(async () => {
    // A list limit above any snapshot here: the HTTP lists page with small pages and windows.
    app = await startTestApp(createLedgerApp, db.dataSource, { LEDGER_MAX_LIST_ELEMENTS: '5000' });
  });
  afterAll(() => app.close());

  it.each([
    { seed: 11, migrationRound: 12 },
    { seed: 29, migrationRound: 20 },
    { seed: 47, migrationRound: 6 },
  ])('seed $seed, migration at round $migrationRound', async ({ seed, migrationRound }) => {
    // Reassignments and contracts in flight are off by default (as on MainNet): switched on here.
    await loadSimulatedNetwork(db.dataSource, { seed, rounds: 24, migrationRound, reassignEveryRounds: 36 });
    await ensureDevelopmentAdmin(db.dataSource);
    const token = await ledgerTestToken('participant_admin');
    const client = createLedgerClient({
      baseUrl: app.origin,
      auth: (s) => (s.type === 'http' ? token : undefined),
    });
    const end = (await ledgerApi.getLedgerEnd({ client })).data!.offset;
    expect(end).toBeGreaterThan(100);

    const updates = await streamAll<Update>(app, '/v2/updates', token, {
      beginExclusive: 0,
      endInclusive: end,
      updateFormat: {
        includeTransactions: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
        includeReassignments: eventFormat,
      },
    });
    expect(updates.some((u) => 'Reassignment' in u.update)).toBe(true);

    const offsets = [1, Math.floor(end / 5), Math.floor(end / 2), Math.floor((end * 4) / 5), end - 1, end];
    const replayed = new Map<string, ledgerApi.CreatedEvent>();
    let next = 0;
    for (const n of offsets) {
      while (next < updates.length && offsetOf(updates[next]) <= n) apply(replayed, updates[next++]);
      const acs = await streamAll<Contract>(app, '/v2/state/active-contracts', token, {
        activeAtOffset: n,
        eventFormat,
      });
      expectResponseMatchesSpec(ledgerSpec, 'getActiveContracts', {
        status: 200,
        contentType: 'application/json',
        body: acs,
      });
      // The list reads pages as small as the limit: the same contracts, in the same order.
      for (const limit of [20, 150, 5000]) {
        const listed = await ledgerApi.getActiveContracts({
          client,
          query: { limit },
          body: { activeAtOffset: n, eventFormat },
        });
        expect(listed.data).toEqual(acs.slice(0, limit));
      }
      const snapshot = new Map(acs.map((c) => [c.contractEntry.JsActiveContract.createdEvent.contractId, c]));
      expect({ n, ids: [...snapshot.keys()].sort() }).toEqual({ n, ids: [...replayed.keys()].sort() });
      for (const [id, created] of replayed) {
        expect(snapshot.get(id)!.contractEntry.JsActiveContract.createdEvent).toEqual(created);
      }
    }
    expect(replayed.size).toBeGreaterThan(10);
  });
});
