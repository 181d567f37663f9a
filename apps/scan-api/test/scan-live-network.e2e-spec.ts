import { createScanClient, scanApi, scanSpec } from '@canton-scan/contracts';
import { openSimulatedNetwork, type LiveNetworkDriver } from '@canton-scan/simulator';
import { callChecked, startTestApp, useTestDatabase, type RunningTestApp } from '@canton-scan/testing';
import { createScanApp } from '../src/app.factory';

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The migration an item of the update history belongs to. */
const migrationOf = (item: scanApi.UpdateHistoryItemV2): number =>
  'migration_id' in item ? item.migration_id : item.event.migration_id;

/** Scan over a live simulated network (two-second rounds): what is written after start-up is served. */
describe('scan over a live simulated network', () => {
  const db = useTestDatabase();
  let app: RunningTestApp;
  let client: ReturnType<typeof createScanClient>;
  let driver: LiveNetworkDriver | undefined;

  beforeAll(async () => {
    app = await startTestApp(createScanApp, db.dataSource);
    client = createScanClient({ baseUrl: app.origin + app.config.scanApi.prefix });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    const opening = await openSimulatedNetwork(db.dataSource, {
      options: { rounds: 24, tickSeconds: 2, migrationRound: 20 },
      live: true,
      snapshotIntervalHours: 3,
    });
    if (opening.kind === 'static') throw new Error(opening.reason);
    driver = opening.driver;
    await driver.catchUp();
    // Live from here on, as under npm start: the rounds open at wall-clock now keep coming.
    void driver.run();
  });
  afterEach(async () => {
    await driver?.stop();
    driver = undefined;
  });

  /** The OpenMiningRounds scan lists that are open at wall-clock now, by round number. */
  const openNow = async (): Promise<number[]> => {
    const { body } = await callChecked(
      scanSpec,
      'getOpenAndIssuingMiningRounds',
      scanApi.getOpenAndIssuingMiningRounds({
        client,
        body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
      }),
    );
    const now = Date.now();
    return Object.values((body as scanApi.GetOpenAndIssuingMiningRoundsResponse).open_mining_rounds)
      .map(
        (r) => r.contract!.payload as { round: { number: string }; opensAt: string; targetClosesAt: string },
      )
      .filter((p) => Date.parse(p.opensAt) <= now && now < Date.parse(p.targetClosesAt))
      .map((p) => Number(p.round.number));
  };

  it('lists an OpenMiningRound open at wall-clock now, and a later one as the rounds advance', async () => {
    const first = await eventually('a round is open now', async () => {
      const open = await openNow();
      return open.length > 0 ? open : undefined;
    });
    await eventually('a later round is open now', async () => {
      const open = await openNow();
      return open.length > 0 && Math.max(...open) > Math.max(...first) ? open : undefined;
    });
  });

  it('serves over POST /v2/updates the updates written after start-up', async () => {
    // The newest update served now: page from the start to the end (the driver keeps writing).
    let after: scanApi.UpdateHistoryRequestAfter | undefined;
    for (;;) {
      const { body } = await callChecked(
        scanSpec,
        'getUpdateHistoryV2',
        scanApi.getUpdateHistoryV2({ client, body: { page_size: 1000, ...(after ? { after } : {}) } }),
      );
      const page = (body as scanApi.UpdateHistoryResponseV2).transactions;
      if (page.length === 0) break;
      const last = page[page.length - 1];
      after = { after_migration_id: migrationOf(last), after_record_time: last.record_time };
    }
    expect(after).toBeDefined();
    const newer = await eventually('newer updates are served', async () => {
      const { body } = await callChecked(
        scanSpec,
        'getUpdateHistoryV2',
        scanApi.getUpdateHistoryV2({ client, body: { page_size: 100, after } }),
      );
      const page = (body as scanApi.UpdateHistoryResponseV2).transactions;
      return page.length > 0 ? page : undefined;
    });
    for (const update of newer) expect(update.record_time > after!.after_record_time).toBe(true);
    expect(Date.parse(newer[newer.length - 1].record_time)).toBeLessThanOrEqual(Date.now());
  });
});
