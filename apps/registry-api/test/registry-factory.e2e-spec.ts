import { deriveCreatedEventBlob, SpliceTemplates } from '@canton-scan/domain';
import { allCreatedOf, TokenNetworkFixture } from '@canton-scan/testing';
import {
  keysOf,
  useRegistryApp,
  append,
  stored,
  network,
  factoryV1,
  factoryV2,
} from './registry-lookups.fixture';

describe('token registry lookups', () => {
  useRegistryApp();

  describe('allocation factory', () => {
    it.each([
      ['v1', factoryV1],
      ['v2', factoryV2],
    ])(
      '%s names ExternalPartyAmuletRules and discloses amulet rules, the latest usable round, the config state and the factory',
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
          n.factory.contract_id,
        ]);
        for (const [d, event] of [
          [disclosed[0], n.amuletRules],
          [disclosed[1], n.rounds[1]],
          [disclosed[2], n.configState],
          [disclosed[3], n.factory],
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
      expect(
        res.body.choiceContext.disclosedContracts.map((d: { contractId: string }) => d.contractId),
      ).toEqual([n.amuletRules.contract_id, n.rounds[1].contract_id, n.factory.contract_id]);
    });

    it('drops every debug field when excludeDebugFields is true', async () => {
      const n = await network();
      const res = await factoryV2({ choiceArguments: n.f.allocateArguments(), excludeDebugFields: true });
      expect(res.status).toBe(200);
      expect(res.body.choiceContext.disclosedContracts).toHaveLength(4);
      expect(keysOf(res.body).filter((k) => k.startsWith('debug'))).toEqual([]);
      const withDebug = await factoryV2({
        choiceArguments: n.f.allocateArguments(),
        excludeDebugFields: false,
      });
      expect(keysOf(withDebug.body).filter((k) => k.startsWith('debug'))).toHaveLength(12);
    });

    it('accepts an allocation of 100 Amulet legs over 25 distinct accounts and parties', async () => {
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

    it('refuses an expectedAdmin other than the DSO party with a 400 naming the field', async () => {
      const n = await network();
      const stranger = n.f.h.party('other-registry');
      for (const legs of [1, 10]) {
        const args = { ...n.f.allocateArguments(legs), expectedAdmin: stranger };
        for (const factory of [factoryV1, factoryV2]) {
          const res = await factory({ choiceArguments: args });
          expect({ status: res.status, body: res.body }).toEqual({
            status: 400,
            body: {
              error: `choiceArguments.expectedAdmin must be the admin of this registry, the DSO party ${n.f.dso}, got "${stranger}"`,
            },
          });
        }
      }
    });

    it('refuses a leg in an instrument other than Amulet with a 400 naming the leg', async () => {
      const n = await network();
      const { dso } = n.f;
      const expected = `must be the instrument of this registry, {"admin": "${dso}", "id": "Amulet"}`;
      const foreignAdmin = n.f.h.party('token-issuer');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const cases: [number, (args: any) => void, string][] = [
        [
          1,
          (a) => (a.allocation.transferLeg.instrumentId = { admin: dso, id: 'USDC' }),
          `choiceArguments.allocation.transferLeg.instrumentId ${expected}, got {"admin":"${dso}","id":"USDC"}`,
        ],
        [
          10,
          (a) => (a.allocation.transferLegs['leg-7'].instrumentId = { admin: foreignAdmin, id: 'Amulet' }),
          `choiceArguments.allocation.transferLegs["leg-7"].instrumentId ${expected}, got {"admin":"${foreignAdmin}","id":"Amulet"}`,
        ],
      ];
      for (const [legs, mutate, error] of cases) {
        const args = n.f.allocateArguments(legs);
        mutate(args);
        for (const factory of [factoryV1, factoryV2]) {
          const res = await factory({ choiceArguments: args });
          expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error } });
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
});
