import type { ActiveContract } from '../contracts/active-contracts.repository';
import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { SpliceTemplates } from '../splice/splice-templates';
import type {
  AllocationContracts,
  FactoryContracts,
  TokenRegistryRepository,
} from './token-registry.repository';
import { TokenRegistryService } from './token-registry.service';

const party = (name: string) => `${name}::1220${'ab'.repeat(32)}`;
const SYNC = `global-domain::1220${'0'.repeat(64)}`;
let seq = 0;

function contract(
  template: { templateId: string; packageName: string },
  payload: Record<string, unknown> = {},
  inFlight = false,
): ActiveContract {
  seq += 1;
  return {
    rowId: String(seq),
    migrationId: 0,
    contractId: `00${String(seq).padStart(6, '0')}`,
    templateId: template.templateId,
    packageName: template.packageName,
    payload: payload as ActiveContract['payload'],
    createdEventBlob: `blob-${seq}`,
    createdAt: '2026-01-05T00:00:00.000000Z',
    synchronizerId: SYNC,
    inFlight,
    reassignmentCounter: inFlight ? 1 : 0,
    signatories: [party('DSO')],
    observers: [],
  };
}

const FACTORY_ARGS = {
  expectedAdmin: party('DSO'),
  allocation: {
    settlement: {
      executor: party('venue'),
      settlementRef: { id: 's' },
      requestedAt: '2026-01-05T00:00:00Z',
      allocateBefore: '2026-01-05T01:00:00Z',
      settleBefore: '2026-01-05T02:00:00Z',
      meta: { values: {} },
    },
    transferLegId: 'leg-0',
    transferLeg: {
      sender: party('a'),
      receiver: party('b'),
      amount: '1.0',
      instrumentId: { admin: party('DSO'), id: 'Amulet' },
      meta: { values: {} },
    },
  },
  requestedAt: '2026-01-05T00:00:00Z',
  inputHoldingCids: [],
  extraArgs: { context: { values: {} }, meta: { values: {} } },
};

function service(factory: FactoryContracts, allocation: AllocationContracts & FactoryContracts = {}) {
  const { amuletRules, openRound } = allocation;
  const allocationNetwork = { ...(amuletRules ? { amuletRules } : {}), ...(openRound ? { openRound } : {}) };
  const repository = {
    lookupLedgerVersion: jest.fn(async () => 'v1'),
    loadNetworkContracts: jest.fn(async () => ({ ...factory, ...allocationNetwork })),
    loadAllocationContracts: jest.fn(async () => allocation),
    lookupLedgerTime: jest.fn(async () => '2026-01-05T00:30:00.000000Z'),
  };
  return {
    registry: new TokenRegistryService(repository as unknown as TokenRegistryRepository, {
      maxTransferLegs: 100,
    }),
    repository,
  };
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a domain error');
}

