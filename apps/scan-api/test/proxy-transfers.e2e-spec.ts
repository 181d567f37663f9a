import { createScanProxyClient, scanProxyApi, scanProxySpec } from '@canton-scan/contracts';
import { LedgerWriter, SpliceTemplates, type HistoryUpdate } from '@canton-scan/domain';
import {
  allCreatedOf,
  callChecked,
  createdOf,
  signDevelopmentToken,
  startTestApp,
  TokenNetworkFixture,
  TransferFixture,
  useKnownLedgerUser,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

type Client = ReturnType<typeof createScanProxyClient>;
const cid = (value: string) => ({ tag: 'AV_ContractId', value });

describe('token registry transfers through the validator proxy (/v0/scan-proxy/registry)', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource, 'wallet');
  let running: RunningTestApp;
  let client: Client;
  let anonymous: Client;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
    const token = await signDevelopmentToken({ sub: 'wallet' });
    const baseUrl = running.origin + running.config.scanApi.validatorPrefix;
    client = createScanProxyClient({ baseUrl, auth: () => token });
    anonymous = createScanProxyClient({ baseUrl });
  });
  afterAll(() => running.close());

  const append = (...updates: HistoryUpdate[]) =>
    new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);

  async function network() {
    const f = new TokenNetworkFixture();
    const t = new TransferFixture(f);
    const carol = f.h.party('carol');
    const genesis = f.genesis();
    const preapprovalTx = t.preapproval(f.after(5).bob, f.featuredProvider);
    const instructionTx = t.instruction({ sender: f.alice, receiver: carol });
    await append(genesis, preapprovalTx, instructionTx);
    return {
      f,
      t,
      carol,
      amuletRules: createdOf(genesis, SpliceTemplates.AmuletRules),
      factory: createdOf(genesis, SpliceTemplates.ExternalPartyAmuletRules),
      configState: createdOf(genesis, SpliceTemplates.ExternalPartyConfigState),
      featuredRight: createdOf(genesis, SpliceTemplates.FeaturedAppRight),
      openRound: allCreatedOf(genesis, SpliceTemplates.OpenMiningRound)[1],
      preapproval: createdOf(preapprovalTx, SpliceTemplates.TransferPreapproval),
      instruction: createdOf(instructionTx, SpliceTemplates.AmuletTransferInstruction),
      lock: createdOf(instructionTx, SpliceTemplates.LockedAmulet),
    };
  }

  const factory = (body: scanProxyApi.GetTransferFactoryRequest, as: Client = client) =>
    callChecked(
      scanProxySpec,
      'proxyGetTransferFactory',
      scanProxyApi.proxyGetTransferFactory({ client: as, body }),
    );
  type ContextBody = scanProxyApi.GetChoiceContextRequest;
  const contexts = {
    accept: (transferInstructionId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetTransferInstructionAcceptContext',
        scanProxyApi.proxyGetTransferInstructionAcceptContext({
          client,
          path: { transferInstructionId },
          body,
        }),
      ),
    reject: (transferInstructionId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetTransferInstructionRejectContext',
        scanProxyApi.proxyGetTransferInstructionRejectContext({
          client,
          path: { transferInstructionId },
          body,
        }),
      ),
    withdraw: (transferInstructionId: string, body: ContextBody = {}) =>
      callChecked(
        scanProxySpec,
        'proxyGetTransferInstructionWithdrawContext',
        scanProxyApi.proxyGetTransferInstructionWithdrawContext({
          client,
          path: { transferInstructionId },
          body,
        }),
      ),
  };

  it('answers the transfer factory as the registry does: direct, offer and self', async () => {
    const n = await network();
    const direct = await factory({ choiceArguments: n.t.transferArguments({ receiver: n.f.bob }) });
    expect(direct.status).toBe(200);
    expect(direct.body.factoryId).toBe(n.factory.contract_id);
    expect(direct.body.transferKind).toBe('direct');
    expect(direct.body.choiceContext.choiceContextData.values).toEqual({
      'amulet-rules': cid(n.amuletRules.contract_id),
      'open-round': cid(n.openRound.contract_id),
      'external-party-config-state': cid(n.configState.contract_id),
      'transfer-preapproval': cid(n.preapproval.contract_id),
      'featured-app-right': cid(n.featuredRight.contract_id),
    });
    const offer = await factory({ choiceArguments: n.t.transferArguments({ receiver: n.carol }) });
    expect(offer.body.transferKind).toBe('offer');
    expect(offer.body.choiceContext.disclosedContracts).toHaveLength(4);
    const self = await factory({
      choiceArguments: n.t.transferArguments({ sender: n.carol, receiver: n.carol }),
    });
    expect(self.body.transferKind).toBe('self');
  });

  it('answers the choice contexts of a pending instruction, 409 once it is settled and 404 for unknown ids', async () => {
    const n = await network();
    const accept = await contexts.accept(n.instruction.contract_id);
    expect(accept.status).toBe(200);
    expect(accept.body.disclosedContracts.map((d: { contractId: string }) => d.contractId)).toEqual([
      n.amuletRules.contract_id,
      n.openRound.contract_id,
      n.lock.contract_id,
    ]);
    for (const choice of ['reject', 'withdraw'] as const) {
      const res = await contexts[choice](n.instruction.contract_id, { meta: { note: 'n' } });
      expect(res.body.choiceContextData.values).toEqual({
        'expire-lock': { tag: 'AV_Bool', value: true },
        note: { tag: 'AV_Text', value: 'n' },
      });
    }
    for (const call of Object.values(contexts)) expect((await call(n.f.h.contractId())).status).toBe(404);
    await append(n.t.end(n.instruction, n.lock, 'withdraw'));
    for (const call of Object.values(contexts)) {
      const res = await call(n.instruction.contract_id);
      expect(res.status).toBe(409);
      expect(res.body.error).toContain('is no longer pending: withdrawn by the sender');
    }
  });

  it('refuses bad input with 400, conflicts with 409, and callers without a token with 401', async () => {
    const n = await network();
    const args = n.t.transferArguments({ receiver: n.f.bob }) as { transfer: { amount: string } };
    args.transfer.amount = '-1';
    const bad = await factory({ choiceArguments: args });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('choiceArguments.transfer.amount');
    await append(n.f.h.unassign(n.amuletRules.contract_id, 1));
    const inFlight = await factory({ choiceArguments: n.t.transferArguments({ receiver: n.carol }) });
    expect(inFlight.status).toBe(409);
    expect(inFlight.body.error).toContain(
      'splice-amulet:Splice.AmuletRules:AmuletRules) is being reassigned',
    );
    const unauthenticated = await factory({ choiceArguments: n.t.transferArguments() }, anonymous);
    expect(unauthenticated.status).toBe(401);
  });
});
