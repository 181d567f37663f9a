import { registrySpec } from '@canton-scan/contracts';
import {
  expectCleanFuzzCampaign,
  fuzzOperations,
  loadSimulatedNetwork,
  registryValidBodies,
  runFuzzCampaign,
  sampleStore,
  startTestApp,
  storeContentHashes,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createRegistryApp } from '../src/app.factory';

/**
 * The spec-driven fuzz test of registry-api (README "Fuzzing"): 700 generated requests, seed 12,
 * round-robin over every operation of the registry spec — valid ones over a simulated network's
 * allocations, transfer instructions and holdings, boundary values and invalid ones. No answer is a 5xx, every 4xx is
 * `{"error": string}`, every answer is one the spec declares, the store is unchanged.
 */
const REQUESTS = 700;
const SEED = 12;

describe('registry-api under generated requests', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;

  beforeAll(async () => {
    running = await startTestApp(createRegistryApp, db.dataSource);
  });
  afterAll(() => running.close());

  it(`answers ${REQUESTS} generated requests without a 5xx, as {"error"} on 4xx, as the spec declares, changing nothing`, async () => {
    await loadSimulatedNetwork(db.dataSource, {
      seed: 7,
      rounds: 24,
      allocationsPerRound: 0.5,
      transferPreapprovalParties: 2,
      transferInstructionsPerRound: 0.5,
    });
    const samples = await sampleStore((sql) => db.dataSource.query(sql));
    expect(samples.allocationIds.length).toBeGreaterThan(0);
    expect(samples.transferInstructionIds.length).toBeGreaterThan(0);
    const group = { name: 'registry', spec: registrySpec };
    const report = await runFuzzCampaign({
      groups: [
        {
          ...group,
          base: running.origin + running.config.registryApi.prefix,
          errorFormat: 'json',
          validBodies: registryValidBodies(
            samples,
            fuzzOperations(group).map((o) => o.operationId),
          ),
        },
      ],
      samples,
      requests: REQUESTS,
      seed: SEED,
      storeHashes: () => storeContentHashes(db.dataSource),
    });
    expectCleanFuzzCampaign(report, REQUESTS, REQUESTS / 20);
  });
});
