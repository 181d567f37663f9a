import type { ActiveContract } from '../contracts/active-contracts.repository';
import { DomainError, DomainErrorCode } from '../errors/domain-error';
import { SpliceTemplates } from '../splice/splice-templates';
import type { FactoryContracts, TokenRegistryRepository } from './token-registry.repository';
import type { PreapprovalContracts, TransferInstructionRepository } from './transfer-instruction.repository';
import { TransferInstructionService } from './transfer-instruction.service';

const party = (name: string) => `${name}::1220${'ab'.repeat(32)}`;
let seq = 0;

function contract(template: { templateId: string; packageName: string }, payload = {}): ActiveContract {
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
    synchronizerId: `global-domain::1220${'0'.repeat(64)}`,
    inFlight: false,
    reassignmentCounter: 0,
    signatories: [party('DSO')],
    observers: [],
  };
}

const args = (sender: string, receiver: string) => ({
  expectedAdmin: party('DSO'),
  transfer: {
    sender,
    receiver,
    amount: '1.0',
    instrumentId: { admin: party('DSO'), id: 'Amulet' },
    requestedAt: '2026-01-05T00:00:00Z',
    executeBefore: '2026-01-05T01:00:00Z',
    inputHoldingCids: [],
    meta: { values: {} },
  },
  extraArgs: { context: { values: {} }, meta: { values: {} } },
});

function fakes() {
  let version = 'v1';
  const network: FactoryContracts = {
    amuletRules: contract(SpliceTemplates.AmuletRules, { dso: party('DSO') }),
    openRound: contract(SpliceTemplates.OpenMiningRound),
    factory: contract(SpliceTemplates.ExternalPartyAmuletRules),
  };
  const preapproval = contract(SpliceTemplates.TransferPreapproval);
  let failNext = false;
  const registry = {
    lookupLedgerVersion: jest.fn(async () => version),
    loadNetworkContracts: jest.fn(async () => network),
    lookupLedgerTime: jest.fn(async () => undefined),
  };
  const transfers = {
    lookupPreapproval: jest.fn(async (receiver: string): Promise<PreapprovalContracts> => {
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return receiver === party('bob') ? { preapproval } : {};
    }),
    lookupTransferInstruction: jest.fn(),
  };
  const service = new TransferInstructionService(
    registry as unknown as TokenRegistryRepository,
    transfers as unknown as TransferInstructionRepository,
  );
  return {
    service,
    transfers,
    setVersion: (v: string) => (version = v),
    failNextRead: () => (failNext = true),
  };
}

describe('TransferInstructionService', () => {
  it('reads a receiver’s preapproval once per ledger version', async () => {
    const { service, transfers, setVersion } = fakes();
    const kinds = async () =>
      Promise.all(
        [party('bob'), party('bob'), party('carol')].map(
          async (r) =>
            (await service.getTransferFactory({ choiceArguments: args(party('alice'), r) })).transferKind,
        ),
      );
    expect(await kinds()).toEqual(['direct', 'direct', 'offer']);
    expect(await kinds()).toEqual(['direct', 'direct', 'offer']);
    expect(transfers.lookupPreapproval).toHaveBeenCalledTimes(2);
    setVersion('v2');
    await kinds();
    expect(transfers.lookupPreapproval).toHaveBeenCalledTimes(4);
  });

  it('does not look a preapproval up for a self transfer, and does not keep a failed read', async () => {
    const { service, transfers, failNextRead } = fakes();
    const self = await service.getTransferFactory({ choiceArguments: args(party('bob'), party('bob')) });
    expect(self.transferKind).toBe('self');
    expect(transfers.lookupPreapproval).not.toHaveBeenCalled();
    failNextRead();
    await expect(
      service.getTransferFactory({ choiceArguments: args(party('alice'), party('bob')) }),
    ).rejects.toThrow('connection lost');
    const retried = await service.getTransferFactory({ choiceArguments: args(party('alice'), party('bob')) });
    expect(retried.transferKind).toBe('direct');
  });

  it('names how a settled instruction ended in its 409', async () => {
    const { service, transfers } = fakes();
    transfers.lookupTransferInstruction.mockResolvedValue({
      status: 'archived',
      choice: 'TransferInstruction_Withdraw',
      archivedAt: '2026-01-05T00:00:09.000000Z',
    });
    const error = await service.getChoiceContext('accept', '00ab', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(DomainErrorCode.ContractNotActive);
    expect((error as DomainError).message).toBe(
      'transfer instruction 00ab is no longer pending: withdrawn by the sender at 2026-01-05T00:00:09.000000Z',
    );
  });
});
