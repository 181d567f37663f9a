import { scanProxySpec, scanSpec } from '@canton-scan/contracts';
import {
  expectCleanFuzzCampaign,
  fuzzOperations,
  fuzzTokens,
  loadSimulatedNetwork,
  registryValidBodies,
  scanValidBodies,
  runFuzzCampaign,
  sampleStore,
  startTestApp,
  storeContentHashes,
  useKnownLedgerUser,
  useTestDatabase,
  type FuzzGroup,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/**
 * The spec-driven fuzz test of scan-api (README "Fuzzing"): 1,800 generated requests, seed 11,
 * round-robin over every operation of the scan and validator proxy specs — valid ones over a
 * simulated network's ids, boundary values, invalid ones and bad tokens. No answer is a 5xx,
 * every 4xx is `{"error": string}`, every answer is one the spec declares, the store is unchanged.
 */
const REQUESTS = 1800;
const SEED = 11;
const USER = 'fuzz-wallet';

describe('scan-api under generated requests', () => {
  const db = useTestDatabase();
  useKnownLedgerUser(() => db.dataSource, USER);
  let running: RunningTestApp;

  beforeAll(async () => {
    running = await startTestApp(createScanApp, db.dataSource);
  });
  afterAll(() => running.close());

  it(`answers ${REQUESTS} generated requests without a 5xx, in each group's error format, as the specs declare, changing nothing`, async () => {
    await loadSimulatedNetwork(db.dataSource, {
      seed: 7,
      rounds: 24,
      allocationsPerRound: 0.5,
      transferPreapprovalParties: 2,
      transferInstructionsPerRound: 0.5,
    });
    const samples = await sampleStore((sql) => db.dataSource.query(sql));
    expect(samples.updateIds.length).toBeGreaterThan(0);
    expect(samples.allocationIds.length).toBeGreaterThan(0);
    expect(samples.transferInstructionIds.length).toBeGreaterThan(0);
    const proxy = { name: 'scan-proxy', spec: scanProxySpec };
    const groups: FuzzGroup[] = [
      {
        name: 'scan',
        spec: scanSpec,
        base: running.origin + running.config.scanApi.prefix,
        errorFormat: 'json',
        validBodies: scanValidBodies(samples),
      },
      {
        ...proxy,
        base: running.origin + running.config.scanApi.validatorPrefix,
        errorFormat: 'json',
        tokens: await fuzzTokens(USER),
        validBodies: registryValidBodies(
          samples,
          fuzzOperations(proxy).map((o) => o.operationId),
        ),
      },
    ];
    const report = await runFuzzCampaign({
      groups,
      samples,
      requests: REQUESTS,
      seed: SEED,
      storeHashes: () => storeContentHashes(db.dataSource),
    });
    expectCleanFuzzCampaign(report, REQUESTS, REQUESTS / 10);
  });
});
