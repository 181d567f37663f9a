import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  EventHistoryRepository,
  isHostingItem,
  isVerdictItem,
  LedgerWriter,
  type HistoryUpdate,
  type HistoryVerdictItem,
} from '@canton-scan/domain';
import { simulateHistory } from '@canton-scan/simulator';
import {
  expectResponseMatchesSpec,
  sendRaw,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

const SAMPLES = join(__dirname, '../../../../shared/api/samples/mainnet-2026-01-30');

type Event = scanApi.EventHistoryItem;
type Item = scanApi.UpdateHistoryItemV2;

/** Migration 0 for 16 rounds (with reassignments), its import updates, then migration 1. */
const NETWORK = { seed: 13, rounds: 24, migrationRound: 16, reassignEveryRounds: 4 };

const migrationOf = (u: Item): number => ('events_by_id' in u ? u.migration_id : u.event.migration_id);
const keyOf = (e: Event): scanApi.UpdateHistoryRequestAfter =>
  e.update
    ? { after_migration_id: migrationOf(e.update), after_record_time: e.update.record_time }
    : { after_migration_id: e.verdict!.migration_id, after_record_time: e.verdict!.record_time };

describe('scan event history (POST /v0/events, GET /v0/events/{update_id})', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  const items = [...simulateHistory(NETWORK)];
  const updates = items.filter((i): i is HistoryUpdate => !isVerdictItem(i) && !isHostingItem(i));
  const verdicts = items.filter(isVerdictItem);
  const updateIds = new Set(updates.map((u) => u.update_id));
  const verdictOnly = verdicts.filter((v) => !updateIds.has(v.verdict.update_id));

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const checked = <T extends { response: Response; data?: unknown; error?: unknown }>(
    operation: 'getEventHistory' | 'getEventById' | 'getUpdateHistoryV2',
    res: T,
  ): T => {
    expectResponseMatchesSpec(scanSpec, operation, {
      status: res.response.status,
      contentType: res.response.headers.get('content-type'),
      body: res.data ?? res.error,
    });
    return res;
  };

  async function allEvents(pageSize: number, encoding?: scanApi.DamlValueEncoding): Promise<Event[]> {
    const events: Event[] = [];
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const res = checked(
        'getEventHistory',
        await scanApi.getEventHistory({
          client,
          body: { after, page_size: pageSize, daml_value_encoding: encoding },
        }),
      );
      expect(res.response.status).toBe(200);
      const page = res.data!.events;
      if (page.length === 0) return events;
      expect(page.length).toBeLessThanOrEqual(pageSize);
      events.push(...page);
      after = keyOf(page[page.length - 1]);
    }
  }

  async function allUpdates(encoding?: scanApi.DamlValueEncoding): Promise<Item[]> {
    const list: Item[] = [];
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const res = checked(
        'getUpdateHistoryV2',
        await scanApi.getUpdateHistoryV2({
          client,
          body: { after, page_size: 1000, daml_value_encoding: encoding },
        }),
      );
      const page = res.data!.transactions;
      if (page.length === 0) return list;
      list.push(...page);
      const last = page[page.length - 1];
      after = { after_migration_id: migrationOf(last), after_record_time: last.record_time };
    }
  }

  describe('over a simulated network with its verdicts', () => {
    beforeEach(() => writeHistory(db.dataSource, items, 211));

    it('carries exactly the updates of POST /v2/updates, in order, whatever the page size', async () => {
      const expected = await allUpdates();
      expect(expected.length).toBeGreaterThan(400);
      expect(new Set(expected.map(migrationOf))).toEqual(new Set([0, 1]));
      expect(expected.some((u) => !('events_by_id' in u))).toBe(true); // reassignments too
      for (const pageSize of [1000, 37]) {
        const events = await allEvents(pageSize);
        expect(events.filter((e) => e.update).map((e) => e.update)).toEqual(expected);
      }
    });

    it('carries them in the encoding asked for', async () => {
      const expected = await allUpdates('protobuf_json');
      const events = await allEvents(500, 'protobuf_json');
      expect(events.filter((e) => e.update).map((e) => e.update)).toEqual(expected);
    });

    it('gives each transaction its verdict, a reassignment none, and lists verdicts alone with a null update', async () => {
      const events = await allEvents(1000);
      const stored = new Map(verdicts.map((v) => [v.verdict.update_id, v]));
      let transactions = 0;
      for (const e of events) {
        if (e.update && 'events_by_id' in e.update) {
          transactions++;
          expect(e.verdict).toEqual(stored.get(e.update.update_id)!.verdict);
          expect(e.verdict!.record_time).toBe(e.update.record_time);
          expect(e.traffic_summary).toEqual(stored.get(e.update.update_id)!.traffic_summary);
        } else if (e.update) {
          expect(e.verdict).toBeNull();
          expect(e.traffic_summary).toBeUndefined();
        }
      }
      expect(transactions).toBe(verdicts.length - verdictOnly.length);
      const alone = events.filter((e) => e.update === null);
      expect(alone.length).toBeGreaterThan(5);
      expect(alone.map((e) => e.verdict!.update_id)).toEqual(verdictOnly.map((v) => v.verdict.update_id));
      expect(alone.every((e) => e.traffic_summary !== undefined)).toBe(true);
      const withActivity = events.filter((e) => e.app_activity_records);
      expect(withActivity.length).toBeGreaterThan(20);
      for (const e of withActivity)
        expect(e.app_activity_records).toEqual(stored.get(e.verdict!.update_id)!.app_activity_records);
    });

    it('shapes items as MainNet does: an update in the v2 list form and its verdict, null when there is none', async () => {
      const sample = (
        JSON.parse(readFileSync(join(SAMPLES, 'scan.v0.events.json'), 'utf8')) as { events: Event[] }
      ).events;
      const byId = JSON.parse(
        readFileSync(join(SAMPLES, 'scan.v0.events_by_update_id.json'), 'utf8'),
      ) as Event;
      const events = await allEvents(1000);
      const transaction = events.find((e) => e.update && 'events_by_id' in e.update)!;
      const reassignment = events.find((e) => e.update && !('events_by_id' in e.update))!;
      // MainNet's 2026-01 items carry no verdicts yet: `{update, verdict: null}`, as our reassignments.
      for (const real of [...sample, byId]) {
        expect(Object.keys(real)).toEqual(['update', 'verdict']);
        expect(Object.keys(reassignment)).toEqual(Object.keys(real));
        expect(Object.keys(transaction).slice(0, 2)).toEqual(Object.keys(real));
        expect(Object.keys(transaction.update!).sort()).toEqual(Object.keys(real.update!).sort());
      }
    });

    it('answers GET /v0/events/{id} as the list does: a transaction, a reassignment, a verdict alone', async () => {
      const events = await allEvents(1000);
      const samples = [
        events.find((e) => e.update && 'events_by_id' in e.update && e.app_activity_records),
        events.find((e) => e.update && !('events_by_id' in e.update)),
        events.find((e) => e.update === null),
      ];
      for (const expected of samples) {
        const id = expected!.update?.update_id ?? expected!.verdict!.update_id;
        const res = checked('getEventById', await scanApi.getEventById({ client, path: { update_id: id } }));
        expect(res.response.status).toBe(200);
        expect(res.data).toEqual(expected);
      }
    });

    it('answers 404 for an unknown id and 400 for bad input, in the scan error format', async () => {
      const unknown = checked(
        'getEventById',
        await scanApi.getEventById({ client, path: { update_id: `1220${'0'.repeat(64)}` } }),
      );
      expect(unknown.response.status).toBe(404);
      expect(unknown.error).toEqual({ error: `Event with id 1220${'0'.repeat(64)} not found` });
      const base = running.origin + running.config.scanApi.prefix;
      for (const body of [
        {},
        { page_size: 0 },
        { page_size: 1001 },
        { page_size: 'ten' },
        { page_size: 10, daml_value_encoding: 'lossless' },
        { page_size: 10, after: { after_migration_id: 0 } },
        { page_size: 10, after: { after_migration_id: 0, after_record_time: 'yesterday' } },
      ]) {
        const res = await sendRaw(base, {
          method: 'POST',
          path: '/v0/events',
          body: JSON.stringify(body),
          contentType: 'application/json',
        });
        const json = JSON.parse(res.text) as object;
        expect([res.status, Object.keys(json)]).toEqual([400, ['error']]);
        expectResponseMatchesSpec(scanSpec, 'getEventHistory', {
          status: res.status,
          contentType: res.contentType,
          body: json,
        });
      }
      for (const path of [
        '/v0/events/NOT-HEX',
        `/v0/events/1220${'a'.repeat(64)}?daml_value_encoding=lossless`,
      ]) {
        const res = await sendRaw(base, { method: 'GET', path });
        expect([res.status, Object.keys(JSON.parse(res.text) as object)]).toEqual([400, ['error']]);
      }
    });

    it('pages in SQL by named indexes (EXPLAIN of the page statement, which merges both sides)', async () => {
      const explain = async (statement: { text: string }, params: unknown[]) =>
        ((await db.dataSource.query(`EXPLAIN ${statement.text}`, params)) as { 'QUERY PLAN': string }[])
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      const after = [0, '2026-01-01T00:00:00Z'];
      for (const lossless of [false, true]) {
        const plan = await explain(EventHistoryRepository.PAGE, [
          ...after,
          100,
          '0001-01-01T00:00:00Z',
          lossless,
        ]);
        // The verdict keys by their unique index, each page verdict by its primary key.
        expect(plan).toMatch(
          /Index Scan using ux_synchronizer_verdicts_migration_record_time on synchronizer_verdicts/,
        );
        expect(plan).toMatch(/Index Scan using pk_synchronizer_verdicts on synchronizer_verdicts/);
        // The partitions' copies of ix_updates_migration_record_time, one migration at a time.
        expect(plan).toMatch(/Index Scan using updates_m0_migration_id_record_time\w* on updates_m0/);
        // Each event's update and its events by their primary keys.
        expect(plan).toMatch(/Index Scan using updates_m0_pkey on updates_m0/);
        expect(plan).toMatch(/Index Scan using events_m0_pkey on events_m0/);
        // No history table is scanned; the synchronizers dictionary (a few rows) is read whole, once.
        expect(plan.replace(/Seq Scan on synchronizers \w+/g, '')).not.toContain('Seq Scan');
        // The page's order is known: only each event's rows are sorted (by node id).
        expect(plan).toMatch(/Incremental Sort/);
      }
    });
  });

  it('answers 503 on a store written without verdicts (a mirror), saying so, not an empty history', async () => {
    const writer = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'absent',
    });
    await writer.append(updates.slice(0, 300));
    const list = checked(
      'getEventHistory',
      await scanApi.getEventHistory({ client, body: { page_size: 10 } }),
    );
    expect(list.response.status).toBe(503);
    expect((list.error as { error: string }).error).toMatch(
      /does not carry the synchronizer's mediator verdicts/,
    );
    const one = checked(
      'getEventById',
      await scanApi.getEventById({ client, path: { update_id: updates[5].update_id } }),
    );
    expect(one.response.status).toBe(503);
  });

  it('takes copied verdicts (a mirror) for a migration held with them, never for one held without', async () => {
    const writer = new LedgerWriter(db.dataSource, {
      snapshotIntervalHours: 3,
      synchronizerVerdicts: 'copied',
    });
    const firstMigration = updates.filter(
      (u) => ('events_by_id' in u ? u.migration_id : u.event.migration_id) === 0,
    );
    const head = firstMigration.slice(0, 200);
    const headIds = new Set(head.map((u) => u.update_id));
    const last = head[head.length - 1].record_time;
    const own = verdicts.filter(
      (v) =>
        headIds.has(v.verdict.update_id) || (v.verdict.migration_id === 0 && v.verdict.record_time < last),
    );
    expect(own.some((v) => !updateIds.has(v.verdict.update_id))).toBe(true);
    // Held without verdicts (the migration's first batch says so): a verdict of it is refused, nothing written.
    await expect(writer.append([...head, ...own], { verdictsHeld: false })).rejects.toThrow(
      /its migration is held without verdicts/,
    );
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM history_migrations')).toEqual([
      { n: 0 },
    ]);
    // Held with them: stored with their updates, and /v0/events serves them.
    await writer.append([...head, ...own], { verdictsHeld: true });
    expect(await db.dataSource.query('SELECT verdicts_held, hosting_held FROM history_migrations')).toEqual([
      { verdicts_held: true, hosting_held: false },
    ]);
    const list = checked(
      'getEventHistory',
      await scanApi.getEventHistory({ client, body: { page_size: 1000 } }),
    );
    expect(list.response.status).toBe(200);
    expect(list.data!.events.filter((e) => e.verdict)).toHaveLength(own.length);
    // The copying writer takes no hosting items (the topology is not copied).
    await expect(writer.append(items.filter(isHostingItem).slice(0, 1))).rejects.toThrow(
      /without synchronizer facts was given a hosting item/,
    );
  });

  it('is empty, not unavailable, on an empty store', async () => {
    const res = checked(
      'getEventHistory',
      await scanApi.getEventHistory({ client, body: { page_size: 10 } }),
    );
    expect([res.response.status, res.data]).toEqual([200, { events: [] }]);
  });

  it('keeps a verdict item out of the store when it contradicts its update', async () => {
    const tx = updates.find((u) => 'events_by_id' in u && u.offset !== '')!;
    const own = verdicts.find((v) => v.verdict.update_id === tx.update_id)!;
    const wrong: HistoryVerdictItem = {
      ...own,
      verdict: { ...own.verdict, record_time: '2020-01-01T00:00:00.000000Z' },
    };
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    await expect(writer.append([...updates.slice(0, updates.indexOf(tx) + 1), wrong])).rejects.toThrow(
      /its update has another migration id or record time/,
    );
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM updates')).toEqual([{ n: 0 }]);
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM synchronizer_verdicts')).toEqual([
      { n: 0 },
    ]);
  });
});
