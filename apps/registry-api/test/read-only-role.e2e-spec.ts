import { registrySpec } from '@canton-scan/contracts';
import { SpliceTemplates } from '@canton-scan/domain';
import {
  answersAsReaderThenOwner,
  loadSimulatedNetwork,
  operationIdsOf,
  TokenNetworkFixture,
  useTestDatabase,
  type ReadRequest,
} from '@canton-scan/testing';
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

/** The DSO party: the registry serves its Amulet only (expectedAdmin and the legs' instrument). */
async function dsoParty(dataSource: DataSource): Promise<string> {
  const [row]: { v: string }[] = await dataSource.query(
    `SELECT payload_compact->>'dso' AS v FROM contracts WHERE entity_name = 'AmuletRules' ORDER BY row_id DESC LIMIT 1`,
  );
  return row.v;
}

function registryRequests(prefix: string, allocations: readonly string[], dso: string): ReadRequest[] {
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
  ];
}

describe('token registry group through a PostgreSQL role that may only SELECT', () => {
  const db = useTestDatabase();

  it('answers every endpoint exactly as through the owner role', async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 3, rounds: 30, migrationRound: 20 });
    const allocations = await allocationIds(db.dataSource);
    expect(allocations.length).toBeGreaterThan(0);
    const dso = await dsoParty(db.dataSource);
    const { reader, owner } = await answersAsReaderThenOwner(db, createRegistryApp, (app) =>
      registryRequests(app.config.registryApi.prefix, allocations, dso),
    );

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
