import {
  Db,
  decodeScanOffset,
  isTransaction,
  isHostingItem,
  isVerdictItem,
  LedgerWriter,
  SimulatedNetworkRepository,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type HistoryHostingItem,
  type StoredHistoryEnd,
} from '@canton-scan/domain';
import type { DataSource } from 'typeorm';
import { LiveNetworkDriver, type LiveNetworkDriverOptions } from './live-network.driver';
import { formatMicros } from './sim-clock';
import { simulateHistory } from './simulator';
import { DEFAULT_SIMULATION_OPTIONS, type SimulationOptions } from './simulator.options';

/**
 * The options of a live network: its `rounds` pre-generated rounds laid out so that they end at
 * `nowMs` (the start time is now − rounds × tick, on a whole second), going on after them.
 */
export function liveSimulationOptions(options: SimulationOptions, nowMs: number): SimulationOptions {
  const rounds = options.rounds ?? DEFAULT_SIMULATION_OPTIONS.rounds;
  const tickSeconds = options.tickSeconds ?? DEFAULT_SIMULATION_OPTIONS.tickSeconds;
  const startSeconds = Math.floor(nowMs / 1000) - rounds * tickSeconds;
  return { ...options, startTime: formatMicros(startSeconds * 1_000_000), continuous: true };
}

/**
 * The updates of a regenerated simulation the store does not hold yet. The simulator's ledger
 * offsets grow across migrations, so every update before the stored end is skipped; the one at
 * the end is kept, for the writer to check it is the stored one (identical, so not written
 * again). Import updates are skipped when a later update of their migration is stored (they come
 * first in it); otherwise the writer skips those already stored.
 */
export function* updatesAfter<T extends HistoryUpdate | HistoryVerdictItem | HistoryHostingItem>(
  updates: Iterable<T>,
  end: StoredHistoryEnd,
): Generator<T, void, undefined> {
  const endOffset = end.ledgerOffset;
  // A verdict item follows its transaction, and hosting items its update: they are skipped with it
  // (those kept are re-stored as no-ops).
  let skipping = false;
  for (const item of updates) {
    if (isVerdictItem(item) || isHostingItem(item)) {
      if (!skipping) yield item;
      continue;
    }
    const update: HistoryUpdate = item;
    skipping = false;
    if (endOffset !== undefined) {
      if (update.offset === '') {
        if (
          isTransaction(update) &&
          end.migrationId !== undefined &&
          update.migration_id <= end.migrationId
        ) {
          skipping = true;
          continue;
        }
      } else if (decodeScanOffset(update.offset) < endOffset) {
        skipping = true;
        continue;
      }
    }
    yield item;
  }
}

export interface SimulatedNetworkSettings {
  /** The network to create on an empty store (a live one gets its start time from the clock). */
  readonly options: SimulationOptions;
  /** SIMULATION_LIVE: lay the rounds out up to now and go on; else the static history. */
  readonly live: boolean;
  readonly snapshotIntervalHours: number;
  /** Wall-clock milliseconds (default `Date.now`). */
  readonly now?: () => number;
  readonly onWritten?: LiveNetworkDriverOptions['onWritten'];
  readonly onWriteFailed?: LiveNetworkDriverOptions['onWriteFailed'];
}

/** What `openSimulatedNetwork` found in the store, and the driver feeding it (if any). */
export type SimulatedNetworkOpening =
  | {
      readonly kind: 'created' | 'resumed';
      /** The options the network is generated from (as recorded in the store). */
      readonly options: SimulationOptions;
      readonly live: boolean;
      /** Writes what is due (`catchUp`), then, for a live network, what falls due (`run`). */
      readonly driver: LiveNetworkDriver;
    }
  | {
      readonly kind: 'static';
      /** Why the store's history does not advance, in one line. */
      readonly reason: string;
    };

/**
 * Decides what the simulator does with a store. Empty: a new network (its options recorded in
 * `simulated_network`), live or static. Holding a live network this stack simulated (and
 * SIMULATION_LIVE): it is regenerated from the recorded options and resumed after the stored
 * end. Anything else stays as it is, with the reason.
 */
export async function openSimulatedNetwork(
  dataSource: DataSource,
  settings: SimulatedNetworkSettings,
): Promise<SimulatedNetworkOpening> {
  const now = settings.now ?? Date.now;
  const repository = new SimulatedNetworkRepository(Db.of(dataSource));
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: settings.snapshotIntervalHours });
  const driverOptions: LiveNetworkDriverOptions = {
    now,
    onWritten: settings.onWritten,
    onWriteFailed: settings.onWriteFailed,
  };
  const end = await repository.lookupHistoryEnd();
  if (end.empty) {
    const options = settings.live
      ? liveSimulationOptions(settings.options, now())
      : { ...settings.options, continuous: false };
    await repository.recordNetwork({ options, live: settings.live });
    const driver = new LiveNetworkDriver(writer, simulateHistory(options), driverOptions);
    return { kind: 'created', options, live: settings.live, driver };
  }
  const recorded = await repository.lookupNetwork();
  if (recorded === undefined)
    return {
      kind: 'static',
      reason:
        'the store holds history this stack did not simulate (an ingest, a mirror or an earlier release), so there is nothing to resume',
    };
  if (!recorded.live)
    return {
      kind: 'static',
      reason:
        'the store holds the static simulated network (created with SIMULATION_LIVE=false); start on an empty store for a live one',
    };
  if (!settings.live)
    return {
      kind: 'static',
      reason: 'SIMULATION_LIVE=false: the live simulated network in the store is not advanced',
    };
  const options = recorded.options as SimulationOptions;
  const driver = new LiveNetworkDriver(writer, updatesAfter(simulateHistory(options), end), driverOptions);
  return { kind: 'resumed', options, live: true, driver };
}
