import { createScanProxyClient, scanProxyApi, scanProxySpec } from '@canton-scan/contracts';
import { LedgerWriter, SpliceTemplates, type HistoryUpdate } from '@canton-scan/domain';
import { simulateNetwork, type SimulationSummary } from '@canton-scan/simulator';
import {
  allCreatedOf,
  callChecked,
  createdOf,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe('token registry through the validator proxy (/v0/scan-proxy/registry)', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource, 'wallet');
  let running: RunningTestApp;
  let client: ReturnType<typeof createScanProxyClient>;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    const token = await signDevelopmentToken({ sub: 'wallet' });
    client = createScanProxyClient({
      baseUrl: running.origin + running.config.scanApi.validatorPrefix,
      auth: () => token,
    });
  });
  afterAll(() => running.close());

  const append = (...updates: HistoryUpdate[]) =>
    new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);

  async function network() {
    const f = new TokenNetworkFixture();
    const genesis = f.genesis();
    const allocationTx = f.after(5).allocation();
    await append(genesis, allocationTx);
    return {
      f,
      amuletRules: createdOf(genesis, SpliceTemplates.AmuletRules),
      factory: createdOf(genesis, SpliceTemplates.ExternalPartyAmuletRules),
      configState: createdOf(genesis, SpliceTemplates.ExternalPartyConfigState),
      featuredRight: createdOf(genesis, SpliceTemplates.FeaturedAppRight),
      openRound: allCreatedOf(genesis, SpliceTemplates.OpenMiningRound)[1],
      allocation: createdOf(allocationTx, SpliceTemplates.AmuletAllocation),
      lockedAmulet: createdOf(allocationTx, SpliceTemplates.LockedAmulet),
    };
  }

  const factories = {
    v1: (body: scanProxyApi.GetFactoryRequest) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationFactoryV1',
        scanProxyApi.proxyGetAllocationFactoryV1({ client, body }),
      ),
    v2: (body: scanProxyApi.GetFactoryRequest) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationFactoryV2',
        scanProxyApi.proxyGetAllocationFactoryV2({ client, body }),
      ),
  };
  type ContextBody = scanProxyApi.GetChoiceContextRequest;
  const contexts = {
    'withdraw v1': (allocationId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationWithdrawContextV1',
        scanProxyApi.proxyGetAllocationWithdrawContextV1({ client, path: { allocationId }, body }),
      ),
    'withdraw v2': (allocationId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationWithdrawContextV2',
        scanProxyApi.proxyGetAllocationWithdrawContextV2({ client, path: { allocationId }, body }),
      ),
    'cancel v1': (allocationId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationCancelContextV1',
        scanProxyApi.proxyGetAllocationCancelContextV1({ client, path: { allocationId }, body }),
      ),
    'cancel v2': (allocationId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationCancelContextV2',
        scanProxyApi.proxyGetAllocationCancelContextV2({ client, path: { allocationId }, body }),
      ),
    'execute-transfer v1': (allocationId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationExecuteTransferContextV1',
        scanProxyApi.proxyGetAllocationExecuteTransferContextV1({ client, path: { allocationId }, body }),
      ),
    'execute-transfer v2': (allocationId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetAllocationExecuteTransferContextV2',
        scanProxyApi.proxyGetAllocationExecuteTransferContextV2({ client, path: { allocationId }, body }),
      ),
  };

  it.each(['v1', 'v2'] as const)(
    'answers the %s allocation factory as the registry does',
    async (version) => {
      const n = await network();
      const res = await factories[version]({ choiceArguments: n.f.allocateArguments() });
      expect(res.status).toBe(200);
      expect(res.body.factoryId).toBe(n.factory.contract_id);
      expect(res.body.choiceContext.choiceContextData.values).toEqual({
        'amulet-rules': { tag: 'AV_ContractId', value: n.amuletRules.contract_id },
        'open-round': { tag: 'AV_ContractId', value: n.openRound.contract_id },
        'external-party-config-state': { tag: 'AV_ContractId', value: n.configState.contract_id },
      });
      expect(
        res.body.choiceContext.disclosedContracts.map((d: { contractId: string; synchronizerId: string }) => [
          d.contractId,
          d.synchronizerId,
        ]),
      ).toEqual(
        [n.amuletRules, n.openRound, n.configState, n.factory].map((e) => [
          e.contract_id,
          n.f.h.synchronizer,
        ]),
      );
    },
  );

  it('accepts a 100-leg allocation and refuses a malformed one', async () => {
    const n = await network();
    expect((await factories.v2({ choiceArguments: n.f.allocateArguments(100) })).status).toBe(200);
    const bad = n.f.allocateArguments(100) as {
      allocation: { transferLegs: Record<string, { receiver: unknown }> };
    };
    bad.allocation.transferLegs['leg-99'].receiver = 'bob';
    const res = await factories.v1({ choiceArguments: bad });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(
      'choiceArguments.allocation.transferLegs["leg-99"].receiver must be a party id',
    );
  });

  it.each(['v1', 'v2'] as const)(
    'refuses on the %s factory an expectedAdmin other than the DSO and a leg not in Amulet, as the registry does',
    async (version) => {
      const n = await network();
      const stranger = n.f.h.party('other-registry');
      const admin = await factories[version]({
        choiceArguments: { ...n.f.allocateArguments(), expectedAdmin: stranger },
      });
      expect({ status: admin.status, body: admin.body }).toEqual({
        status: 400,
        body: {
          error: `choiceArguments.expectedAdmin must be the admin of this registry, the DSO party ${n.f.dso}, got "${stranger}"`,
        },
      });
      const foreign = n.f.allocateArguments(3) as {
        allocation: { transferLegs: Record<string, { instrumentId: unknown }> };
      };
      foreign.allocation.transferLegs['leg-2'].instrumentId = { admin: n.f.dso, id: 'CC' };
      const leg = await factories[version]({ choiceArguments: foreign });
      expect(leg.status).toBe(400);
      expect(leg.body.error).toBe(
        `choiceArguments.allocation.transferLegs["leg-2"].instrumentId must be the instrument of this registry, ` +
          `{"admin": "${n.f.dso}", "id": "Amulet"}, got {"admin":"${n.f.dso}","id":"CC"}`,
      );
    },
  );

  it.each(['withdraw v1', 'withdraw v2', 'cancel v1', 'cancel v2'] as const)(
    'answers the %s context with the lock to expire',
    async (name) => {
      const n = await network();
      const res = await contexts[name](n.allocation.contract_id, { meta: { memo: 'bye' } });
      expect(res.status).toBe(200);
      expect(res.body.choiceContextData.values).toEqual({
        'expire-lock': { tag: 'AV_Bool', value: true },
        memo: { tag: 'AV_Text', value: 'bye' },
      });
      expect(res.body.disclosedContracts.map((d: { contractId: string }) => d.contractId)).toEqual([
        n.lockedAmulet.contract_id,
      ]);
    },
  );

  it.each(['execute-transfer v1', 'execute-transfer v2'] as const)(
    'answers the %s context with the featured app right',
    async (name) => {
      const n = await network();
      const res = await contexts[name](n.allocation.contract_id, { excludeDebugFields: true });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.choiceContextData.values)).toEqual([
        'amulet-rules',
        'open-round',
        'featured-app-right',
      ]);
      expect(res.body.disclosedContracts.map((d: { contractId: string }) => d.contractId)).toEqual(
        [n.amuletRules, n.openRound, n.lockedAmulet, n.featuredRight].map((e) => e.contract_id),
      );
      expect(keysOf(res.body).filter((k) => k.startsWith('debug'))).toEqual([]);
    },
  );

  it('serves the registry metadata (info, instruments, Amulet with its total supply) behind the proxy auth', async () => {
    const { f } = await network();
    const info = await scanProxyApi.proxyGetRegistryInfo({ client });
    expect(info.response.status).toBe(200);
    expect(info.data!.adminId).toBe(f.dso);
    const list = await scanProxyApi.proxyListInstruments({ client, query: { pageSize: 1 } });
    expect(list.data!.instruments.map((i) => i.id)).toEqual(['Amulet']);
    expect(list.data!.nextPageToken).toBeUndefined();
    const amulet = await scanProxyApi.proxyGetInstrument({ client, path: { instrumentId: 'Amulet' } });
    expect(amulet.data).toEqual(list.data!.instruments[0]);
    expect(Number(amulet.data!.totalSupply)).toBeGreaterThan(0);
    const unknown = await scanProxyApi.proxyGetInstrument({ client, path: { instrumentId: 'Nope' } });
    expect(unknown.response.status).toBe(404);
    const anonymous = await fetch(
      `${running.origin}${running.config.scanApi.validatorPrefix}/v0/scan-proxy/registry/metadata/v1/info`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for unknown allocations, a gone lock and a missing factory', async () => {
    const n = await network();
    for (const call of Object.values(contexts)) expect((await call(n.f.h.contractId())).status).toBe(404);
    await append(n.f.archive(n.lockedAmulet, 'LockedAmulet_Unlock'), n.f.archive(n.factory));
    expect((await contexts['execute-transfer v1'](n.allocation.contract_id)).body).toEqual({
      error: `the LockedAmulet of allocation ${n.allocation.contract_id} no longer exists`,
    });
    expect(
      (await contexts['withdraw v2'](n.allocation.contract_id)).body.choiceContextData.values['expire-lock'],
    ).toEqual({ tag: 'AV_Bool', value: false });
    const factory = await factories.v2({ choiceArguments: n.f.allocateArguments() });
    expect(factory.status).toBe(404);
  });

  it('answers 409 for the allocations the simulator leaves with their lock in flight', async () => {
    let summary: SimulationSummary | undefined;
    // Reassignments (off by default, as on MainNet) leave the two locks in flight.
    const generator = simulateNetwork({ rounds: 24, reassignEveryRounds: 36 });
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 });
    const batch: HistoryUpdate[] = [];
    for (let next = generator.next(); !summary; next = generator.next()) {
      if (next.done) summary = next.value;
      else batch.push(next.value);
    }
    await writer.append(batch);
    const inFlight = summary.landmarks.inFlight;
    // One lock left in flight at the migration (its allocation re-imported, the lock not), one in the newest migration.
    expect(inFlight.map((c) => c.migrationId)).toEqual([0, 1]);
    for (const contract of inFlight) {
      for (const [name, call] of Object.entries(contexts)) {
        const res = await call(contract.allocationContractId);
        expect({ name, status: res.status }).toEqual({ name, status: 409 });
        expect(res.body.error).toContain(
          `contract ${contract.contractId} (splice-amulet:Splice.Amulet:LockedAmulet) is being reassigned`,
        );
      }
    }
    // The rest of the simulated network serves normally.
    const args = new TokenNetworkFixture().allocateArguments() as {
      expectedAdmin: string;
      allocation: { transferLeg: { instrumentId: { admin: string } } };
    };
    args.expectedAdmin = args.allocation.transferLeg.instrumentId.admin = summary.network.dso.id;
    const factory = await factories.v2({ choiceArguments: args });
    expect(factory.status).toBe(200);
    expect(
      factory.body.choiceContext.disclosedContracts.map((d: { templateId: string }) => d.templateId),
    ).toEqual([
      SpliceTemplates.AmuletRules.templateId,
      SpliceTemplates.OpenMiningRound.templateId,
      SpliceTemplates.ExternalPartyConfigState.templateId,
      SpliceTemplates.ExternalPartyAmuletRules.templateId,
    ]);
  });
});
