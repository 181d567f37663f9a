/** Shared by the explorer specs: the running scan app over a simulated history, and checked calls of the explorer endpoints. */
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import type { HistoryCreatedEvent, HistoryUpdate } from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  startTestApp,
  useTestDatabase,
  type CheckedResponse,
  type RunningTestApp,
  type TestDatabase,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** Migration 0 for 20 rounds (with reassignments), its import updates, then migration 1 for 22 (ACS snapshots in both). */
export const EXPLORER_NETWORK = { seed: 19, rounds: 42, migrationRound: 20, reassignEveryRounds: 5 };

export type Client = ReturnType<typeof createScanClient>;

export interface ExplorerFixture {
  db: TestDatabase;
  client: () => Client;
  /** The scan group's base URL (origin and prefix), for raw requests. */
  base: () => string;
  /** The history written before each test. */
  history: () => HistoryUpdate[];
}

/** Starts the scan app for the enclosing describe and writes the simulated network before each test. */
export function useExplorerApp(): ExplorerFixture {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: Client;
  let history: HistoryUpdate[];
  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    history = (await loadSimulatedNetwork(db.dataSource, EXPLORER_NETWORK)).updates;
  });
  return {
    db,
    client: () => client,
    base: () => running.origin + running.config.scanApi.prefix,
    history: () => history,
  };
}

export const migrationOf = (u: HistoryUpdate | scanApi.UpdateHistoryItemV2): number =>
  'events_by_id' in u ? u.migration_id : u.event.migration_id;

/** Every created event of the history (import updates included), by contract id (the first one). */
export function createdEventsById(history: readonly HistoryUpdate[]): Map<string, HistoryCreatedEvent> {
  const out = new Map<string, HistoryCreatedEvent>();
  const add = (e: HistoryCreatedEvent) => {
    if (!out.has(e.contract_id)) out.set(e.contract_id, e);
  };
  for (const u of history) {
    if ('events_by_id' in u) {
      for (const e of Object.values(u.events_by_id)) if (e.event_type === 'created_event') add(e);
    } else if ('created_event' in u.event) add(u.event.created_event);
  }
  return out;
}

/**
 * The templates of an item of `POST /v2/updates`: its events' for a transaction, its contract's for a
 * reassignment (an unassignment's from the history's created events).
 */
export function templatesOf(
  item: scanApi.UpdateHistoryItemV2,
  contracts: ReadonlyMap<string, HistoryCreatedEvent>,
): Set<string> {
  if ('events_by_id' in item) return new Set(Object.values(item.events_by_id).map((e) => e.template_id));
  const event = item.event;
  return new Set([
    'created_event' in event
      ? event.created_event.template_id
      : contracts.get(event.contract_id)!.template_id,
  ]);
}

/** Every item of `POST /v2/updates`, in its (ascending) order. */
export async function allV2Updates(client: Client): Promise<scanApi.UpdateHistoryItemV2[]> {
  const items: scanApi.UpdateHistoryItemV2[] = [];
  let after: scanApi.UpdateHistoryRequestAfter | undefined;
  for (;;) {
    const res = await callChecked(
      scanSpec,
      'getUpdateHistoryV2',
      scanApi.getUpdateHistoryV2({ client, body: { after, page_size: 1000 } }),
    );
    const page = (res.body as scanApi.UpdateHistoryResponseV2).transactions;
    if (page.length === 0) return items;
    items.push(...page);
    const last = page[page.length - 1];
    after = { after_migration_id: migrationOf(last), after_record_time: last.record_time };
  }
}

export const listExplorerUpdates = (client: Client, query: scanApi.ListExplorerUpdatesData['query'] = {}) =>
  callChecked(scanSpec, 'listExplorerUpdates', scanApi.listExplorerUpdates({ client, query }));

/** Every page of the explorer's update list for `query`, checking the token is given exactly when more follow. */
export async function allExplorerUpdates(
  client: Client,
  query: Omit<NonNullable<scanApi.ListExplorerUpdatesData['query']>, 'page_token'>,
): Promise<scanApi.ExplorerUpdate[]> {
  const out: scanApi.ExplorerUpdate[] = [];
  let token: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const res: CheckedResponse = await listExplorerUpdates(client, { ...query, page_token: token });
    expect(res.status).toBe(200);
    const body = res.body as scanApi.ExplorerUpdatesResponse;
    expect(body.updates.length).toBeLessThanOrEqual(query.limit ?? 20);
    out.push(...body.updates);
    token = body.next_page_token;
    if (token === undefined) return out;
    expect(body.updates.length).toBe(query.limit ?? 20);
  }
  throw new Error('paging did not end');
}
