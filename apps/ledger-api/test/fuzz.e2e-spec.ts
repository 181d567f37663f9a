import { ledgerSpec } from '@canton-scan/contracts';
import { Db, LedgerUsersRepository, LedgerUsersService } from '@canton-scan/domain';
import {
  expectCleanFuzzCampaign,
  fuzzTokens,
  ledgerValidBodies,
  loadSimulatedNetwork,
  runFuzzCampaign,
  sampleStore,
  startTestApp,
  storeContentHashes,
  useTestDatabase,
  type RunningTestApp,
} from '@canton-scan/testing';
import { createLedgerApp } from '../src/app.factory';

/**
 * The spec-driven fuzz test of ledger-api (README "Fuzzing"): 700 generated requests, seed 13,
 * round-robin over every operation of the ledger spec — valid ones over a simulated network's
 * offsets and parties, boundary values, invalid ones and bad tokens. No answer is a 5xx, a 400
 * is text/plain or the ledger error body and every other 4xx the ledger error body, every answer
 * is one the spec declares, the store is unchanged.
 */
const REQUESTS = 700;
const SEED = 13;
const ADMIN = 'participant_admin';

describe('ledger-api under generated requests', () => {
  const db = useTestDatabase();
  let running: RunningTestApp;

  beforeAll(async () => {
    // Open-ended flats wait this long for new updates (the request's stream_idle_timeout_ms overrides it).
    running = await startTestApp(createLedgerApp, db.dataSource, { LEDGER_STREAM_IDLE_TIMEOUT_MS: '20' });
  });
  afterAll(() => running.close());

  it(`answers ${REQUESTS} generated requests without a 5xx, in the ledger's error formats, as the spec declares, changing nothing`, async () => {
    await loadSimulatedNetwork(db.dataSource, { seed: 7, rounds: 24 });
    await new LedgerUsersService(new LedgerUsersRepository(Db.of(db.dataSource))).ensureDevelopmentAdmin(
      ADMIN,
    );
    const samples = await sampleStore((sql) => db.dataSource.query(sql));
    expect(samples.offsets.length).toBeGreaterThan(0);
    const report = await runFuzzCampaign({
      groups: [
        {
          name: 'ledger',
          spec: ledgerSpec,
          base: running.origin + running.config.ledgerApi.prefix,
          errorFormat: 'ledger',
          tokens: await fuzzTokens(ADMIN),
          validBodies: ledgerValidBodies(samples),
        },
      ],
      samples,
      requests: REQUESTS,
      seed: SEED,
      storeHashes: () => storeContentHashes(db.dataSource),
    });
    expectCleanFuzzCampaign(report, REQUESTS, REQUESTS / 10);
  });
});
