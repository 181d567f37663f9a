import { deriveCreatedEventBlob, SpliceTemplates } from '@canton-scan/domain';
import { sendRaw } from '@canton-scan/testing';
import {
  keysOf,
  running,
  useRegistryApp,
  append,
  stored,
  network,
  factoryV1,
  factoryV2,
  contexts,
  lockContexts,
  transferContexts,
} from './registry-lookups.fixture';

describe('token registry lookups', () => {
  useRegistryApp();

  describe('allocation choice contexts', () => {
    it.each(lockContexts)('%s discloses the LockedAmulet and expires the lock', async (name) => {
      const n = await network();
      const res = await contexts[name](n.allocation.contract_id);
      expect(res.status).toBe(200);
      expect(res.body.choiceContextData).toEqual({
        values: { 'expire-lock': { tag: 'AV_Bool', value: true } },
      });
      const row = await stored(n.lockedAmulet.contract_id);
      expect(res.body.disclosedContracts).toEqual([
        {
          templateId: SpliceTemplates.LockedAmulet.templateId,
          contractId: n.lockedAmulet.contract_id,
          createdEventBlob: deriveCreatedEventBlob(n.lockedAmulet),
          synchronizerId: n.f.h.synchronizer,
          debugPackageName: 'splice-amulet',
          debugPayload: row.payload_compact,
          debugCreatedAt: row.created_at,
        },
      ]);
    });

    it.each(lockContexts)('%s discloses nothing and keeps the lock once it is gone', async (name) => {
      const n = await network();
      await append(n.f.archive(n.lockedAmulet, 'LockedAmulet_Unlock'));
      const res = await contexts[name](n.allocation.contract_id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        choiceContextData: { values: { 'expire-lock': { tag: 'AV_Bool', value: false } } },
        disclosedContracts: [],
      });
    });

    it.each(transferContexts)(
      '%s discloses rules, round, lock and the executor’s featured app right',
      async (name) => {
        const n = await network();
        const res = await contexts[name](n.allocation.contract_id);
        expect(res.status).toBe(200);
        expect(res.body.choiceContextData.values).toEqual({
          'amulet-rules': { tag: 'AV_ContractId', value: n.amuletRules.contract_id },
          'open-round': { tag: 'AV_ContractId', value: n.rounds[1].contract_id },
          'featured-app-right': { tag: 'AV_ContractId', value: n.featuredRight.contract_id },
        });
        expect(
          res.body.disclosedContracts.map((d: { contractId: string; synchronizerId: string }) => [
            d.contractId,
            d.synchronizerId,
          ]),
        ).toEqual(
          [n.amuletRules, n.rounds[1], n.lockedAmulet, n.featuredRight].map((e) => [
            e.contract_id,
            n.f.h.synchronizer,
          ]),
        );
      },
    );

    it.each(transferContexts)('%s has no featured-app-right for an executor without one', async (name) => {
      const n = await network();
      const res = await contexts[name](n.plainAllocation.contract_id);
      expect(Object.keys(res.body.choiceContextData.values)).toEqual(['amulet-rules', 'open-round']);
      expect(res.body.disclosedContracts.map((d: { contractId: string }) => d.contractId)).toEqual([
        n.amuletRules.contract_id,
        n.rounds[1].contract_id,
        n.plainLockedAmulet.contract_id,
      ]);
    });

    it.each(transferContexts)('%s is not found once the LockedAmulet is gone', async (name) => {
      const n = await network();
      await append(n.f.archive(n.lockedAmulet, 'LockedAmulet_Unlock'));
      const res = await contexts[name](n.allocation.contract_id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: `the LockedAmulet of allocation ${n.allocation.contract_id} no longer exists`,
      });
    });

    it('every context is not found for an unknown or settled allocation', async () => {
      const n = await network();
      await append(n.f.archive(n.allocation, 'Allocation_ExecuteTransfer'));
      for (const allocationId of [n.allocation.contract_id, n.f.h.contractId(), n.lockedAmulet.contract_id]) {
        for (const call of Object.values(contexts)) {
          const res = await call(allocationId);
          expect(res.status).toBe(404);
          expect(res.body.error).toBe(
            `allocation ${allocationId} not found: no active AmuletAllocation has this contract id`,
          );
        }
      }
    });

    it('incorporates the request meta into the context as text values', async () => {
      const n = await network();
      const meta = {
        'splice.lfdecentralizedtrust.org/reason': 'settle trade 42',
        'wallet/request-id': 'r-1',
      };
      const withdraw = await contexts['withdraw v2'](n.allocation.contract_id, { meta });
      expect(withdraw.body.choiceContextData.values).toEqual({
        'expire-lock': { tag: 'AV_Bool', value: true },
        'splice.lfdecentralizedtrust.org/reason': { tag: 'AV_Text', value: 'settle trade 42' },
        'wallet/request-id': { tag: 'AV_Text', value: 'r-1' },
      });
      const execute = await contexts['execute-transfer v1'](n.allocation.contract_id, { meta });
      expect(Object.keys(execute.body.choiceContextData.values)).toEqual([
        'amulet-rules',
        'open-round',
        'featured-app-right',
        ...Object.keys(meta),
      ]);
    });

    it('refuses meta that reuses a key of the registry', async () => {
      const n = await network();
      const res = await contexts['execute-transfer v2'](n.allocation.contract_id, {
        meta: { 'open-round': '00ff' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('body.meta.open-round is a key the registry sets');
    });

    it('drops every debug field of the contexts when excludeDebugFields is true', async () => {
      const n = await network();
      for (const call of Object.values(contexts)) {
        const res = await call(n.allocation.contract_id, { excludeDebugFields: true });
        expect(res.status).toBe(200);
        expect(res.body.disclosedContracts.length).toBeGreaterThan(0);
        expect(keysOf(res.body).filter((k) => k.startsWith('debug'))).toEqual([]);
      }
    });
  });

  describe('contracts in flight', () => {
    it('answers 409 on every endpoint while a contract to disclose is unassigned, and 200 once it is assigned', async () => {
      const n = await network();
      // The allocation's lock leaves the synchronizer: every allocation context must disclose it.
      await append(n.f.h.unassign(n.lockedAmulet.contract_id, 1));
      for (const [name, call] of Object.entries(contexts)) {
        const res = await call(n.allocation.contract_id);
        expect({ name, status: res.status }).toEqual({ name, status: 409 });
        expect(res.body.error).toContain(
          `contract ${n.lockedAmulet.contract_id} (splice-amulet:Splice.Amulet:LockedAmulet) is being reassigned`,
        );
      }
      // AmuletRules in flight: the factory and execute-transfer (which disclose it) conflict too.
      await append(n.f.h.unassign(n.amuletRules.contract_id, 1));
      for (const factory of [factoryV1, factoryV2]) {
        const res = await factory({ choiceArguments: n.f.allocateArguments() });
        expect(res.status).toBe(409);
        expect(res.body.error).toContain('splice-amulet:Splice.AmuletRules:AmuletRules');
      }
      for (const name of transferContexts)
        expect((await contexts[name](n.plainAllocation.contract_id)).status).toBe(409);

      await append(n.f.h.assign(n.amuletRules, 1), n.f.h.assign(n.lockedAmulet, 1));
      const factory = await factoryV2({ choiceArguments: n.f.allocateArguments() });
      expect(factory.status).toBe(200);
      expect(factory.body.choiceContext.disclosedContracts[0].synchronizerId).toBe(n.f.h.otherSynchronizer);
      const execute = await contexts['execute-transfer v1'](n.allocation.contract_id);
      expect(execute.status).toBe(200);
      expect(execute.body.disclosedContracts[2]).toMatchObject({
        contractId: n.lockedAmulet.contract_id,
        synchronizerId: n.f.h.otherSynchronizer,
      });
    });
  });

  it('serves the registry under the default /api/scan prefix', async () => {
    await network();
    const res = await sendRaw(running.origin, {
      method: 'POST',
      path: '/api/scan/registry/allocations/v2/00ab/choice-contexts/withdraw',
      body: '{}',
      contentType: 'application/json',
    });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({
      error: 'allocation 00ab not found: no active AmuletAllocation has this contract id',
    });
  });
});
