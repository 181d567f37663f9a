import { scanApi, scanSpec } from '@canton-scan/contracts';
import { SpliceInterfaces, toCompact, type DamlValue } from '@canton-scan/domain';
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
  transactionTree,
  getV2,
} from './scan-updates.fixture';

describe('scan update history', () => {
  const db = useScanUpdatesApp();

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
    expect(tx.events_by_id[`${transfer.update_id}:0`]).toHaveProperty('interface_id', null);
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
      const v0 = await scanApi.getUpdateById({
        client,
        path: { update_id: transfer.update_id },
        query: { lossless },
      });
      expectResponseMatchesSpec(scanSpec, 'getUpdateById', {
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
    const v0 = await scanApi.getUpdateById({ client, path: { update_id: '1220' + 'f'.repeat(64) } });
    expect(v0.response.status).toBe(404);
    expectResponseMatchesSpec(scanSpec, 'getUpdateById', {
      status: 404,
      contentType: v0.response.headers.get('content-type'),
      body: v0.error,
    });
    const malformed = await getV2('not-an-update-id');
    expect(malformed.response.status).toBe(400);
    expect(malformed.error).toEqual({ error: expect.stringContaining('path.update_id') });
  });
});
