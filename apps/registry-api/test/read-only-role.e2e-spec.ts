import { registrySpec } from '@canton-scan/contracts';
import { SpliceTemplates } from '@canton-scan/domain';
import {
  answersAsReaderThenOwner,
  loadSimulatedNetwork,
  operationIdsOf,
  TokenNetworkFixture,
  TransferFixture,
  useTestDatabase,
  type ReadRequest,
} from '@canton-scan/testing';
import { simulatedNetworkOf } from '@canton-scan/simulator';
import type { DataSource } from 'typeorm';
import { createRegistryApp } from '../src/app.factory';

/** Active allocations of the loaded network (some with their lock in flight: 409 either way). */
async function allocationIds(dataSource: DataSource): Promise<string[]> {
  const { packageName, moduleName, entityName } = SpliceTemplates.AmuletAllocation;
  const rows: { id: string }[] = await dataSource.query(
    `SELECT DISTINCT contract_id AS id FROM contracts
      WHERE package_name = $1 AND module_name = $2 AND entity_name = $3 AND archived_record_time IS NULL
      ORDER BY 1 LIMIT 8`,
    [packageName, moduleName, entityName],
  );
  return rows.map((r) => r.id);
}

/** Transfer instructions of the loaded network, pending ones first (then settled ones: 409). */
async function instructionIds(dataSource: DataSource): Promise<string[]> {
  const rows: { id: string }[] = await dataSource.query(
    `SELECT contract_id AS id FROM contracts WHERE entity_name = 'AmuletTransferInstruction'
      ORDER BY archived_record_time IS NOT NULL, row_id LIMIT 4`,
  );
  return rows.map((r) => r.id);
}

/** The DSO party: the registry serves its Amulet only (expectedAdmin and the legs' instrument). */
async function dsoParty(dataSource: DataSource): Promise<string> {
  const [row]: { v: string }[] = await dataSource.query(
    `SELECT payload_compact->>'dso' AS v FROM contracts WHERE entity_name = 'AmuletRules' ORDER BY row_id DESC LIMIT 1`,
  );
  return row.v;
}

function transferRequests(
  post: (operationId: string, path: string, body: unknown) => ReadRequest,
  instructions: readonly string[],
  dso: string,
  users: readonly string[],
): ReadRequest[] {
  const f = new TokenNetworkFixture();
  const factory = (sender: string, receiver: string) => {
    const choiceArguments = new TransferFixture(f).transferArguments({ sender, receiver }) as {
      expectedAdmin: string;
      transfer: { instrumentId: { admin: string } };
    };
    choiceArguments.expectedAdmin = choiceArguments.transfer.instrumentId.admin = dso;
    return post('getTransferFactory', '/transfer-instruction/v1/transfer-factory', { choiceArguments });
  };
  // users[0] is preapproved (direct), users[5] is not (offer), and a self transfer.
  const factories = [factory(users[3], users[0]), factory(users[3], users[5]), factory(users[3], users[3])];
  const contexts = instructions.flatMap((id) =>
    (['Accept', 'Reject', 'Withdraw'] as const).map((choice) =>
      post(
        `getTransferInstruction${choice}Context`,
        `/transfer-instruction/v1/${id}/choice-contexts/${choice.toLowerCase()}`,
        {},
      ),
    ),
  );
  return [...factories, ...contexts];
}

function registryRequests(
  prefix: string,
  allocations: readonly string[],
  dso: string,
  transfers: ReadRequest[],
): ReadRequest[] {
  const post = (operationId: string, path: string, body: unknown): ReadRequest => ({
    operationId,
    method: 'POST',
    path: `${prefix}/registry${path}`,
    body,
  });
  const choiceArguments = new TokenNetworkFixture().allocateArguments() as {
    expectedAdmin: string;
    allocation: { transferLeg: { instrumentId: { admin: string } } };
  };
  choiceArguments.expectedAdmin = choiceArguments.allocation.transferLeg.instrumentId.admin = dso;
  const contexts = (['V1', 'V2'] as const).flatMap((v) =>
    allocations.flatMap((id) =>
      (
        [
          ['Withdraw', 'withdraw'],
          ['Cancel', 'cancel'],
          ['Transfer', 'execute-transfer'],
        ] as const
      ).map(([name, choice]) =>
        post(
          `getAllocation${name}Context${v}`,
          `/allocations/${v.toLowerCase()}/${id}/choice-contexts/${choice}`,
          {},
        ),
      ),
    ),
  );
  return [
    { operationId: 'getLivez', method: 'GET', path: `${prefix}/livez` },
    { operationId: 'getReadyz', method: 'GET', path: `${prefix}/readyz` },
    post('getAllocationFactoryV1', '/allocation-instruction/v1/allocation-factory', { choiceArguments }),
    post('getAllocationFactoryV2', '/allocation-instruction/v2/allocation-factory', { choiceArguments }),
    ...contexts,
    { operationId: 'getRegistryInfo', method: 'GET', path: `${prefix}/registry/metadata/v1/info` },
    { operationId: 'listInstruments', method: 'GET', path: `${prefix}/registry/metadata/v1/instruments` },
    {
      operationId: 'listInstruments',
      method: 'GET',
      path: `${prefix}/registry/metadata/v1/instruments?pageSize=1&pageToken=Amulet`,
    },
    {
      operationId: 'getInstrument',
      method: 'GET',
      path: `${prefix}/registry/metadata/v1/instruments/Amulet`,
    },
    { operationId: 'getInstrument', method: 'GET', path: `${prefix}/registry/metadata/v1/instruments/Other` },
    ...transfers,
  ];
}

describe('token registry group through a PostgreSQL role that may only SELECT', () => {
  const db = useTestDatabase();

  it('answers every endpoint exactly as through the owner role', async () => {
    const options = {
      seed: 3,
      rounds: 30,
      migrationRound: 20,
      transferPreapprovalParties: 2,
      transferInstructionsPerRound: 0.5,
    };
    await loadSimulatedNetwork(db.dataSource, options);
    const allocations = await allocationIds(db.dataSource);
    expect(allocations.length).toBeGreaterThan(0);
    const instructions = await instructionIds(db.dataSource);
    expect(instructions.length).toBeGreaterThan(1);
    const dso = await dsoParty(db.dataSource);
    const users = simulatedNetworkOf(options).users.map((u) => u.id);
    const { reader, owner } = await answersAsReaderThenOwner(db, createRegistryApp, (app) => {
      const prefix = app.config.registryApi.prefix;
      const post = (operationId: string, path: string, body: unknown): ReadRequest => ({
        operationId,
        method: 'POST',
        path: `${prefix}/registry${path}`,
        body,
      });
      return registryRequests(prefix, allocations, dso, transferRequests(post, instructions, dso, users));
    });

    const covered = new Set(reader.map((a) => a.operationId));
    expect([...covered].sort()).toEqual([...new Set(operationIdsOf(registrySpec))].sort());
    expect(reader).toEqual(owner);
    // Valid requests: every operation answers 200 at least once.
    for (const op of covered)
      expect({ op, ok: reader.some((a) => a.operationId === op && a.status === 200) }).toEqual({
        op,
        ok: true,
      });
  });
});
