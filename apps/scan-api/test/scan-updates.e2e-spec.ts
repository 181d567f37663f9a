import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import {
  SpliceInterfaces,
  SpliceTemplates,
  toCompact,
  V,
  type DamlValue,
  type HistoryCreatedEvent,
  type HistoryTransaction,
  type HistoryUpdate,
} from '@canton-scan/domain';
import {
  createdEvents,
  expectResponseMatchesSpec,
  HistoryBuilder,
  startTestApp,
  useTestDatabase,
  writeHistory,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanClient>;

const amulet = (dso: string, owner: string, amount: string) => ({
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
function expectedLossless(update: HistoryUpdate): unknown {
  const copy = JSON.parse(JSON.stringify(update)) as Record<string, unknown>;
  delete copy.command_id;
  if ('events_by_id' in update) {
    for (const e of Object.values(copy.events_by_id as Record<string, Record<string, unknown>>))
      delete e.created_event_blob;
  } else if ('created_event' in update.event) {
    const created = (copy.event as { created_event: Record<string, unknown> }).created_event;
    delete created.created_event_blob;
    created.event_id = `${update.update_id}:0`;
  }
  return copy;
}

describe('scan update history', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: Client;
  let h: HistoryBuilder;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: running.origin + running.config.scanApi.prefix });
  });
  afterAll(() => running.close());
  beforeEach(() => {
    h = new HistoryBuilder('2026-01-05T00:10:00.000000Z');
  });

  const dso = () => h.party('dso');
  const alice = () => h.party('alice');
  const bob = () => h.party('bob');

  /** A mint, then a transfer tree: a consuming exercise with a created child and a nested non-consuming exercise by interface. */
  function transactionTree(): { mint: HistoryTransaction; transfer: HistoryTransaction } {
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

  const getV2 = async (updateId: string, lossless?: boolean) => {
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

  it('returns a transaction with its whole event tree, as recorded, in the lossless encoding', async () => {
    const { mint, transfer } = transactionTree();
    await writeHistory(db.dataSource, [mint, transfer]);
    const res = await getV2(transfer.update_id, true);
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual(expectedLossless(transfer));
    const tx = res.data as scanApi.UpdateHistoryTransaction;
    expect(tx.offset).toBe('000000000000000002');
    expect(tx.root_event_ids).toEqual([`${transfer.update_id}:0`]);
    expect(tx.events_by_id[`${transfer.update_id}:0`]).toMatchObject({
      event_type: 'exercised_event',
      child_event_ids: [`${transfer.update_id}:1`, `${transfer.update_id}:2`],
      consuming: true,
    });
    expect(tx.events_by_id[`${transfer.update_id}:0`]).not.toHaveProperty('interface_id');
    expect(tx.events_by_id[`${transfer.update_id}:2`]).toMatchObject({
      interface_id: SpliceInterfaces.Holding.interfaceId,
      child_event_ids: [`${transfer.update_id}:3`],
    });
    expect(tx.external_transaction_hash).toBe('a1b2c3d4e5f6');
    expect(Object.keys(tx.events_by_id)).toEqual([0, 1, 2, 3].map((n) => `${transfer.update_id}:${n}`));
  });

  it('carries the same values in the compact encoding (the default) as in the lossless one', async () => {
    const { mint, transfer } = transactionTree();
    await writeHistory(db.dataSource, [mint, transfer]);
    const lossless = (await getV2(transfer.update_id, true)).data as scanApi.UpdateHistoryTransaction;
    const compact = (await getV2(transfer.update_id)).data as scanApi.UpdateHistoryTransaction;
    const explicitCompact = (await getV2(transfer.update_id, false)).data;
    expect(explicitCompact).toEqual(compact);
    expect(compact).not.toEqual(lossless);
    const converted = JSON.parse(JSON.stringify(lossless)) as scanApi.UpdateHistoryTransaction;
    for (const e of Object.values(converted.events_by_id) as Record<string, unknown>[]) {
      for (const field of ['create_arguments', 'choice_argument', 'exercise_result']) {
        if (field in e) e[field] = toCompact(e[field] as DamlValue);
      }
    }
    expect(compact).toEqual(converted);
    const root = compact.events_by_id[`${transfer.update_id}:0`] as scanApi.ExercisedEvent;
    expect(root.exercise_result).toMatchObject({
      numeric: '12.5000000000',
      int64: '9007199254740993',
      none: null,
      some: 'x',
      someNone: [],
      enum: 'Red',
    });
    expect(compact.events_by_id[`${transfer.update_id}:1`]).toMatchObject({
      create_arguments: amulet(dso(), bob(), '60.0000000000'),
    });
  });

  it('answers v0 exactly as v2', async () => {
    const { mint, transfer } = transactionTree();
    await writeHistory(db.dataSource, [mint, transfer]);
    for (const lossless of [true, false]) {
      const v0 = await scanApi.getUpdateByIdV0({
        client,
        path: { update_id: transfer.update_id },
        query: { lossless },
      });
      expectResponseMatchesSpec(scanSpec, 'getUpdateByIdV0', {
        status: v0.response.status,
        contentType: v0.response.headers.get('content-type'),
        body: v0.data,
      });
      expect(v0.data).toEqual((await getV2(transfer.update_id, lossless)).data);
    }
  });

  it('omits external_transaction_hash when the transaction has none and keeps an empty workflow id', async () => {
    const { mint } = transactionTree();
    await writeHistory(db.dataSource, [mint]);
    const tx = (await getV2(mint.update_id)).data as scanApi.UpdateHistoryTransaction;
    expect(tx).not.toHaveProperty('external_transaction_hash');
    expect(tx.workflow_id).toBe('');
    expect(tx).toMatchObject({
      migration_id: 0,
      record_time: mint.record_time,
      effective_at: mint.effective_at,
      synchronizer_id: h.synchronizer,
      offset: '000000000000000001',
    });
  });

  it('returns unassignments and assignments as reassignments', async () => {
    const { mint } = transactionTree();
    const created = createdEvents(mint)[0];
    const unassign = h.unassign(created.contract_id, 1);
    const assign = h.assign(created, 1);
    await writeHistory(db.dataSource, [mint, unassign, assign]);

    const un = await getV2(unassign.update_id);
    expect(un.data).toEqual(expectedLossless(unassign));
    const as = await getV2(assign.update_id, true);
    expect(as.data).toEqual(expectedLossless(assign));
    const compact = (await getV2(assign.update_id)).data as scanApi.UpdateHistoryReassignment;
    expect((compact.event as scanApi.UpdateHistoryAssignment).created_event).toMatchObject({
      event_id: `${assign.update_id}:0`,
      create_arguments: amulet(dso(), alice(), '100.0000000000'),
    });
    expect(compact).toMatchObject({ offset: '000000000000000004', record_time: assign.record_time });
  });

  it('finds import updates by the contract id they re-create, at offset ""', async () => {
    const { mint } = transactionTree();
    const imported = h.importOf(createdEvents(mint)[0], 1);
    await writeHistory(db.dataSource, [mint, imported]);
    const res = await getV2(imported.update_id, true);
    expect(res.data).toEqual({
      ...(expectedLossless(imported) as object),
      record_time: '0001-01-01T00:00:00.000000Z',
    });
    expect(res.data).toMatchObject({ offset: '', migration_id: 1 });
  });

  it('answers 404 for an unknown update id and 400 for a malformed one', async () => {
    const unknown = await getV2('1220' + 'f'.repeat(64));
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ error: expect.stringContaining('not found') });
    const v0 = await scanApi.getUpdateByIdV0({ client, path: { update_id: '1220' + 'f'.repeat(64) } });
    expect(v0.response.status).toBe(404);
    expectResponseMatchesSpec(scanSpec, 'getUpdateByIdV0', {
      status: 404,
      contentType: v0.response.headers.get('content-type'),
      body: v0.error,
    });
    const malformed = await getV2('not-an-update-id');
    expect(malformed.response.status).toBe(400);
    expect(malformed.error).toEqual({ error: expect.stringContaining('path.update_id') });
  });

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

    it('answers migration-info of a migration without data with 404', async () => {
      await migratedHistory();
      const res = await migrationInfo(2);
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({ error: expect.stringContaining('no data for migration 2') });
    });
  });
});
