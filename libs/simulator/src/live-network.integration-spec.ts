import { LedgerWriter, type HistoryUpdate } from '@canton-scan/domain';
import { useTestDatabase } from '@canton-scan/testing';
import type { DataSource } from 'typeorm';
import { openSimulatedNetwork, type SimulatedNetworkOpening } from './live-network';
import { parseMicros } from './sim-clock';
import { simulateNetwork } from './simulator';
import type { SimulationOptions } from './simulator.options';

/** A small network on one-second rounds: 24 rounds of history, then a round a second. */
const FAST: SimulationOptions = { rounds: 24, tickSeconds: 1, migrationRound: 20 };

type Opened = Extract<SimulatedNetworkOpening, { driver: unknown }>;

function opened(opening: SimulatedNetworkOpening): Opened {
  if (opening.kind === 'static') throw new Error(`expected a driver, got static: ${opening.reason}`);
  return opening;
}

/** Polls `check` until it returns true, or fails after `timeoutMs`. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The active OpenMiningRounds open at wall-clock `at` (opensAt ≤ at < targetClosesAt), by round number. */
async function roundsOpenAt(dataSource: DataSource, at: Date): Promise<number[]> {
  const rows: { n: string }[] = await dataSource.query(
    `SELECT payload_compact->'round'->>'number' AS n FROM contracts
      WHERE entity_name = 'OpenMiningRound' AND archived_record_time IS NULL
        AND migration_id = (SELECT max(migration_id) FROM contracts)
        AND (payload_compact->>'opensAt')::timestamptz <= $1
        AND $1 < (payload_compact->>'targetClosesAt')::timestamptz
      ORDER BY 1`,
    [at.toISOString()],
  );
  return rows.map((r) => Number(r.n));
}

async function storedIds(dataSource: DataSource): Promise<string[]> {
  const rows: { update_id: string }[] = await dataSource.query(
    'SELECT update_id FROM updates WHERE ledger_offset IS NOT NULL ORDER BY ledger_offset',
  );
  return rows.map((r) => r.update_id);
}

/** The ids of the first `count` updates with an offset the options generate. */
function generatedIds(options: SimulationOptions, count: number): string[] {
  const ids: string[] = [];
  for (const u of simulateNetwork(options)) {
    if (ids.length === count) break;
    if (u.offset !== '') ids.push(u.update_id);
  }
  return ids;
}

