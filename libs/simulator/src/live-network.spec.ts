import { liveSimulationOptions, updatesAfter } from './live-network';
import { simulateNetwork } from './simulator';

describe('liveSimulationOptions', () => {
  it('starts the run rounds × tick before now, on a whole second, and makes it continuous', () => {
    const now = Date.parse('2026-11-27T06:00:00.750Z');
    expect(liveSimulationOptions({ rounds: 24, tickSeconds: 2, seed: 3 }, now)).toEqual({
      rounds: 24,
      tickSeconds: 2,
      seed: 3,
      startTime: '2026-11-27T05:59:12.000000Z',
      continuous: true,
    });
    // The defaults: 432 rounds of 600 s, three days.
    expect(liveSimulationOptions({}, now).startTime).toBe('2026-11-24T06:00:00.000000Z');
  });
});

describe('updatesAfter', () => {
  const all = [...simulateNetwork({ rounds: 24, migrationRound: 10 })];
  const withOffset = all.filter((u) => u.offset !== '');

  it('keeps everything for an empty store', () => {
    expect([...updatesAfter(all, { empty: true, ledgerOffset: undefined, migrationId: undefined })]).toEqual(
      all,
    );
  });

  it('skips what precedes the stored end, keeping the stored end itself for the writer to check', () => {
    const end = withOffset[withOffset.length - 5];
    const kept = [
      ...updatesAfter(all, { empty: false, ledgerOffset: BigInt(`0x${end.offset}`), migrationId: 1 }),
    ];
    expect(kept).toEqual(withOffset.slice(-5));
  });

  it('keeps the import updates of a migration not reached yet', () => {
    const lastOfMigration0 = withOffset.filter((u) => 'migration_id' in u && u.migration_id === 0).pop()!;
    const kept = [
      ...updatesAfter(all, {
        empty: false,
        ledgerOffset: BigInt(`0x${lastOfMigration0.offset}`),
        migrationId: 0,
      }),
    ];
    expect(kept[0]).toBe(lastOfMigration0);
    expect(kept.filter((u) => u.offset === '').length).toBe(all.filter((u) => u.offset === '').length);
  });
});
