import { deriveCreatedEventBlob, SpliceTemplates } from '@canton-scan/domain';
import { sendRaw } from '@canton-scan/testing';
import {
  append,
  instructionChoices,
  instructionContexts,
  keysOf,
  running,
  stored,
  transferFactory,
  transferNetwork,
  useRegistryApp,
} from './registry-lookups.fixture';

const ids = (disclosed: { contractId: string }[]) => disclosed.map((d) => d.contractId);
const cid = (value: string) => ({ tag: 'AV_ContractId', value });

describe('token registry transfers', () => {
  useRegistryApp();

  describe('transfer factory', () => {
    it('offers the transfer to a receiver without a preapproval, disclosing rules, round and config state', async () => {
      const n = await transferNetwork();
      const res = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.carol }) });
      expect(res.status).toBe(200);
      expect(res.body.factoryId).toBe(n.factory.contract_id);
      expect(res.body.transferKind).toBe('offer');
      expect(res.body.choiceContext.choiceContextData).toEqual({
        values: {
          'amulet-rules': cid(n.amuletRules.contract_id),
          'open-round': cid(n.rounds[1].contract_id),
          'external-party-config-state': cid(n.configState.contract_id),
        },
      });
      const row = await stored(n.amuletRules.contract_id);
      expect(res.body.choiceContext.disclosedContracts[0]).toEqual({
        templateId: SpliceTemplates.AmuletRules.templateId,
        contractId: n.amuletRules.contract_id,
        createdEventBlob: deriveCreatedEventBlob(n.amuletRules),
        synchronizerId: n.f.h.synchronizer,
        debugPackageName: 'splice-amulet',
        debugPayload: row.payload_compact,
        debugCreatedAt: row.created_at,
      });
      expect(ids(res.body.choiceContext.disclosedContracts)).toEqual([
        n.amuletRules.contract_id,
        n.rounds[1].contract_id,
        n.configState.contract_id,
        n.factory.contract_id,
      ]);
    });

    it('transfers directly to a preapproved receiver, disclosing the preapproval and its provider’s featured app right', async () => {
      const n = await transferNetwork();
      const res = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.f.bob }) });
      expect(res.status).toBe(200);
      expect(res.body.transferKind).toBe('direct');
      expect(res.body.choiceContext.choiceContextData.values).toEqual({
        'amulet-rules': cid(n.amuletRules.contract_id),
        'open-round': cid(n.rounds[1].contract_id),
        'external-party-config-state': cid(n.configState.contract_id),
        'transfer-preapproval': cid(n.bobPreapproval.contract_id),
        'featured-app-right': cid(n.featuredRight.contract_id),
      });
      const disclosed = res.body.choiceContext.disclosedContracts;
      expect(ids(disclosed)).toEqual([
        n.amuletRules.contract_id,
        n.rounds[1].contract_id,
        n.configState.contract_id,
        n.bobPreapproval.contract_id,
        n.featuredRight.contract_id,
        n.factory.contract_id,
      ]);
      expect(disclosed[3]).toMatchObject({
        templateId: SpliceTemplates.TransferPreapproval.templateId,
        createdEventBlob: deriveCreatedEventBlob(n.bobPreapproval),
        synchronizerId: n.f.h.synchronizer,
      });
      // A provider without a featured app right: the preapproval alone.
      const plain = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.dave }) });
      expect(plain.body.transferKind).toBe('direct');
      expect(Object.keys(plain.body.choiceContext.choiceContextData.values)).toEqual([
        'amulet-rules',
        'open-round',
        'external-party-config-state',
        'transfer-preapproval',
      ]);
    });

    it('is a self transfer when sender and receiver are the same party, preapproved or not', async () => {
      const n = await transferNetwork();
      for (const party of [n.f.bob, n.carol]) {
        const res = await transferFactory({
          choiceArguments: n.t.transferArguments({ sender: party, receiver: party }),
        });
        expect(res.body.transferKind).toBe('self');
        expect(res.body.choiceContext.choiceContextData.values['transfer-preapproval']).toBeUndefined();
      }
    });

    it('follows the ledger: an expired or archived preapproval is an offer, a new one makes it direct', async () => {
      const n = await transferNetwork();
      const args = () => ({ choiceArguments: n.t.transferArguments({ receiver: n.carol }) });
      expect((await transferFactory(args())).body.transferKind).toBe('offer');
      await append(n.t.preapproval(n.carol, n.f.plainProvider, 0));
      expect((await transferFactory(args())).body.transferKind).toBe('offer');
      const fresh = n.t.preapproval(n.carol, n.f.plainProvider);
      await append(fresh);
      expect((await transferFactory(args())).body.transferKind).toBe('direct');
      await append(n.f.archive(n.bobPreapproval));
      const bob = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.f.bob }) });
      expect(bob.body.transferKind).toBe('offer');
    });

    it('drops every debug field when excludeDebugFields is true', async () => {
      const n = await transferNetwork();
      const res = await transferFactory({
        choiceArguments: n.t.transferArguments({ receiver: n.f.bob }),
        excludeDebugFields: true,
      });
      expect(res.body.choiceContext.disclosedContracts).toHaveLength(6);
      expect(keysOf(res.body).filter((k) => k.startsWith('debug'))).toEqual([]);
    });

    it('refuses malformed transfers and foreign admins or instruments, naming the field', async () => {
      const n = await transferNetwork();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const cases: [(args: any) => void, string][] = [
        [(a) => delete a.transfer, 'choiceArguments.transfer is required'],
        [(a) => (a.transfer.receiver = 'carol'), 'choiceArguments.transfer.receiver must be a party id'],
        [(a) => (a.transfer.amount = '0.0'), 'choiceArguments.transfer.amount must be positive'],
        [(a) => (a.transfer.amount = 12.5), 'choiceArguments.transfer.amount must be a string'],
        [
          (a) => (a.transfer.executeBefore = a.transfer.requestedAt),
          'choiceArguments.transfer.executeBefore must be after transfer.requestedAt',
        ],
        [
          (a) => a.transfer.inputHoldingCids.push(a.transfer.inputHoldingCids[0]),
          'choiceArguments.transfer.inputHoldingCids[2] repeats inputHoldingCids[0]',
        ],
        [(a) => (a.transfer.meta = {}), 'choiceArguments.transfer.meta.values is required'],
        [(a) => delete a.extraArgs, 'choiceArguments.extraArgs is required'],
        [
          (a) => (a.expectedAdmin = n.f.alice),
          'choiceArguments.expectedAdmin must be the admin of this registry',
        ],
        [
          (a) => (a.transfer.instrumentId.id = 'USDC'),
          'choiceArguments.transfer.instrumentId must be the instrument of this registry',
        ],
      ];
      for (const [mutate, message] of cases) {
        const args = n.t.transferArguments({ receiver: n.carol });
        mutate(args);
        const res = await transferFactory({ choiceArguments: args });
        expect({ message, status: res.status }).toEqual({ message, status: 400 });
        expect(res.body.error).toContain(message);
      }
      const missing = await sendRaw(running.origin, {
        method: 'POST',
        path: '/api/scan/registry/transfer-instruction/v1/transfer-factory',
        body: '{}',
        contentType: 'application/json',
      });
      expect(missing.status).toBe(400);
      expect(JSON.parse(missing.text).error).toMatch(/choiceArguments/);
    });

    it('answers 404 without a factory and 409 while a contract to disclose is in flight', async () => {
      const n = await transferNetwork();
      await append(n.f.h.unassign(n.bobPreapproval.contract_id, 1));
      const direct = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.f.bob }) });
      expect(direct.status).toBe(409);
      expect(direct.body.error).toContain(
        'splice-amulet:Splice.AmuletRules:TransferPreapproval) is being reassigned',
      );
      // Offers do not disclose bob's preapproval; they still work.
      const offer = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.carol }) });
      expect(offer.status).toBe(200);
      await append(n.f.archive(n.factory));
      const none = await transferFactory({ choiceArguments: n.t.transferArguments({ receiver: n.carol }) });
      expect(none.status).toBe(404);
      expect(none.body.error).toMatch(/^no transfer factory/);
    });
  });

  describe('transfer instruction choice contexts', () => {
    it('accept discloses rules, round and the instruction’s LockedAmulet', async () => {
      const n = await transferNetwork();
      const res = await instructionContexts.accept(n.instruction.contract_id);
      expect(res.status).toBe(200);
      expect(res.body.choiceContextData).toEqual({
        values: {
          'amulet-rules': cid(n.amuletRules.contract_id),
          'open-round': cid(n.rounds[1].contract_id),
        },
      });
      expect(ids(res.body.disclosedContracts)).toEqual([
        n.amuletRules.contract_id,
        n.rounds[1].contract_id,
        n.instructionLock.contract_id,
      ]);
    });

    it.each(['reject', 'withdraw'] as const)(
      '%s discloses the LockedAmulet and expires the lock',
      async (choice) => {
        const n = await transferNetwork();
        const res = await instructionContexts[choice](n.instruction.contract_id);
        expect(res.status).toBe(200);
        const row = await stored(n.instructionLock.contract_id);
        expect(res.body).toEqual({
          choiceContextData: { values: { 'expire-lock': { tag: 'AV_Bool', value: true } } },
          disclosedContracts: [
            {
              templateId: SpliceTemplates.LockedAmulet.templateId,
              contractId: n.instructionLock.contract_id,
              createdEventBlob: deriveCreatedEventBlob(n.instructionLock),
              synchronizerId: n.f.h.synchronizer,
              debugPackageName: 'splice-amulet',
              debugPayload: row.payload_compact,
              debugCreatedAt: row.created_at,
            },
          ],
        });
      },
    );

    it('handles a lock that is gone: reject and withdraw keep it, accept is not found', async () => {
      const n = await transferNetwork();
      await append(n.f.archive(n.instructionLock, 'LockedAmulet_Unlock'));
      for (const choice of ['reject', 'withdraw'] as const)
        expect((await instructionContexts[choice](n.instruction.contract_id)).body).toEqual({
          choiceContextData: { values: { 'expire-lock': { tag: 'AV_Bool', value: false } } },
          disclosedContracts: [],
        });
      const accept = await instructionContexts.accept(n.instruction.contract_id);
      expect(accept.status).toBe(404);
      expect(accept.body.error).toBe(
        `the LockedAmulet of transfer instruction ${n.instruction.contract_id} no longer exists`,
      );
    });

    it('answers 404 for an id no transfer instruction ever had', async () => {
      const n = await transferNetwork();
      for (const id of [n.f.h.contractId(), n.instructionLock.contract_id, n.allocation.contract_id]) {
        for (const choice of instructionChoices) {
          const res = await instructionContexts[choice](id);
          expect(res.status).toBe(404);
          expect(res.body.error).toBe(
            `transfer instruction ${id} not found: no AmuletTransferInstruction with this contract id has been recorded`,
          );
        }
      }
    });

    it.each([
      ['accept', 'accepted by the receiver'],
      ['reject', 'rejected by the receiver'],
      ['withdraw', 'withdrawn by the sender'],
    ] as const)('answers 409 on every context once the instruction ends by %s (%s)', async (end, how) => {
      const n = await transferNetwork();
      const ending = n.t.end(n.instruction, n.instructionLock, end);
      await append(ending);
      for (const choice of instructionChoices) {
        const res = await instructionContexts[choice](n.instruction.contract_id);
        expect({ choice, status: res.status }).toEqual({ choice, status: 409 });
        expect(res.body.error).toBe(
          `transfer instruction ${n.instruction.contract_id} is no longer pending: ${how} at ${ending.record_time}`,
        );
      }
    });

    it('answers 409 while the instruction or its lock is in flight, 200 once assigned', async () => {
      const n = await transferNetwork();
      await append(n.f.h.unassign(n.instructionLock.contract_id, 1));
      for (const choice of instructionChoices) {
        const res = await instructionContexts[choice](n.instruction.contract_id);
        expect(res.status).toBe(409);
        expect(res.body.error).toContain(`contract ${n.instructionLock.contract_id}`);
      }
      await append(n.f.h.assign(n.instructionLock, 1), n.f.h.unassign(n.instruction.contract_id, 1));
      const res = await instructionContexts.reject(n.instruction.contract_id);
      expect(res.status).toBe(409);
      expect(res.body.error).toContain('AmuletTransferInstruction) is being reassigned');
      await append(n.f.h.assign(n.instruction, 1));
      const accept = await instructionContexts.accept(n.instruction.contract_id);
      expect(accept.status).toBe(200);
      expect(accept.body.disclosedContracts[2].synchronizerId).toBe(n.f.h.otherSynchronizer);
    });

    it('incorporates meta, refuses the registry’s keys, drops debug fields on request, checks the id', async () => {
      const n = await transferNetwork();
      const meta = { 'wallet/request-id': 'r-7' };
      const reject = await instructionContexts.reject(n.instruction.contract_id, { meta });
      expect(Object.keys(reject.body.choiceContextData.values)).toEqual(['expire-lock', 'wallet/request-id']);
      const reserved = await instructionContexts.accept(n.instruction.contract_id, {
        meta: { 'transfer-preapproval': 'x' },
      });
      expect(reserved.status).toBe(400);
      expect(reserved.body.error).toContain('body.meta.transfer-preapproval is a key the registry sets');
      for (const choice of instructionChoices) {
        const res = await instructionContexts[choice](n.instruction.contract_id, {
          excludeDebugFields: true,
        });
        expect(res.body.disclosedContracts.length).toBeGreaterThan(0);
        expect(keysOf(res.body).filter((k) => k.startsWith('debug'))).toEqual([]);
      }
      const malformed = await instructionContexts.accept('not-a-contract-id');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatch(/transferInstructionId/);
    });
  });
});
