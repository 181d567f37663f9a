import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { timestampToMicros, type HistoryUpdate } from '@canton-scan/domain';
import {
  callChecked,
  loadSimulatedNetwork,
  replayAcs,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Item = scanApi.UpdateHistoryItem & { record_time: string; migration_id?: number };

const isTransaction = (item: Item): item is Item & scanApi.UpdateHistoryTransaction => 'events_by_id' in item;

/**
 * Walking history backwards (`updates-before`), the backfilling status, the newest migration, the
 * v1 form of an update by id, the snapshot after a time, forced snapshots and the operations
 * answered 501 — as a client discovers and cross-checks them.
 */
describe('scan: backwards history, backfilling status, snapshots after a time, 501s', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());

  const before = (body: scanApi.GetUpdatesBeforeRequest) =>
    callChecked(scanSpec, 'getUpdatesBefore', scanApi.getUpdatesBefore({ client, body }));
  const status = () =>
    callChecked(scanSpec, 'getBackfillingStatus', scanApi.getBackfillingStatus({ client }));
  const lastMigration = () => callChecked(scanSpec, 'getMigrationId', scanApi.getMigrationId({ client }));
  const migrationInfo = (migrationId: number) =>
    callChecked(
      scanSpec,
      'getMigrationInfo',
      scanApi.getMigrationInfo({ client, body: { migration_id: migrationId } }),
    );

  /** The whole forward list in the v1 form and lossless encoding, as `POST /v1/updates` pages it. */
  async function forwardList(): Promise<Item[]> {
    const items: Item[] = [];
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const page = await callChecked(
        scanSpec,
        'getUpdateHistoryV1',
        scanApi.getUpdateHistoryV1({
          client,
          body: { page_size: 500, daml_value_encoding: 'protobuf_json', ...(after ? { after } : {}) },
        }),
      );
      expect(page.status).toBe(200);
      const batch = page.body.transactions as Item[];
      items.push(...batch);
      if (batch.length < 500) return items;
      const last = batch[batch.length - 1];
      after = { after_migration_id: migrationOf(last), after_record_time: last.record_time };
    }
  }
  const migrationOf = (item: Item): number =>
    isTransaction(item)
      ? item.migration_id!
      : (item as unknown as { event: { migration_id: number } }).event.migration_id;

  /** Walks one synchronizer of a migration back to its start, `count` at a time. */
  async function walkBack(migrationId: number, synchronizerId: string, count: number, atOrAfter?: string) {
    const walked: Item[] = [];
    let bound = '9999-12-31T23:59:59.999999Z';
    for (;;) {
      const res = await before({
        migration_id: migrationId,
        synchronizer_id: synchronizerId,
        before: bound,
        count,
        ...(atOrAfter ? { at_or_after: atOrAfter } : {}),
      });
      expect(res.status).toBe(200);
      const page = res.body.transactions as Item[];
      expect(page.length).toBeLessThanOrEqual(count);
      if (page.length === 0) return walked;
      walked.push(...page);
      bound = page[page.length - 1].record_time;
    }
  }

  describe('on an empty store', () => {
    it('is not complete, holds no migration and has no snapshot after any time', async () => {
      expect((await status()).body).toEqual({ complete: false });
      const last = await lastMigration();
      expect(last.status).toBe(404);
      expect(last.body.error).toMatch(/no history/);
      const res = await callChecked(
        scanSpec,
        'getDateOfFirstSnapshotAfter',
        scanApi.getDateOfFirstSnapshotAfter({
          client,
          query: { after: '2020-01-01T00:00:00Z', migration_id: 0 },
        }),
      );
      expect(res.status).toBe(404);
    });
  });

  describe('on a simulated network with a migration and reassignments', () => {
    let updates: HistoryUpdate[];
    let forward: Item[];
    beforeEach(async () => {
      ({ updates } = await loadSimulatedNetwork(db.dataSource, {
        seed: 11,
        rounds: 24,
        migrationRound: 16,
        reassignEveryRounds: 3,
        // Half-hour rounds: both migrations span several 3-hour snapshot times.
        tickSeconds: 1800,
      }));
      forward = await forwardList();
    });

    it('walks every synchronizer of every migration back to its start: together, the forward list reversed', async () => {
      const last = await lastMigration();
      expect(last.status).toBe(200);
      const newest = last.body.migration_id;
      expect(newest).toBe(
        Math.max(...updates.map((u) => ('events_by_id' in u ? u.migration_id : u.event.migration_id))),
      );

      for (let migrationId: number | undefined = newest; migrationId !== undefined;) {
        const info = await migrationInfo(migrationId);
        expect(info.status).toBe(200);
        const walked: Item[] = [];
        for (const range of info.body.record_time_range) {
          const mine = await walkBack(migrationId, range.synchronizer_id, 7);
          for (let i = 1; i < mine.length; i++)
            expect(timestampToMicros(mine[i - 1].record_time)).toBeGreaterThan(
              timestampToMicros(mine[i].record_time),
            );
          for (const item of mine)
            if (isTransaction(item)) expect(item.synchronizer_id).toBe(range.synchronizer_id);
          walked.push(...mine);
        }
        const expected = forward.filter((item) => migrationOf(item) === migrationId).reverse();
        expect(expected.length).toBeGreaterThan(0);
        walked.sort((a, b) => (timestampToMicros(b.record_time) > timestampToMicros(a.record_time) ? 1 : -1));
        // Same items, byte for byte: v1 offsets and lossless payloads, as /v1/updates lists them.
        expect(walked).toEqual(expected);
        migrationId = info.body.previous_migration_id;
      }
    });

    it('keeps to at_or_after, leaves import updates out, and clamps count', async () => {
      const migration1 = forward.filter((item) => migrationOf(item) === 1 && isTransaction(item));
      const synchronizer = (migration1[0] as Item & { synchronizer_id: string }).synchronizer_id;
      const ofSync = migration1.filter(
        (item) => (item as { synchronizer_id: string }).synchronizer_id === synchronizer,
      );
      const middle = ofSync[Math.floor(ofSync.length / 2)].record_time;
      const all = await walkBack(1, synchronizer, 1000);
      const tail = await walkBack(1, synchronizer, 5, middle);
      expect(tail.length).toBeGreaterThan(0);
      expect(tail).toEqual(all.filter((i) => timestampToMicros(i.record_time) >= timestampToMicros(middle)));
      // Import updates (record time 0001-01-01) are never walked into without at_or_after…
      expect(all.some((i) => i.record_time.startsWith('0001-'))).toBe(false);
      // …and a count beyond the page limit is served as the limit.
      const big = await before({
        migration_id: 1,
        synchronizer_id: synchronizer,
        before: '9999-01-01T00:00:00Z',
        count: 5000,
      });
      expect(big.status).toBe(200);
      expect(big.body.transactions.length).toBe(Math.min(all.length, 1000));
    });

    it('answers 404 for a migration it does not hold, an empty list for an unknown synchronizer, 400 for bad input', async () => {
      const unknownMigration = await before({
        migration_id: 7,
        synchronizer_id: 'x::1220',
        before: '2030-01-01T00:00:00Z',
        count: 5,
      });
      expect(unknownMigration.status).toBe(404);
      expect(unknownMigration.body.error).toMatch(/migration 7/);
      const unknownSync = await before({
        migration_id: 0,
        synchronizer_id: 'nowhere::1220ab',
        before: '2030-01-01T00:00:00Z',
        count: 5,
      });
      expect(unknownSync.body).toEqual({ transactions: [] });
      const zero = await before({
        migration_id: 0,
        synchronizer_id: 'x',
        before: '2030-01-01T00:00:00Z',
        count: 0,
      });
      expect(zero.status).toBe(400);
      expect(zero.body.error).toMatch(/count/);
      const badTime = await before({ migration_id: 0, synchronizer_id: 'x', before: 'yesterday', count: 3 });
      expect(badTime.status).toBe(400);
      expect(badTime.body.error).toMatch(/before/);
    });

    it('is complete: the oldest migration began at genesis and every migration is held from its start', async () => {
      expect((await status()).body).toEqual({ complete: true });
    });

    it('serves an update by id in the v1 form, as /v1/updates lists it', async () => {
      const tx = forward.find(isTransaction)!;
      const reassignment = forward.find((i) => !isTransaction(i))!;
      for (const item of [tx, reassignment]) {
        const res = await callChecked(
          scanSpec,
          'getUpdateByIdV1',
          scanApi.getUpdateByIdV1({
            client,
            path: { update_id: item.update_id },
            query: { daml_value_encoding: 'protobuf_json' },
          }),
        );
        expect(res.status).toBe(200);
        expect(res.body).toEqual(item);
      }
      const missing = await callChecked(
        scanSpec,
        'getUpdateByIdV1',
        scanApi.getUpdateByIdV1({ client, path: { update_id: '1220' + 'ab'.repeat(32) } }),
      );
      expect(missing.status).toBe(404);
    });

    it('finds the first snapshot after a time, in the migration or a later one', async () => {
      const snapshots: { migration_id: string; record_time: string }[] = await db.dataSource.query(
        `SELECT migration_id, record_time FROM acs_snapshots ORDER BY migration_id, record_time`,
      );
      const of0 = snapshots.filter((s) => s.migration_id === '0');
      const of1 = snapshots.filter((s) => s.migration_id === '1');
      expect(of0.length).toBeGreaterThan(1);
      expect(of1.length).toBeGreaterThan(0);
      const after = (time: string, migrationId: number) =>
        callChecked(
          scanSpec,
          'getDateOfFirstSnapshotAfter',
          scanApi.getDateOfFirstSnapshotAfter({ client, query: { after: time, migration_id: migrationId } }),
        );
      // Strictly after: the snapshot time itself gives the next one; just before it, itself.
      expect((await after(of0[0].record_time, 0)).body.record_time).toBe(of0[1].record_time);
      const justBefore = new Date(Date.parse(of0[1].record_time) - 1).toISOString();
      expect((await after(justBefore, 0)).body.record_time).toBe(of0[1].record_time);
      // Past the migration's last snapshot: the first of the next migration, whatever its time.
      expect((await after('9999-01-01T00:00:00Z', 0)).body.record_time).toBe(of1[0].record_time);
      expect((await after('9999-01-01T00:00:00Z', 1)).status).toBe(404);
      const bad = await after('soon', 0);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/after/);
    });

    it('refuses forced snapshots unless enabled; enabled, records one at the newest update, which it holds', async () => {
      const refused = await callChecked(
        scanSpec,
        'forceAcsSnapshotNow',
        scanApi.forceAcsSnapshotNow({ client }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Forced ACS snapshots are disabled.' });

      const enabled = await startTestApp(createScanApp, db.dataSource, { SCAN_FORCED_ACS_SNAPSHOTS: 'true' });
      try {
        const other = createScanClient({ baseUrl: enabled.origin + enabled.config.scanApi.prefix });
        const res = await callChecked(
          scanSpec,
          'forceAcsSnapshotNow',
          scanApi.forceAcsSnapshotNow({ client: other }),
        );
        expect(res.status).toBe(200);
        const newestMigration = Math.max(...forward.map(migrationOf));
        const rules = await callChecked(
          scanSpec,
          'getAmuletRules',
          scanApi.getAmuletRules({ client, body: {} }),
        );
        const rulesSynchronizer = rules.body.amulet_rules_update.domain_id as string;
        // The newest update on the rules' synchronizer, transaction or reassignment (walked above against the list).
        const [newestItem] = (
          await before({
            migration_id: newestMigration,
            synchronizer_id: rulesSynchronizer,
            before: '9999-01-01T00:00:00Z',
            count: 1,
          })
        ).body.transactions as Item[];
        // One microsecond after it, so that the snapshot (created before its time) holds it.
        expect(res.body.migration_id).toBe(newestMigration);
        expect(timestampToMicros(res.body.record_time)).toBe(timestampToMicros(newestItem.record_time) + 1n);
        // The snapshot is served, and holds the newest update's contracts.
        const page = await callChecked(
          scanSpec,
          'getAcsSnapshotAtV1',
          scanApi.getAcsSnapshotAtV1({
            client,
            body: { migration_id: newestMigration, record_time: res.body.record_time, page_size: 1000 },
          }),
        );
        expect(page.status).toBe(200);
        const expected = replayAcs(updates, newestMigration, res.body.record_time).map((c) => c.contract_id);
        const served: string[] = [];
        let body = page.body;
        for (;;) {
          served.push(...body.created_events.map((e: { contract_id: string }) => e.contract_id));
          if (body.next_page_token === undefined) break;
          const next = await scanApi.getAcsSnapshotAtV1({
            client,
            body: {
              migration_id: newestMigration,
              record_time: res.body.record_time,
              page_size: 1000,
              after: body.next_page_token,
            },
          });
          body = next.data!;
        }
        expect(served.sort()).toEqual(expected.sort());
        // What the newest update created (and did not archive itself) is in the snapshot.
        const createdByNewest = isTransaction(newestItem)
          ? Object.values(newestItem.events_by_id).flatMap((e) =>
              e.event_type === 'created_event' ? [e.contract_id] : [],
            )
          : 'created_event' in (newestItem as { event: object }).event
            ? [
                (newestItem as unknown as { event: { created_event: { contract_id: string } } }).event
                  .created_event.contract_id,
              ]
            : [];
        const archivedByNewest = isTransaction(newestItem)
          ? Object.values(newestItem.events_by_id).flatMap((e) =>
              e.event_type === 'exercised_event' && e.consuming ? [e.contract_id] : [],
            )
          : [];
        const kept = createdByNewest.filter((id) => !archivedByNewest.includes(id));
        for (const id of kept) expect(served).toContain(id);
      } finally {
        await enabled.close();
      }
    });
  });

  describe('on a store whose oldest migration was imported', () => {
    it('is not complete', async () => {
      const { updates } = await (async () => {
        const all: HistoryUpdate[] = [];
        const { simulateNetwork } = await import('@canton-scan/simulator');
        const gen = simulateNetwork({ seed: 3, rounds: 24, migrationRound: 20 });
        for (let step = gen.next(); !step.done; step = gen.next()) all.push(step.value);
        return { updates: all };
      })();
      const migration1 = updates.filter(
        (u) => ('events_by_id' in u ? u.migration_id : u.event.migration_id) === 1,
      );
      await writeHistory(db.dataSource, migration1);
      expect((await migrationInfo(1)).body.complete).toBe(true);
      expect((await status()).body).toEqual({ complete: false });
      expect((await lastMigration()).body).toEqual({ migration_id: 1 });
    });
  });

  describe('operations this stack does not serve', () => {
    const cases: [string, () => Promise<{ data?: unknown; error?: unknown; response: Response }>, RegExp][] =
      [
        ['getLsu', () => scanApi.getLsu({ client }), /logical synchronizer upgrades: .*topology/],
        ['getRollForwardLsu', () => scanApi.getRollForwardLsu({ client }), /roll-forward/],
        [
          'getActivePhysicalSynchronizerSerial',
          () => scanApi.getActivePhysicalSynchronizerSerial({ client }),
          /serial/,
        ],
        [
          'getSynchronizerIdentities',
          () => scanApi.getSynchronizerIdentities({ client, path: { domain_id_prefix: 'global-domain' } }),
          /identities/,
        ],
        [
          'getSynchronizerBootstrappingTransactions',
          () =>
            scanApi.getSynchronizerBootstrappingTransactions({
              client,
              path: { domain_id_prefix: 'global-domain' },
            }),
          /bootstrapping/,
        ],
        [
          'getRewardAccountingRootHash',
          () => scanApi.getRewardAccountingRootHash({ client, path: { round_number: 3 } }),
          /hashing .* not published/,
        ],
        [
          'getRewardAccountingBatch',
          () => scanApi.getRewardAccountingBatch({ client, path: { round_number: 3, batch_hash: 'ab12' } }),
          /hashing .* not published/,
        ],
      ];
    it.each(cases)('%s answers 501 stating why', async (operationId, call, why) => {
      const res = await callChecked(scanSpec, operationId, call());
      expect(res.status).toBe(501);
      expect((res.body as { error: string }).error).toMatch(why);
    });

    it('still validates their input first', async () => {
      const res = await fetch(
        `${running.origin}${running.config.scanApi.prefix}/v0/internal/reward-accounting-process/rounds/three/root-hash`,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/round_number/);
    });
  });
});
