/** Shared by the scan ACS specs: the running scan app over one simulated history, its expected snapshots and the ACS and holdings queries. */
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { microsToTimestamp, timestampToMicros, type HistoryUpdate } from '@canton-scan/domain';
import {
  expectResponseMatchesSpec,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
  type TestDatabase,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanClient>;

/** A small simulated network: migration 0 for 40 rounds (snapshots at 03:00 and 06:00), then migration 1 (09:00); seven batch payouts (100+-event transactions). */
export const NETWORK = { seed: 5, rounds: 60, migrationRound: 40, batchTransfersPerRound: 0.125 };
const HOUR_US = 3_600_000_000n;

/** Snapshot times by the rule of docs/acs-snapshots.md "Snapshot schedule", computed from the history (every 3 h, first after the first regular update). */
function expectedSnapshots(updates: readonly HistoryUpdate[]): { migrationId: number; recordTime: string }[] {
  const span = new Map<number, { first: bigint; last: bigint }>();
  for (const u of updates) {
    if (u.offset === '') continue;
    const migrationId = 'events_by_id' in u ? u.migration_id : u.event.migration_id;
    const t = timestampToMicros(u.record_time);
    const s = span.get(migrationId);
    span.set(migrationId, s ? { first: s.first, last: t } : { first: t, last: t });
  }
  const out: { migrationId: number; recordTime: string }[] = [];
  for (const [migrationId, { first, last }] of span) {
    for (let t = (first / (3n * HOUR_US) + 1n) * 3n * HOUR_US; t <= last; t += 3n * HOUR_US)
      out.push({ migrationId, recordTime: microsToTimestamp(t) });
  }
  return out;
}

export const nameOf = (e: { package_name: string; template_id: string }) => {
  const [, moduleName, entityName] = e.template_id.split(':');
  return `${e.package_name}:${moduleName}:${entityName}`;
};

/** The client of the running scan app; set by {@link useScanAcsApp} before the tests run. */
export let client: Client;
/** The simulated history, written afresh before each test. */
export let updates: HistoryUpdate[];
/** The snapshots the history must have, by the schedule. */
export let snapshots: { migrationId: number; recordTime: string }[];

/**
 * Starts the scan app on a test database for the enclosing describe and writes the simulated history before each
 * test. `simulate` generates the history of {@link NETWORK} (the simulator is the spec's import, not the fixture's).
 */
export function useScanAcsApp(simulate: () => HistoryUpdate[]): TestDatabase {
  const db = useTestDatabase();
  let running: RunningTestApp;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
    updates = simulate();
    snapshots = expectedSnapshots(updates);
  });
  afterAll(() => running.close());
  beforeEach(() => writeHistory(db.dataSource, updates));
  return db;
}

export const acs = async (body: scanApi.AcsRequest) => {
  const res = await scanApi.getAcsSnapshotAt({ client, body });
  expectResponseMatchesSpec(scanSpec, 'getAcsSnapshotAt', {
    status: res.response.status,
    contentType: res.response.headers.get('content-type'),
    body: res.data ?? res.error,
  });
  return res;
};
export const holdings = async (body: scanApi.HoldingsSummaryRequest) => {
  const res = await scanApi.getHoldingsSummaryAtV1({ client, body });
  expectResponseMatchesSpec(scanSpec, 'getHoldingsSummaryAtV1', {
    status: res.response.status,
    contentType: res.response.headers.get('content-type'),
    body: res.data ?? res.error,
  });
  return res;
};
/** Every page of a snapshot query; checks the token is given exactly when a page is full. */
export const allPages = async (body: Omit<scanApi.AcsRequest, 'after'>) => {
  const events: scanApi.CreatedEvent[] = [];
  let after: number | undefined;
  for (let page = 0; page < 10_000; page++) {
    const res = await acs({ ...body, ...(after === undefined ? {} : { after }) });
    expect(res.response.status).toBe(200);
    const data = res.data!;
    events.push(...data.created_events);
    expect(data.next_page_token !== undefined).toBe(data.created_events.length === body.page_size);
    if (data.next_page_token === undefined) return events;
    after = data.next_page_token;
  }
  throw new Error('paging did not end');
};