describe('the live simulated network', () => {
  const db = useTestDatabase();
  const open = (live = true, options = FAST) =>
    openSimulatedNetwork(db.dataSource, { options, live, snapshotIntervalHours: 1 });
  const newestRecordTime = async (): Promise<string> =>
    (await db.dataSource.query(`SELECT max(record_time) AS t FROM updates WHERE NOT is_import`))[0]
      .t as string;
  let running: Opened | undefined;
  afterEach(async () => {
    await running?.driver.stop();
    running = undefined;
  });

  it('lays the rounds out up to now, with a mining round open at wall-clock now, and keeps writing rounds as time passes', async () => {
    const before = Date.now();
    running = opened(await open());
    const after = Date.now();
    expect(running.kind).toBe('created');
    // 24 rounds of 1 s before the layout's now, cut to a whole second: a second may begin
    // between \`before\` and the layout's own reading of the clock.
    const start = parseMicros(running.options.startTime!) / 1000;
    expect(start % 1000).toBe(0);
    expect(start).toBeLessThanOrEqual(after - 24_000);
    expect(start).toBeGreaterThan(before - 26_000);
    const appended = await running.driver.catchUp();
    expect(appended).toBeGreaterThan(500);
    // Everything written is due, the pre-generated rounds (0 to 23) in full.
    const newest = Date.parse(await newestRecordTime());
    expect(newest).toBeLessThanOrEqual(Date.now());
    expect(newest).toBeGreaterThanOrEqual(start + 23_000);
    // Live from here on (as under npm start, where apps start meanwhile): a round is open now.
    void running.driver.run();
    // Polled: on a loaded machine the driver may take a moment to write the tick just begun.
    let openNow: number[] = [];
    await eventually('a round is open at wall-clock now', async () => {
      openNow = await roundsOpenAt(db.dataSource, new Date());
      return openNow.length > 0;
    });
    const firstOpen = Math.max(...openNow);
    await eventually('a later round is open at wall-clock now', async () => {
      const open = await roundsOpenAt(db.dataSource, new Date());
      return open.length > 0 && Math.max(...open) >= firstOpen + 2;
    });
    expect(running.driver.appended).toBeGreaterThan(appended);
  });

  it('stops between two writes and writes nothing after stopping', async () => {
    running = opened(await open());
    await running.driver.catchUp();
    const run = running.driver.run();
    const count = async () => Number((await db.dataSource.query('SELECT count(*) AS n FROM updates'))[0].n);
    const loaded = await count();
    await eventually('a live update is written', async () => (await count()) > loaded);
    await running.driver.stop();
    await run;
    const stopped = await count();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await count()).toBe(stopped);
  });

  it('resumes after a restart: regenerated from the recorded options, what became due written, no duplicate and no gap', async () => {
    const first = opened(await open());
    running = first;
    await first.driver.catchUp();
    void first.driver.run();
    const loaded = (await storedIds(db.dataSource)).length;
    await eventually(
      'live updates are written',
      async () => (await storedIds(db.dataSource)).length > loaded + 20,
    );
    await first.driver.stop();
    const before = await storedIds(db.dataSource);
    const endBefore = await newestRecordTime();
    // Down for more than a tick.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // A restart with another tick configured: the recorded network is resumed as it was.
    const second = opened(await open(true, { ...FAST, tickSeconds: 7 }));
    running = second;
    expect(second.kind).toBe('resumed');
    expect(second.options).toEqual(first.options);
    const caughtUp = await second.driver.catchUp();
    expect(caughtUp).toBeGreaterThan(0);
    expect(await newestRecordTime()).not.toBe(endBefore);
    void second.driver.run();
    await eventually(
      'the resumed network writes live updates',
      async () => second.driver.appended > caughtUp,
    );
    await second.driver.stop();

    const after = await storedIds(db.dataSource);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toEqual(generatedIds(first.options, after.length));
    const imports: { n: string }[] = await db.dataSource.query(
      'SELECT count(*) AS n FROM updates WHERE is_import',
    );
    const generatedImports = [...takeWhileOffsetBelow(first.options, after.length)].filter(
      (u) => u.offset === '',
    ).length;
    expect(Number(imports[0].n)).toBe(generatedImports);
  });

  it('records the ACS snapshot time when the live history reaches it', async () => {
    // A clock 1.5 s short of a whole hour, the next snapshot time (SNAPSHOT_INTERVAL_HOURS 1),
    // standing still while the history is laid out (which takes seconds on a busy machine), then
    // running on from there.
    const hour = Math.ceil((Date.now() + 60_000) / 3_600_000) * 3_600_000;
    const clock: { shift?: number } = {};
    running = opened(
      await openSimulatedNetwork(db.dataSource, {
        options: FAST,
        live: true,
        snapshotIntervalHours: 1,
        now: () => (clock.shift === undefined ? hour - 1_500 : Date.now() + clock.shift),
      }),
    );
    await running.driver.catchUp();
    const snapshotAtHour = async () =>
      Number(
        (
          await db.dataSource.query('SELECT count(*) AS n FROM acs_snapshots WHERE record_time = $1', [
            new Date(hour).toISOString(),
          ])
        )[0].n,
      ) === 1;
    expect(await snapshotAtHour()).toBe(false);
    clock.shift = hour - 1_500 - Date.now();
    void running.driver.run();
    await eventually('the snapshot at the hour is recorded', snapshotAtHour);
  });

  it('keeps the static history with SIMULATION_LIVE=false: the fixed start, every round written, nothing after', async () => {
    const opening = opened(await open(false));
    expect(opening.options.startTime).toBeUndefined();
    const appended = await opening.driver.catchUp();
    expect(opening.driver.exhausted).toBe(true);
    const all = [...simulateNetwork(FAST)];
    expect(appended).toBe(all.length);
    expect(await storedIds(db.dataSource)).toEqual(
      all.filter((u) => u.offset !== '').map((u) => u.update_id),
    );
    expect(await newestRecordTime()).toBe(all[all.length - 1].record_time);

    expect(await open(true)).toEqual({
      kind: 'static',
      reason: expect.stringContaining('static simulated network') as unknown,
    });
  });

  it('leaves a store it did not simulate as it is, saying why', async () => {
    const writer = new LedgerWriter(db.dataSource, { snapshotIntervalHours: 1 });
    await writer.append([...simulateNetwork(FAST)].slice(0, 50));
    const opening = await open(true);
    expect(opening).toEqual({
      kind: 'static',
      reason: expect.stringContaining('did not simulate') as unknown,
    });
  });
});

/** The updates generated up to and including the `count`-th one with an offset. */
function* takeWhileOffsetBelow(options: SimulationOptions, count: number): Generator<HistoryUpdate> {
  let seen = 0;
  for (const u of simulateNetwork(options)) {
    if (u.offset !== '' && ++seen > count) return;
    yield u;
  }
}
