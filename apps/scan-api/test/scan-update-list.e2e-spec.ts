import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork } from '@canton-scan/simulator';
import {
  expectResponseMatchesSpec,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Item = scanApi.UpdateHistoryItemV2;

/** Migration 0 for 36 rounds (with reassignments), its import updates, then migration 1. */
const NETWORK = { seed: 9, rounds: 60, migrationRound: 36, reassignEveryRounds: 6 };

const migrationOf = (u: HistoryUpdate | Item): number =>
  'events_by_id' in u ? u.migration_id : u.event.migration_id;

describe('scan update list (POST /v2/updates)', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  let history: HistoryUpdate[];

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());
  beforeEach(async () => {
    history = [...simulateNetwork(NETWORK)];
    await writeHistory(db.dataSource, history);
  });

  const list = async (body: scanApi.UpdateHistoryRequestV2) => {
    const res = await scanApi.getUpdateHistoryV2({ client, body });
    expectResponseMatchesSpec(scanSpec, 'getUpdateHistoryV2', {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };

  async function pageAll(pageSize: number, encoding?: scanApi.DamlValueEncoding): Promise<Item[]> {
    const items: Item[] = [];
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const { data } = await list({ after, page_size: pageSize, daml_value_encoding: encoding });
      const page = data!.transactions;
      if (page.length === 0) return items;
      expect(page.length).toBeLessThanOrEqual(pageSize);
      items.push(...page);
      const last = page[page.length - 1];
      after = { after_migration_id: migrationOf(last), after_record_time: last.record_time };
    }
  }

  it('lists every non-import update once, ascending by migration and record time, across pages', async () => {
    const regular = history.filter((u) => u.offset !== '');
    expect(regular.length).toBeLessThan(history.length); // the history has import updates
    expect(new Set(regular.map(migrationOf))).toEqual(new Set([0, 1]));
    const expected = [...regular]
      .sort((a, b) => migrationOf(a) - migrationOf(b) || a.record_time.localeCompare(b.record_time))
      .map((u) => u.update_id);

    const items = await pageAll(37);
    expect(items.map((i) => i.update_id)).toEqual(expected);
    expect(items.some((i) => !('events_by_id' in i))).toBe(true); // reassignments are listed too
  });

  it('answers each item as GET /v2/updates/{id} does, without offset and with events keyed in id order', async () => {
    const items = await pageAll(1000);
    for (const item of items.filter((_, i) => i % 25 === 0)) {
      const { data: single } = await scanApi.getUpdateByIdV2({ client, path: { update_id: item.update_id } });
      if ('events_by_id' in item) {
        const { offset, ...rest } = single as scanApi.UpdateHistoryTransaction;
        expect(offset).toMatch(/^[0-9a-f]{18}$/);
        expect('offset' in item).toBe(false);
        expect(item).toEqual(rest);
        const keys = Object.keys(item.events_by_id);
        expect(keys).toEqual([...keys].sort());
      } else {
        expect(item).toEqual(single);
      }
    }
  });

  it('encodes Daml values losslessly with protobuf_json, compactly by default', async () => {
    const [compact, explicit, lossless] = await Promise.all([
      list({ page_size: 50 }),
      list({ page_size: 50, daml_value_encoding: 'compact_json' }),
      list({ page_size: 50, daml_value_encoding: 'protobuf_json' }),
    ]);
    expect(explicit.data).toEqual(compact.data);
    const ids = lossless.data!.transactions.map((i) => i.update_id);
    expect(ids).toEqual(compact.data!.transactions.map((i) => i.update_id));
    for (const item of lossless.data!.transactions.slice(0, 10)) {
      const { data } = await scanApi.getUpdateByIdV2({
        client,
        path: { update_id: item.update_id },
        query: { lossless: true },
      });
      if ('events_by_id' in item)
        expect(item.events_by_id).toEqual((data as scanApi.UpdateHistoryTransaction).events_by_id);
      else expect(item).toEqual(data);
    }
    expect(lossless.data).not.toEqual(compact.data);
  });

  it('starts strictly after `after`, treats a higher migration as later, and is empty past the end', async () => {
    const all = await pageAll(1000);
    const firstOfMigration1 = all.findIndex((i) => migrationOf(i) === 1);
    const pivot = all[10];
    const { data: next } = await list({
      after: { after_migration_id: migrationOf(pivot), after_record_time: pivot.record_time },
      page_size: 5,
    });
    expect(next!.transactions.map((i) => i.update_id)).toEqual(all.slice(11, 16).map((i) => i.update_id));

    // A time far past migration 0's end still lists all of migration 1.
    const { data: fromMigration1 } = await list({
      after: { after_migration_id: 0, after_record_time: '9999-12-31T23:59:59Z' },
      page_size: 3,
    });
    expect(fromMigration1!.transactions.map((i) => i.update_id)).toEqual(
      all.slice(firstOfMigration1, firstOfMigration1 + 3).map((i) => i.update_id),
    );

    // The earliest time a request can name (the import time) lists the migration from its start.
    const { data: fromStart } = await list({
      after: { after_migration_id: 0, after_record_time: '0001-01-01T00:00:00Z' },
      page_size: 2,
    });
    expect(fromStart!.transactions.map((i) => i.update_id)).toEqual(all.slice(0, 2).map((i) => i.update_id));

    const last = all[all.length - 1];
    const { data: end } = await list({
      after: { after_migration_id: migrationOf(last), after_record_time: last.record_time },
      page_size: 10,
    });
    expect(end!.transactions).toEqual([]);
  });

  it('returns at most 1,000 updates per page whatever page_size asks for', async () => {
    const { data } = await list({ page_size: 5000 });
    expect(history.filter((u) => u.offset !== '').length).toBeGreaterThan(1000);
    expect(data!.transactions).toHaveLength(1000);
  });

  it.each([
    [{ page_size: 0 }, 'page_size'],
    [{ page_size: 'ten' }, 'page_size'],
    [{}, 'page_size'],
    [{ page_size: 10, daml_value_encoding: 'yaml' }, 'daml_value_encoding'],
    [
      { page_size: 10, after: { after_migration_id: -1, after_record_time: '2026-01-05T00:00:00Z' } },
      'after_migration_id',
    ],
    [
      { page_size: 10, after: { after_migration_id: 0, after_record_time: 'yesterday' } },
      'after_record_time',
    ],
    [{ page_size: 10, after: { after_migration_id: 0 } }, 'after_record_time'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await fetch(`${running.origin}${running.config.scanApi.prefix}/v2/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(field);
  });
});
