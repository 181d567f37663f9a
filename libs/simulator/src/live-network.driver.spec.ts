import type { HistoryUpdate, LedgerWriter } from '@canton-scan/domain';
import { LiveNetworkDriver } from './live-network.driver';
import { liveSimulationOptions } from './live-network';
import { parseMicros } from './sim-clock';
import { simulateNetwork } from './simulator';

/** A writer keeping what it is given in memory, failing the calls `failing` names (1-based). */
function memoryWriter(failing: readonly number[] = []) {
  const batches: { at: number; updates: HistoryUpdate[] }[] = [];
  let calls = 0;
  const writer = {
    append: (updates: readonly unknown[]): Promise<{ appended: number }> => {
      calls++;
      if (failing.includes(calls)) return Promise.reject(new Error(`write ${calls} failed`));
      batches.push({ at: Date.now(), updates: [...(updates as HistoryUpdate[])] });
      return Promise.resolve({ appended: updates.length });
    },
  };
  return { writer: writer as unknown as LedgerWriter, batches };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('LiveNetworkDriver', () => {
  const drivers: LiveNetworkDriver[] = [];
  afterEach(() => Promise.all(drivers.splice(0).map((d) => d.stop())));
  // A network whose pre-generated rounds ended 24 s ago: a backlog is due, then a round a second.
  const network = () =>
    simulateNetwork(liveSimulationOptions({ rounds: 24, tickSeconds: 1 }, Date.now() - 24_000));

  it('writes each update once its record time has come, in order, batching those already due', async () => {
    const { writer, batches } = memoryWriter();
    const driver = new LiveNetworkDriver(writer, network(), { maxBatch: 50 });
    drivers.push(driver);
    void driver.run();
    const started = Date.now();
    // The backlog (rounds ended up to 48 s ago) at once, then what falls due, for two seconds.
    await until(() => batches.some((b) => b.at > started + 2_000));
    await driver.stop();
    const written = batches.flatMap((b) => b.updates);
    for (const batch of batches)
      for (const u of batch.updates) expect(parseMicros(u.record_time) / 1000).toBeLessThanOrEqual(batch.at);
    expect(Math.max(...batches.map((b) => b.updates.length))).toBe(50);
    const expected: string[] = [];
    for (const u of network()) {
      if (expected.length === written.length) break;
      expected.push(u.update_id);
    }
    expect(written.map((u) => u.update_id)).toEqual(expected);
    expect(driver.appended).toBe(written.length);
  });

  it('tries a failed write again with the same batch: nothing skipped, nothing twice', async () => {
    const { writer, batches } = memoryWriter([3]);
    const failures: unknown[] = [];
    const driver = new LiveNetworkDriver(writer, network(), {
      maxBatch: 20,
      retryDelayMs: 10,
      onWriteFailed: (error) => failures.push(error),
    });
    drivers.push(driver);
    void driver.run();
    await until(() => batches.length >= 6);
    await driver.stop();
    expect(failures).toHaveLength(1);
    const ids = batches.flatMap((b) => b.updates.map((u) => u.update_id));
    expect(new Set(ids).size).toBe(ids.length);
    const expected: string[] = [];
    for (const u of network()) {
      if (expected.length === ids.length) break;
      expected.push(u.update_id);
    }
    expect(ids).toEqual(expected);
  });

  it('reports a failing stream from run, and stop still resolves', async () => {
    const { writer } = memoryWriter();
    function* broken(): Generator<HistoryUpdate> {
      let n = 0;
      for (const u of network()) {
        if (++n > 30) throw new Error('simulator bug');
        yield u;
      }
    }
    const driver = new LiveNetworkDriver(writer, broken(), { maxBatch: 10 });
    await expect(driver.run()).rejects.toThrow('simulator bug');
    await expect(driver.stop()).resolves.toBeUndefined();
  });
});
