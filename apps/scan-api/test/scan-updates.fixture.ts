/** Shared by the scan update history specs: the running scan app, a history builder and the update trees they write. */
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  fewestDigitsText,
  instantText,
  SpliceInterfaces,
  SpliceTemplates,
  timestampMicrosOf,
  V,
  type DamlValue,
  type HistoryTransaction,
  type HistoryUpdate,
} from '@canton-scan/domain';
import {
  createdEvents,
  expectResponseMatchesSpec,
  HistoryBuilder,
  startTestApp,
  useTestDatabase,
  type RunningTestApp,
  type TestDatabase,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanClient>;

export const amulet = (dso: string, owner: string, amount: string) => ({
  dso,
  owner,
  amount: { initialAmount: amount, createdAt: { number: '7' }, ratePerRound: { rate: '0.0000190259' } },
});

/** Every kind of Daml value, so encodings are compared on all of them. */
const everyKind: DamlValue = V.record({
  party: V.party('alice::1220' + 'a'.repeat(64)),
  numeric: V.numeric('12.5000000000'),
  text: V.text('hello'),
  int64: V.int64('9007199254740993'),
  contractId: V.contractId('00' + 'c'.repeat(136)),
  timestamp: V.timestamp('2026-01-05T10:00:00.123456Z'),
  date: V.date('2026-01-05'),
  bool: V.bool(true),
  unit: V.unit(),
  list: V.list([V.int64(1), V.int64(2)]),
  none: V.none(),
  some: V.some(V.text('x')),
  someNone: V.some(V.none()),
  textMap: V.textMap({ a: V.text('1'), b: V.text('2') }),
  genMap: V.genMap([[V.int64(1), V.text('one')]]),
  variant: V.variant('TransferResultAmulet', V.contractId('00' + 'd'.repeat(136))),
  enum: V.enum('Red'),
});

/** What scan returns for an update written through the LedgerWriter (lossless form). */
export function expectedLossless(update: HistoryUpdate): unknown {
  const copy = JSON.parse(JSON.stringify(update)) as Record<string, unknown>;
  delete copy.command_id;
  if ('events_by_id' in update) {
    copy.effective_at = instantText(timestampMicrosOf(update.effective_at)!);
    for (const e of Object.values(copy.events_by_id as Record<string, Record<string, unknown>>)) asServed(e);
  } else if ('created_event' in update.event) {
    const created = (copy.event as { created_event: Record<string, unknown> }).created_event;
    asServed(created);
    created.event_id = `${update.update_id}:0`;
  }
  return copy;
}

/**
 * An event of a history file as a Splice scan serves it (docs/daml-values.md "Event and update
 * fields"): no blob, `created_at` with the fewest digits, sorted parties, `interface_id` always.
 */
function asServed(e: Record<string, unknown>): void {
  delete e.created_event_blob;
  if (e.event_type === 'created_event') {
    e.created_at = fewestDigitsText(e.created_at as string);
    e.signatories = [...(e.signatories as string[])].sort();
    e.observers = [...(e.observers as string[])].sort();
  } else e.interface_id ??= null;
}

/** The client of the running scan app; set by {@link useScanUpdatesApp} before the tests run. */
export let client: Client;
/** A fresh history builder for each test; set by {@link useScanUpdatesApp}. */
export let h: HistoryBuilder;

/** Starts the scan app on a test database for the enclosing describe and gives each test a new history builder. */
export function useScanUpdatesApp(): TestDatabase {
  const db = useTestDatabase();
  let running: RunningTestApp;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());
  beforeEach(() => {
    h = new HistoryBuilder('2026-01-05T00:10:00.000000Z');
  });
  return db;
}

export const dso = () => h.party('dso');
export const alice = () => h.party('alice');
export const bob = () => h.party('bob');

/** A mint, then a transfer tree: a consuming exercise with a created child and a nested non-consuming exercise by interface. */
export function transactionTree(): { mint: HistoryTransaction; transfer: HistoryTransaction } {
  const mint = h.tx([
    {
      create: {
        template: SpliceTemplates.Amulet,
        payload: amulet(dso(), alice(), '100.0000000000'),
        signatories: [dso(), alice()],
      },
    },
  ]);
  const minted = createdEvents(mint)[0];
  const transfer = h.tx(
    [
      {
        exercise: {
          contractId: minted.contract_id,
          template: SpliceTemplates.Amulet,
          choice: 'Amulet_Transfer',
          consuming: true,
          actingParties: [alice()],
          result: everyKind,
          children: [
            {
              create: {
                template: SpliceTemplates.Amulet,
                payload: amulet(dso(), bob(), '60.0000000000'),
                signatories: [dso(), bob()],
                observers: [alice()],
              },
            },
            {
              exercise: {
                contractId: minted.contract_id,
                template: SpliceTemplates.Amulet,
                choice: 'Holding_Describe',
                consuming: false,
                actingParties: [alice()],
                children: [
                  {
                    create: {
                      template: SpliceTemplates.Amulet,
                      payload: amulet(dso(), alice(), '39.9000000000'),
                      signatories: [dso(), alice()],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    ],
    { workflowId: 'wf-transfer', externalHash: 'a1b2c3d4e5f6' },
  );
  const nested = transfer.events_by_id[`${transfer.update_id}:2`] as {
    interface_id?: string;
    choice_argument: DamlValue;
  };
  nested.interface_id = SpliceInterfaces.Holding.interfaceId;
  (transfer.events_by_id[`${transfer.update_id}:0`] as { choice_argument: DamlValue }).choice_argument =
    everyKind;
  return { mint, transfer };
}

export const getV2 = async (updateId: string, lossless?: boolean) => {
  const res = await scanApi.getUpdateByIdV2({
    client,
    path: { update_id: updateId },
    query: lossless === undefined ? undefined : { lossless },
  });
  expectResponseMatchesSpec(scanSpec, 'getUpdateByIdV2', {
    status: res.response.status,
    contentType: res.response.headers.get('content-type'),
    body: res.data ?? res.error,
  });
  return res;
};
