import { WebSocket } from 'ws';
import { createLedgerClient, ledgerApi, ledgerSpec } from '@canton-scan/contracts';
import {
  ensureDevelopmentAdmin,
  LedgerWriter,
  SpliceInterfaces,
  type HistoryUpdate,
} from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  expectResponseMatchesSpec,
  ledgerTestToken,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';
import { widestUpdateFormat as format } from './ledger-history.fixture';

type Item = ledgerApi.GetUpdatesResponse;

const offsetOf = (item: Item): number => {
  const u = item.update;
  if ('Transaction' in u) return u.Transaction.value.offset;
  if ('Reassignment' in u) return u.Reassignment.value.offset;
  if ('OffsetCheckpoint' in u) return u.OffsetCheckpoint.value.offset;
  return u.TopologyTransaction.value.offset;
};

describe('ledger node over a simulated network', () => {
  const db = useTestDatabase();
  let app: RunningTestApp;
  let ledgerEnd = 0;
  let token = '';

  beforeAll(async () => {
    app = await startTestApp(createLedgerApp, db.dataSource);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    const updates: HistoryUpdate[] = [
      ...simulateNetwork({
        seed: 3,
        rounds: 30,
        migrationRound: 20,
        transferInstructionsPerRound: 0.5,
      }),
    ];
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    for (let i = 0; i < updates.length; i += 1000) await writer.append(updates.slice(i, i + 1000));
    [{ end: ledgerEnd }] = await db.dataSource.query('SELECT max(ledger_offset)::int AS "end" FROM updates');
    await ensureDevelopmentAdmin(db.dataSource);
    token = await ledgerTestToken('participant_admin');
  });

  it.each(['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const)(
    'pages through the whole ledger in %s, every page valid per the spec, the same updates as over the WebSocket',
    async (shape) => {
      const client = createLedgerClient({
        baseUrl: app.origin,
        auth: (s) => (s.type === 'http' ? token : undefined),
      });
      const paged: number[] = [];
      let cursor = 0;
      while (cursor < ledgerEnd) {
        const res = await ledgerApi.getUpdatesFlat({
          client,
          query: { limit: 200 },
          body: { beginExclusive: cursor, endInclusive: ledgerEnd, updateFormat: format(shape) },
        });
        expectResponseMatchesSpec(ledgerSpec, 'getUpdatesFlat', {
          status: res.response.status,
          contentType: res.response.headers.get('content-type'),
          body: res.data ?? res.error,
        });
        const items = res.data!;
        paged.push(...items.filter((i) => !('OffsetCheckpoint' in i.update)).map(offsetOf));
        cursor = offsetOf(items[items.length - 1]);
      }
      expect(paged.length).toBeGreaterThan(500);
      expect([...paged].sort((a, b) => a - b)).toEqual(paged);

      const streamed = await new Promise<number[]>((resolve, reject) => {
        const offsets: number[] = [];
        const ws = new WebSocket(`${app.origin.replace(/^http/, 'ws')}/v2/updates/flats`, [
          'daml.ws.auth',
          `jwt.token.${token}`,
        ]);
        ws.on('open', () =>
          ws.send(
            JSON.stringify({ beginExclusive: 0, endInclusive: ledgerEnd, updateFormat: format(shape) }),
          ),
        );
        ws.on('message', (data: Buffer) => {
          const item = JSON.parse(data.toString()) as Item;
          if (!('OffsetCheckpoint' in item.update)) offsets.push(offsetOf(item));
        });
        ws.on('close', (code) => (code === 1000 ? resolve(offsets) : reject(new Error(`closed ${code}`))));
        ws.on('error', reject);
      });
      expect(streamed).toEqual(paged);
    },
  );

  it('renders every Splice interface view the network has contracts for', async () => {
    const client = createLedgerClient({
      baseUrl: app.origin,
      auth: (s) => (s.type === 'http' ? token : undefined),
    });
    const seen = new Set<string>();
    let cursor = 0;
    while (cursor < ledgerEnd) {
      const res = await ledgerApi.getUpdatesFlat({
        client,
        query: { limit: 200 },
        body: {
          beginExclusive: cursor,
          endInclusive: ledgerEnd,
          updateFormat: format('TRANSACTION_SHAPE_ACS_DELTA'),
        },
      });
      for (const item of res.data!) {
        if ('Transaction' in item.update) {
          for (const e of item.update.Transaction.value.events) {
            for (const view of ('CreatedEvent' in e ? e.CreatedEvent.interfaceViews : undefined) ?? []) {
              expect(view.viewStatus).toEqual({ code: 0, message: '' });
              seen.add(view.interfaceId);
            }
          }
        }
      }
      cursor = offsetOf(res.data![res.data!.length - 1]);
    }
    expect([...seen].sort()).toEqual(
      Object.values(SpliceInterfaces)
        .map((i) => i.interfaceId)
        .sort(),
    );
  });
});
