import type { DataSource } from 'typeorm';
import {
  isHostingItem,
  isVerdictItem,
  LedgerWriter,
  timestampToMicros,
  type HistoryCreatedEvent,
  type HistoryUpdate,
  type HistoryVerdictItem,
  type HistoryHostingItem,
} from '@canton-scan/domain';
import { simulateHistory, type SimulationOptions, type SimulationSummary } from '@canton-scan/simulator';

export * from './tcp-proxy';

/** Appends updates (and verdict and hosting items) through the one write path, in batches. */
export async function writeHistory(
  dataSource: DataSource,
  updates: readonly (HistoryUpdate | HistoryVerdictItem | HistoryHostingItem)[],
  batchSize = 500,
): Promise<void> {
  const writer = new LedgerWriter(dataSource, { snapshotIntervalHours: 3 });
  for (let i = 0; i < updates.length; i += batchSize) await writer.append(updates.slice(i, i + batchSize));
}

/**
 * Generates a simulated network, stores it with its verdict and hosting items, and returns its
 * updates, its verdict items, its hosting items and summary.
 */
export async function loadSimulatedNetwork(
  dataSource: DataSource,
  options: SimulationOptions,
): Promise<{
  updates: HistoryUpdate[];
  verdicts: HistoryVerdictItem[];
  hosting: HistoryHostingItem[];
  summary: SimulationSummary;
}> {
  const items: (HistoryUpdate | HistoryVerdictItem | HistoryHostingItem)[] = [];
  const generator = simulateHistory(options);
  let step = generator.next();
  while (!step.done) {
    items.push(step.value);
    step = generator.next();
  }
  await writeHistory(dataSource, items);
  const updates = items.filter((i): i is HistoryUpdate => !isVerdictItem(i) && !isHostingItem(i));
  return {
    updates,
    verdicts: items.filter(isVerdictItem),
    hosting: items.filter(isHostingItem),
    summary: step.value,
  };
}

/**
 * The ACS of a migration at record time T by replaying the history (independently of the
 * store): contracts created before T and not archived before T, in creation order.
 */
export function replayAcs(
  updates: readonly HistoryUpdate[],
  migrationId: number,
  snapshotTime: string,
): HistoryCreatedEvent[] {
  const t = timestampToMicros(snapshotTime);
  const active = new Map<string, HistoryCreatedEvent>();
  for (const u of updates) {
    if (timestampToMicros(u.record_time) >= t) continue;
    if ('events_by_id' in u) {
      if (u.migration_id !== migrationId) continue;
      for (const e of Object.values(u.events_by_id)) {
        if (e.event_type === 'created_event') active.set(e.contract_id, e);
        else if (e.consuming) active.delete(e.contract_id);
      }
    } else if (
      'created_event' in u.event &&
      u.event.migration_id === migrationId &&
      !active.has(u.event.created_event.contract_id)
    ) {
      // An assignment first seen by this node brings the contract into the history.
      active.set(u.event.created_event.contract_id, u.event.created_event);
    }
  }
  return [...active.values()];
}
