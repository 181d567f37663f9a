import { WebSocket } from 'ws';
import { ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import { ensureDevelopmentAdmin } from '@canton-scan/domain';
import { openSimulatedNetwork, type LiveNetworkDriver } from '@canton-scan/simulator';
import {
  expectResponseMatchesSpec,
  ledgerTestToken,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

type Item = ledgerApi.GetUpdatesResponse;

const format: ledgerApi.UpdateFormat = {
  includeTransactions: {
    eventFormat: { filtersForAnyParty: {} },
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  },
  includeReassignments: { filtersForAnyParty: {} },
};

const offsetOf = (item: Item): number | undefined => {
  const u = item.update;
  if ('Transaction' in u) return u.Transaction.value.offset;
  if ('Reassignment' in u) return u.Reassignment.value.offset;
  return undefined;
};

/** The ledger node over a live simulated network: its streams carry what is written after they opened. */
describe('ledger node over a live simulated network', () => {
  const db = useTestDatabase();
  let app: RunningTestApp;
  let driver: LiveNetworkDriver | undefined;
  let token = '';

  beforeAll(async () => {
    app = await startTestApp(createLedgerApp, db.dataSource);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    const opening = await openSimulatedNetwork(db.dataSource, {
      options: { rounds: 24, tickSeconds: 1, migrationRound: 20 },
      live: true,
      snapshotIntervalHours: 3,
    });
    if (opening.kind === 'static') throw new Error(opening.reason);
    driver = opening.driver;
    await driver.catchUp();
    await ensureDevelopmentAdmin(db.dataSource);
    token = await ledgerTestToken('participant_admin');
  });
  afterEach(async () => {
    await driver?.stop();
    driver = undefined;
  });

  const ledgerEnd = async (): Promise<number> => {
    const res = await fetch(`${app.origin}/v2/state/ledger-end`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { offset: number }).offset;
  };

  it('streams over the WebSocket /v2/updates the updates written after it opened', async () => {
    const end = await ledgerEnd();
    const ws = new WebSocket(`${app.origin.replace(/^http/, 'ws')}/v2/updates`, [
      'daml.ws.auth',
      `jwt.token.${token}`,
    ]);
    const offsets: number[] = [];
    let settle: (error?: unknown) => void = () => undefined;
    const enough = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error as Error));
    });
    ws.on('message', (data) => {
      try {
        const item = JSON.parse(data.toString()) as Item;
        expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
          status: 200,
          contentType: 'application/json',
          body: [item],
        });
        const offset = offsetOf(item);
        if (offset !== undefined) offsets.push(offset);
        if (offsets.length >= 5) settle();
      } catch (error) {
        settle(error);
      }
    });
    ws.once('close', (code) =>
      settle(new Error(`the stream closed (${code}) after ${offsets.length} updates`)),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ beginExclusive: end, updateFormat: format }));
    void driver!.run();
    // Bounded by the test's timeout: a tick brings dozens of updates.
    await enough;
    ws.close();
    expect(offsets[0]).toBe(end + 1);
    expect(offsets).toEqual(offsets.map((_, i) => end + 1 + i));
  });

  it('answers an open-ended HTTP flats request with the updates written after the ledger end it started from', async () => {
    const end = await ledgerEnd();
    void driver!.run();
    const res = await fetch(`${app.origin}/v2/updates/flats?limit=20&stream_idle_timeout_ms=3000`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ beginExclusive: end, updateFormat: format }),
    });
    const body = (await res.json()) as Item[];
    expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body,
    });
    const offsets = body.map(offsetOf).filter((o) => o !== undefined);
    expect(res.status).toBe(200);
    expect(offsets.length).toBeGreaterThan(0);
    expect(offsets).toEqual(offsets.map((_, i) => end + 1 + i));
  });
});
