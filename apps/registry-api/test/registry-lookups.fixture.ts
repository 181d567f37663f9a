/** Shared by the token registry lookup specs: the running registry app, a small token network and the lookup calls. */
import { createRegistryClient, registryApi, registrySpec } from '@canton-scan/contracts';
import { LedgerWriter, SpliceTemplates, synchronizerNameOf, type HistoryUpdate } from '@canton-scan/domain';
import {
  allCreatedOf,
  callChecked,
  createdOf,
  startTestApp,
  TokenNetworkFixture,
  TransferFixture,
  useTestDatabase,
  type RunningTestApp,
  type TestDatabase,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

/** Every key anywhere in a JSON value. */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

let db: TestDatabase;
/** The running registry app; set by {@link useRegistryApp} before the tests run. */
export let running: RunningTestApp;
/** Its client; set by {@link useRegistryApp} before the tests run. */
export let client: ReturnType<typeof createRegistryClient>;

/** Starts the registry app on a test database for the enclosing describe. */
export function useRegistryApp(): void {
  const database = useTestDatabase();
  db = database;

  beforeAll(async () => {
    running = await startTestApp(createRegistryApp, database.dataSource);
    client = createRegistryClient({ baseUrl: running.origin + running.config.registryApi.prefix });
  });
  afterAll(() => running.close());
}

/** The test database's DataSource (of the running describe). */
export const dataSource = () => db.dataSource;

export const append = (...updates: HistoryUpdate[]) =>
  new LedgerWriter(db.dataSource, { snapshotIntervalHours: 3 }).append(updates);
export const stored = async (contractId: string) =>
  (
    await db.dataSource.query(
      `SELECT ${synchronizerNameOf('t.synchronizer')} AS synchronizer_id, payload_compact, created_at FROM contracts t WHERE contract_id = $1`,
      [contractId],
    )
  )[0] as { synchronizer_id: string; payload_compact: unknown; created_at: string };

/** Genesis (rounds 0 and 1 open, round 2 opening a tick later) and one allocation. */
export async function network() {
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

export const factoryV1 = (body: registryApi.GetFactoryRequest) =>
  callChecked(registrySpec, 'getAllocationFactoryV1', registryApi.getAllocationFactoryV1({ client, body }));
export const factoryV2 = (body: registryApi.GetFactoryRequest) =>
  callChecked(registrySpec, 'getAllocationFactoryV2', registryApi.getAllocationFactoryV2({ client, body }));
export const contexts = {
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
export const lockContexts = ['withdraw v1', 'withdraw v2', 'cancel v1', 'cancel v2'] as const;
export const transferContexts = ['execute-transfer v1', 'execute-transfer v2'] as const;

export const transferFactory = (body: registryApi.GetTransferFactoryRequest) =>
  callChecked(registrySpec, 'getTransferFactory', registryApi.getTransferFactory({ client, body }));
/** The choice contexts of a transfer instruction, by choice. */
export const instructionContexts = {
  accept: (transferInstructionId: string, body: registryApi.GetChoiceContextRequest = {}) =>
    callChecked(
      registrySpec,
      'getTransferInstructionAcceptContext',
      registryApi.getTransferInstructionAcceptContext({ client, path: { transferInstructionId }, body }),
    ),
  reject: (transferInstructionId: string, body: registryApi.GetChoiceContextRequest = {}) =>
    callChecked(
      registrySpec,
      'getTransferInstructionRejectContext',
      registryApi.getTransferInstructionRejectContext({ client, path: { transferInstructionId }, body }),
    ),
  withdraw: (transferInstructionId: string, body: registryApi.GetChoiceContextRequest = {}) =>
    callChecked(
      registrySpec,
      'getTransferInstructionWithdrawContext',
      registryApi.getTransferInstructionWithdrawContext({ client, path: { transferInstructionId }, body }),
    ),
};
export const instructionChoices = ['accept', 'reject', 'withdraw'] as const;

/** The token network of `network()` plus transfers: bob preapproved (by the featured provider), carol not, and a pending instruction from alice to carol. */
export async function transferNetwork() {
  const n = await network();
  const t = new TransferFixture(n.f);
  const carol = n.f.h.party('carol');
  const dave = n.f.h.party('dave');
  const bobPreapprovalTx = t.preapproval(n.f.bob, n.f.featuredProvider);
  const davePreapprovalTx = t.preapproval(dave, n.f.plainProvider);
  const instructionTx = t.instruction({ sender: n.f.alice, receiver: carol });
  await append(bobPreapprovalTx, davePreapprovalTx, instructionTx);
  return {
    ...n,
    t,
    carol,
    dave,
    bobPreapproval: createdOf(bobPreapprovalTx, SpliceTemplates.TransferPreapproval),
    davePreapproval: createdOf(davePreapprovalTx, SpliceTemplates.TransferPreapproval),
    instruction: createdOf(instructionTx, SpliceTemplates.AmuletTransferInstruction),
    instructionLock: createdOf(instructionTx, SpliceTemplates.LockedAmulet),
  };
}
