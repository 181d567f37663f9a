import { scanApi, scanSpec } from '@canton-scan/contracts';
import { LedgerWriter, SpliceTemplates, type HistoryCreatedEvent } from '@canton-scan/domain';
import { createdEvents, expectResponseMatchesSpec, writeHistory } from '@canton-scan/testing';
import {
  amulet,
  expectedLossless,
  client,
  h,
  useScanUpdatesApp,
  dso,
  alice,
  bob,
} from './scan-updates.fixture';

describe('scan update history', () => {
  const db = useScanUpdatesApp();

  describe('backfilling', () => {
    /** Migration 0: three mints and a transfer on two synchronizers; migration 1: imports of what was active, then a mint. */
    async function migratedHistory() {
      const mints = [1, 2, 3].map((i) =>
        h.tx([
          {
            create: {
              template: SpliceTemplates.Amulet,
              payload: amulet(dso(), alice(), `${i}.0000000000`),
              signatories: [dso(), alice()],
            },
          },
        ]),
      );
      const spent = createdEvents(mints[0])[0];
      const burn = h.tx([
        {
          exercise: {
            contractId: spent.contract_id,
            template: SpliceTemplates.Amulet,
            choice: 'Archive',
            consuming: true,
            actingParties: [alice()],
          },
        },
      ]);
      const moved = createdEvents(mints[1])[0];
      const unassign = h.unassign(moved.contract_id, 1);
      const assign = h.assign(moved, 1);
      const active: HistoryCreatedEvent[] = [createdEvents(mints[1])[0], createdEvents(mints[2])[0]];
      const imports = active
        .map((c) => h.importOf(c, 1))
        .sort((a, b) => (a.update_id < b.update_id ? -1 : 1));
      h.advance(3600);
      const later = h.tx(
        [
          {
            create: {
              template: SpliceTemplates.Amulet,
              payload: amulet(dso(), bob(), '5.0000000000'),
              signatories: [dso(), bob()],
            },
          },
        ],
        { migrationId: 1 },
      );
      const migration0 = [...mints, burn, unassign, assign];
      await writeHistory(db.dataSource, [...migration0, ...imports, later]);
      return { migration0, imports, later, unassign, assign };
    }

    const importUpdates = async (body: scanApi.ImportUpdatesRequest) => {
      const res = await scanApi.getImportUpdates({ client, body });
      expectResponseMatchesSpec(scanSpec, 'getImportUpdates', {
        status: res.response.status,
        contentType: res.response.headers.get('content-type'),
        body: res.data ?? res.error,
      });
      return res;
    };
    const migrationInfo = async (migrationId: number) => {
      const res = await scanApi.getMigrationInfo({ client, body: { migration_id: migrationId } });
      expectResponseMatchesSpec(scanSpec, 'getMigrationInfo', {
        status: res.response.status,
        contentType: res.response.headers.get('content-type'),
        body: res.data ?? res.error,
      });
      return res;
    };

    it('pages through a migration’s import updates by update id, lossless', async () => {
      const { imports } = await migratedHistory();
      const first = await importUpdates({ migration_id: 1, after_update_id: '', limit: 1 });
      expect(first.data!.transactions).toEqual([
        { ...(expectedLossless(imports[0]) as object), record_time: '0001-01-01T00:00:00.000000Z' },
      ]);
      const second = await importUpdates({
        migration_id: 1,
        after_update_id: imports[0].update_id,
        limit: 10,
      });
      expect(second.data!.transactions.map((t) => t.update_id)).toEqual([imports[1].update_id]);
      const done = await importUpdates({ migration_id: 1, after_update_id: imports[1].update_id, limit: 10 });
      expect(done.data).toEqual({ transactions: [] });
      const all = await importUpdates({ migration_id: 1, after_update_id: '', limit: 1000 });
      expect(all.data!.transactions.map((t) => t.update_id)).toEqual(imports.map((i) => i.update_id));
      // Migration 0 has no import updates, but the node has data for it.
      expect((await importUpdates({ migration_id: 0, after_update_id: '', limit: 10 })).data).toEqual({
        transactions: [],
      });
    });

    it('answers import-updates of an unknown migration with 404', async () => {
      await migratedHistory();
      const res = await importUpdates({ migration_id: 7, after_update_id: '', limit: 10 });
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ error: expect.stringContaining('migration 7') });
    });

    it('describes each migration: previous one, ranges per synchronizer, last import and completeness', async () => {
      const { migration0, imports, later, unassign, assign } = await migratedHistory();
      const zero = await migrationInfo(0);
      expect(zero.data).toEqual({
        record_time_range: [
          { synchronizer_id: h.synchronizer, min: migration0[0].record_time, max: unassign.record_time },
          { synchronizer_id: h.otherSynchronizer, min: assign.record_time, max: assign.record_time },
        ].sort((a, b) => (a.synchronizer_id < b.synchronizer_id ? -1 : 1)),
        complete: true,
        import_updates_complete: true,
      });
      const one = await migrationInfo(1);
      expect(one.data).toEqual({
        previous_migration_id: 0,
        record_time_range: [
          { synchronizer_id: h.synchronizer, min: later.record_time, max: later.record_time },
        ],
        last_import_update_id: imports[imports.length - 1].update_id,
        complete: true,
        import_updates_complete: true,
      });
    });

    it('reports the import record time for a synchronizer that only has import updates, and imports as incomplete until a regular update follows', async () => {
      const mint = h.tx([
        {
          create: {
            template: SpliceTemplates.Amulet,
            payload: amulet(dso(), alice(), '1.0000000000'),
            signatories: [dso(), alice()],
          },
        },
      ]);
      await writeHistory(db.dataSource, [mint, h.importOf(createdEvents(mint)[0], 1)]);
      const info = await migrationInfo(1);
      expect(info.data).toMatchObject({
        previous_migration_id: 0,
        record_time_range: [
          {
            synchronizer_id: h.synchronizer,
            min: '0001-01-01T00:00:00.000000Z',
            max: '0001-01-01T00:00:00.000000Z',
          },
        ],
        complete: true,
        import_updates_complete: false,
      });
    });

    it('answers complete: false for a migration the store holds without its start, as the writer recorded it', async () => {
      await migratedHistory();
      // Migration 2 written by a writer told it does not hold the migration's start (e.g. a
      // mirror whose peers lacked it); then migration 3 with the default rule (a held predecessor).
      const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
      const mint = (migrationId: number) =>
        h.tx(
          [
            {
              create: {
                template: SpliceTemplates.Amulet,
                payload: amulet(dso(), alice(), '1.0000000000'),
                signatories: [dso(), alice()],
              },
            },
          ],
          { migrationId },
        );
      await writer.append([mint(2)], { migrationFromStart: false });
      await writer.append([mint(3)]);
      expect((await migrationInfo(2)).data).toMatchObject({ previous_migration_id: 1, complete: false });
      expect((await migrationInfo(3)).data).toMatchObject({ previous_migration_id: 2, complete: true });
      // What was recorded before stays: later batches do not change it.
      await writer.append([mint(2)], { migrationFromStart: true });
      expect((await migrationInfo(2)).data).toMatchObject({ complete: false });
      expect((await migrationInfo(0)).data).toMatchObject({ complete: true });
    });

    it('answers migration-info of a migration without data with 404', async () => {
      await migratedHistory();
      const res = await migrationInfo(2);
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ error: expect.stringContaining('no data for migration 2') });
    });
  });
});
