import { createRegistryClient, registryApi, registrySpec } from '@canton-scan/contracts';
import {
  deriveCreatedEventBlob,
  LedgerWriter,
  SpliceTemplates,
  type HistoryUpdate,
} from '@canton-scan/domain';
import {
  allCreatedOf,
  callChecked,
  createdOf,
  sendRaw,
  startTestApp,
  TokenNetworkFixture,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe('token registry lookups', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;
  let client: ReturnType<typeof createRegistryClient>;

  beforeAll(async () => {
    running = await startTestApp(createRegistryApp, db.dataSource);
    client = createRegistryClient({ baseUrl: running.origin + running.config.registryApi.prefix });
  });
  afterAll(() => running.close());

  const append = (...updates: HistoryUpdate[]) =>
    new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);
  const stored = async (contractId: string) =>
    (
      await db.dataSource.query(
        `SELECT synchronizer_id, payload_compact, created_at FROM contracts WHERE contract_id = $1`,
        [contractId],
      )
    )[0] as { synchronizer_id: string; payload_compact: unknown; created_at: string };

  /** Genesis (rounds 0 and 1 open, round 2 opening a tick later) and one allocation. */
  async function network() {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    const allocationTx = f.after(5).allocation();
    const plainTx = f.after(5).allocation({ executor: f.plainProvider });
    await append(genesis, allocationTx, plainTx);
    const rounds = allCreatedOf(genesis, SpliceTemplates.OpenMiningRound);
    return {
      f,
      genesis,
      amuletRules: createdOf(genesis, SpliceTemplates.AmuletRules),
      factory: createdOf(genesis, SpliceTemplates.ExternalPartyAmuletRules),
      configState: createdOf(genesis, SpliceTemplates.ExternalPartyConfigState),
      featuredRight: createdOf(genesis, SpliceTemplates.FeaturedAppRight),
      rounds,
      allocation: createdOf(allocationTx, SpliceTemplates.AmuletAllocation),
      lockedAmulet: createdOf(allocationTx, SpliceTemplates.LockedAmulet),
      plainAllocation: createdOf(plainTx, SpliceTemplates.AmuletAllocation),
      plainLockedAmulet: createdOf(plainTx, SpliceTemplates.LockedAmulet),
    };
  }

  const factoryV1 = (body: registryApi.GetFactoryRequest) =>
    callChecked(registrySpec, 'getAllocationFactoryV1', registryApi.getAllocationFactoryV1({ client, body }));
  const factoryV2 = (body: registryApi.GetFactoryRequest) =>
    callChecked(registrySpec, 'getAllocationFactoryV2', registryApi.getAllocationFactoryV2({ client, body }));
  const contexts = {
    'withdraw v1': (allocationId: string, body: registryApi.GetChoiceContextRequest = {}) =>
      callChecked(
        registrySpec,
        'getAllocationWithdrawContextV1',
        registryApi.getAllocationWithdrawContextV1({ client, path: { allocationId }, body }),
      ),
    'withdraw v2': (allocationId: string, body: registryApi.GetChoiceContextRequest = {}) =>
      callChecked(
        registrySpec,
        'getAllocationWithdrawContextV2',
        registryApi.getAllocationWithdrawContextV2({ client, path: { allocationId }, body }),
      ),
    'cancel v1': (allocationId: string, body: registryApi.GetChoiceContextRequest = {}) =>
      callChecked(
        registrySpec,
        'getAllocationCancelContextV1',
        registryApi.getAllocationCancelContextV1({ client, path: { allocationId }, body }),
      ),
    'cancel v2': (allocationId: string, body: registryApi.GetChoiceContextRequest = {}) =>
      callChecked(
        registrySpec,
        'getAllocationCancelContextV2',
        registryApi.getAllocationCancelContextV2({ client, path: { allocationId }, body }),
      ),
    'execute-transfer v1': (allocationId: string, body: registryApi.GetChoiceContextRequest = {}) =>
      callChecked(
        registrySpec,
        'getAllocationTransferContextV1',
        registryApi.getAllocationTransferContextV1({ client, path: { allocationId }, body }),
      ),
    'execute-transfer v2': (allocationId: string, body: registryApi.GetChoiceContextRequest = {}) =>
      callChecked(
        registrySpec,
        'getAllocationTransferContextV2',
        registryApi.getAllocationTransferContextV2({ client, path: { allocationId }, body }),
      ),
  };
  const lockContexts = ['withdraw v1', 'withdraw v2', 'cancel v1', 'cancel v2'] as const;
  const transferContexts = ['execute-transfer v1', 'execute-transfer v2'] as const;

  describe('allocation factory', () => {
    it.each([
      ['v1', factoryV1],
      ['v2', factoryV2],
    ])(
      '%s names ExternalPartyAmuletRules and discloses amulet rules, the latest usable round and the config state',
      async (_v, factory) => {
        const n = await network();
        const res = await factory({ choiceArguments: n.f.allocateArguments() });
        expect(res.status).toBe(200);
        expect(res.body.factoryId).toBe(n.factory.contract_id);
        // Round 2 exists but opens a tick after the newest record time: round 1 is the latest usable.
        expect(res.body.choiceContext.choiceContextData).toEqual({
          values: {
            'amulet-rules': { tag: 'AV_ContractId', value: n.amuletRules.contract_id },
            'open-round': { tag: 'AV_ContractId', value: n.rounds[1].contract_id },
            'external-party-config-state': { tag: 'AV_ContractId', value: n.configState.contract_id },
          },
        });
        const disclosed = res.body.choiceContext.disclosedContracts;
        expect(disclosed.map((d: { contractId: string }) => d.contractId)).toEqual([
          n.amuletRules.contract_id,
          n.rounds[1].contract_id,
          n.configState.contract_id,
        ]);
        for (const [d, event] of [
          [disclosed[0], n.amuletRules],
          [disclosed[1], n.rounds[1]],
          [disclosed[2], n.configState],
        ] as const) {
          const row = await stored(event.contract_id);
          expect(d).toEqual({
            templateId: event.template_id,
            contractId: event.contract_id,
            createdEventBlob: deriveCreatedEventBlob(event),
            synchronizerId: n.f.h.synchronizer,
            debugPackageName: 'splice-amulet',
            debugPayload: row.payload_compact,
            debugCreatedAt: row.created_at,
          });
        }
      },
    );

    it('moves to a newer round once the ledger has passed its opensAt', async () => {
      const n = await network();
      await append(n.f.after(700).tap());
      const res = await factoryV2({ choiceArguments: n.f.allocateArguments() });
      expect(res.body.choiceContext.choiceContextData.values['open-round']).toEqual({
        tag: 'AV_ContractId',
        value: n.rounds[2].contract_id,
      });
    });

    it('leaves the config state out when there is none', async () => {
      const n = await network();
      await append(n.f.archive(n.configState));
      const res = await factoryV2({ choiceArguments: n.f.allocateArguments() });
      expect(Object.keys(res.body.choiceContext.choiceContextData.values)).toEqual([
        'amulet-rules',
        'open-round',
      ]);
      expect(res.body.choiceContext.disclosedContracts).toHaveLength(2);
    });

    it('drops every debug field when excludeDebugFields is true', async () => {
      const n = await network();
      const res = await factoryV2({ choiceArguments: n.f.allocateArguments(), excludeDebugFields: true });
      expect(res.status).toBe(200);
      expect(res.body.choiceContext.disclosedContracts).toHaveLength(3);
      expect(keysOf(res.body).filter((k) => k.startsWith('debug'))).toEqual([]);
      const withDebug = await factoryV2({
        choiceArguments: n.f.allocateArguments(),
        excludeDebugFields: false,
      });
      expect(keysOf(withDebug.body).filter((k) => k.startsWith('debug'))).toHaveLength(9);
    });

    it('accepts an allocation of 100 legs over 25 distinct accounts, parties and instruments', async () => {
      const n = await network();
      const args = n.f.allocateArguments(100);
      expect(Object.keys((args.allocation as { transferLegs: object }).transferLegs)).toHaveLength(100);
      const res = await factoryV2({ choiceArguments: args });
      expect(res.status).toBe(200);
      expect(res.body.factoryId).toBe(n.factory.contract_id);
    });

    it('refuses more legs than REGISTRY_MAX_TRANSFER_LEGS with a 400 naming the bound', async () => {
      const n = await network();
      const res = await factoryV2({ choiceArguments: n.f.allocateArguments(201) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        'choiceArguments.allocation.transferLegs holds 201 legs, more than this registry accepts per allocation (200, REGISTRY_MAX_TRANSFER_LEGS)',
      );
    });

    it('refuses malformed legs, parties and instruments, naming the field', async () => {
      const n = await network();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const cases: [(args: any) => void, string][] = [
        [
          (a) => (a.allocation.transferLegs['leg-3'].sender.owner = 'not-a-party'),
          'choiceArguments.allocation.transferLegs["leg-3"].sender.owner must be a party id',
        ],
        [
          (a) => (a.allocation.transferLegs['leg-9'].instrumentId = { id: 'X' }),
          'choiceArguments.allocation.transferLegs["leg-9"].instrumentId.admin is required',
        ],
        [
          (a) => (a.allocation.transferLegs['leg-0'].amount = '1e5'),
          'choiceArguments.allocation.transferLegs["leg-0"].amount must be a decimal string',
        ],
        [
          (a) => (a.allocation.settlement.executor = 42),
          'choiceArguments.allocation.settlement.executor must be a string',
        ],
        [(a) => delete a.allocation.transferLegs, 'choiceArguments.allocation.transferLegs is required'],
      ];
      for (const [mutate, message] of cases) {
        const args = n.f.allocateArguments(10);
        mutate(args);
        for (const factory of [factoryV1, factoryV2]) {
          const res = await factory({ choiceArguments: args });
          expect({ status: res.status, body: res.body }).toEqual({
            status: 400,
            body: { error: expect.stringContaining(message) },
          });
        }
      }
    });

    it('is not found when there is no factory', async () => {
      const n = await network();
      await append(n.f.archive(n.factory));
      for (const factory of [factoryV1, factoryV2]) {
        const res = await factory({ choiceArguments: n.f.allocateArguments() });
        expect(res.status).toBe(404);
        expect(res.body.error).toContain('no allocation factory');
      }
    });

    it('is not found when no round has opened yet', async () => {
      const f = new TokenNetworkFixture();
      const genesis = f.genesis();
      const [round0, round1] = allCreatedOf(genesis, SpliceTemplates.OpenMiningRound);
      await append(genesis, f.archive(round0), f.archive(round1));
      for (const factory of [factoryV1, factoryV2]) {
        const res = await factory({ choiceArguments: f.allocateArguments() });
        expect(res.status).toBe(404);
        expect(res.body.error).toMatch(
          /^no usable OpenMiningRound: none of the DSO's open rounds has opened by 2026-01-05T00:00:03\.\d{6}Z$/,
        );
      }
    });

    it('is not found on an empty store', async () => {
      const res = await factoryV2({ choiceArguments: new TokenNetworkFixture().allocateArguments() });
      expect(res.status).toBe(404);
    });
  });

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