describe('TokenRegistryService', () => {
  const network = () => ({
    amuletRules: contract(SpliceTemplates.AmuletRules, { dso: party('DSO') }),
    openRound: contract(SpliceTemplates.OpenMiningRound, { round: { number: '7' } }),
  });

  describe('allocation factory', () => {
    it('names the factory and discloses amulet rules, the open round, the config state and the factory', async () => {
      const n = network();
      const factory = contract(SpliceTemplates.ExternalPartyAmuletRules);
      const externalPartyConfigState = contract(SpliceTemplates.ExternalPartyConfigState);
      const { registry } = service({ ...n, factory, externalPartyConfigState });
      const result = await registry.getAllocationFactory({ choiceArguments: FACTORY_ARGS });
      expect(result.factoryId).toBe(factory.contractId);
      expect(result.choiceContext.choiceContextData.values).toEqual({
        'amulet-rules': { tag: 'AV_ContractId', value: n.amuletRules.contractId },
        'open-round': { tag: 'AV_ContractId', value: n.openRound.contractId },
        'external-party-config-state': { tag: 'AV_ContractId', value: externalPartyConfigState.contractId },
      });
      expect(result.choiceContext.disclosedContracts.map((d) => d.contractId)).toEqual([
        n.amuletRules.contractId,
        n.openRound.contractId,
        externalPartyConfigState.contractId,
        factory.contractId,
      ]);
      expect(result.choiceContext.disclosedContracts[0]).toEqual({
        templateId: SpliceTemplates.AmuletRules.templateId,
        contractId: n.amuletRules.contractId,
        createdEventBlob: n.amuletRules.createdEventBlob,
        synchronizerId: SYNC,
        debugPackageName: 'splice-amulet',
        debugPayload: { dso: party('DSO') },
        debugCreatedAt: '2026-01-05T00:00:00.000000Z',
      });
    });

    it('leaves out every debug field when asked to', async () => {
      const { registry } = service({
        ...network(),
        factory: contract(SpliceTemplates.ExternalPartyAmuletRules),
      });
      const result = await registry.getAllocationFactory({
        choiceArguments: FACTORY_ARGS,
        excludeDebugFields: true,
      });
      for (const disclosed of result.choiceContext.disclosedContracts) {
        expect(Object.keys(disclosed).sort()).toEqual([
          'contractId',
          'createdEventBlob',
          'synchronizerId',
          'templateId',
        ]);
      }
    });

    it('checks the choice arguments before reading anything', async () => {
      const { registry, repository } = service({});
      const error = await failure(
        registry.getAllocationFactory({ choiceArguments: { ...FACTORY_ARGS, expectedAdmin: 'nobody' } }),
      );
      expect(error.code).toBe(DomainErrorCode.InvalidArgument);
      expect(repository.loadNetworkContracts).not.toHaveBeenCalled();
    });

    it('is not found without a factory, amulet rules or a usable round', async () => {
      const n = network();
      const factory = contract(SpliceTemplates.ExternalPartyAmuletRules);
      expect(
        (await failure(service({ ...n }).registry.getAllocationFactory({ choiceArguments: FACTORY_ARGS })))
          .message,
      ).toMatch(/no allocation factory/);
      expect(
        (
          await failure(
            service({ openRound: n.openRound, factory }).registry.getAllocationFactory({
              choiceArguments: FACTORY_ARGS,
            }),
          )
        ).message,
      ).toMatch(/no AmuletRules/);
      const noRound = await failure(
        service({ amuletRules: n.amuletRules, factory }).registry.getAllocationFactory({
          choiceArguments: FACTORY_ARGS,
        }),
      );
      expect(noRound.code).toBe(DomainErrorCode.NotFound);
      expect(noRound.message).toBe(
        "no usable OpenMiningRound: none of the DSO's open rounds has opened by 2026-01-05T00:30:00.000000Z",
      );
    });

    it('conflicts while a contract to disclose is in flight', async () => {
      const n = network();
      const stuck = contract(SpliceTemplates.OpenMiningRound, {}, true);
      const error = await failure(
        service({
          ...n,
          openRound: stuck,
          factory: contract(SpliceTemplates.ExternalPartyAmuletRules),
        }).registry.getAllocationFactory({ choiceArguments: FACTORY_ARGS }),
      );
      expect(error.code).toBe(DomainErrorCode.ContractInFlight);
      expect(error.message).toContain(
        `contract ${stuck.contractId} (splice-amulet:Splice.Round:OpenMiningRound) is being reassigned`,
      );
    });
  });

  describe('allocation choice contexts', () => {
    const allocation = () => contract(SpliceTemplates.AmuletAllocation);

    it.each(['withdraw', 'cancel'] as const)(
      '%s discloses the lock and expires it while it exists',
      async (choice) => {
        const lockedAmulet = contract(SpliceTemplates.LockedAmulet);
        const { registry } = service({}, { allocation: allocation(), lockedAmulet });
        const result = await registry.getAllocationChoiceContext(choice, '00ab', {});
        expect(result.choiceContextData.values).toEqual({ 'expire-lock': { tag: 'AV_Bool', value: true } });
        expect(result.disclosedContracts.map((d) => d.contractId)).toEqual([lockedAmulet.contractId]);
      },
    );

    it.each(['withdraw', 'cancel'] as const)('%s discloses nothing once the lock is gone', async (choice) => {
      const { registry } = service({}, { allocation: allocation() });
      const result = await registry.getAllocationChoiceContext(choice, '00ab', {});
      expect(result).toEqual({
        choiceContextData: { values: { 'expire-lock': { tag: 'AV_Bool', value: false } } },
        disclosedContracts: [],
      });
    });

    it('execute-transfer adds the executor’s featured app right when there is one', async () => {
      const n = network();
      const lockedAmulet = contract(SpliceTemplates.LockedAmulet);
      const featuredAppRight = contract(SpliceTemplates.FeaturedAppRight);
      const { registry, repository } = service(
        {},
        { ...n, allocation: allocation(), lockedAmulet, featuredAppRight },
      );
      const result = await registry.getAllocationChoiceContext('execute-transfer', '00ab', {
        meta: { note: 'x' },
      });
      expect(repository.loadAllocationContracts).toHaveBeenCalledWith('00ab', true);
      expect(result.choiceContextData.values).toEqual({
        'amulet-rules': { tag: 'AV_ContractId', value: n.amuletRules.contractId },
        'open-round': { tag: 'AV_ContractId', value: n.openRound.contractId },
        'featured-app-right': { tag: 'AV_ContractId', value: featuredAppRight.contractId },
        note: { tag: 'AV_Text', value: 'x' },
      });
      expect(result.disclosedContracts.map((d) => d.contractId)).toEqual([
        n.amuletRules.contractId,
        n.openRound.contractId,
        lockedAmulet.contractId,
        featuredAppRight.contractId,
      ]);
    });

    it('execute-transfer is not found once the lock is gone', async () => {
      const error = await failure(
        service({}, { ...network(), allocation: allocation() }).registry.getAllocationChoiceContext(
          'execute-transfer',
          '00ab',
          {},
        ),
      );
      expect(error.code).toBe(DomainErrorCode.NotFound);
      expect(error.message).toBe('the LockedAmulet of allocation 00ab no longer exists');
    });

    it('is not found for an unknown allocation', async () => {
      const error = await failure(
        service({}, {}).registry.getAllocationChoiceContext('withdraw', '00ab', {}),
      );
      expect(error.code).toBe(DomainErrorCode.NotFound);
    });

    it('conflicts while the lock is in flight, whatever the choice', async () => {
      for (const choice of ['withdraw', 'cancel', 'execute-transfer'] as const) {
        const lockedAmulet = contract(SpliceTemplates.LockedAmulet, {}, true);
        const error = await failure(
          service(
            {},
            { ...network(), allocation: allocation(), lockedAmulet },
          ).registry.getAllocationChoiceContext(choice, '00ab', {}),
        );
        expect(error.code).toBe(DomainErrorCode.ContractInFlight);
      }
    });

    it('refuses meta that would override a registry key', async () => {
      const { registry } = service({}, { allocation: allocation() });
      const error = await failure(
        registry.getAllocationChoiceContext('withdraw', '00ab', { meta: { 'expire-lock': 'true' } }),
      );
      expect(error.code).toBe(DomainErrorCode.InvalidArgument);
      expect(error.message).toContain('body.meta.expire-lock');
    });
  });
});
