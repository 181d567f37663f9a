import type { DbConnection } from '../database/db';
import { VerdictWriteRepository } from '../scan/events/verdict-write.repository';
import { HostingWriteRepository } from '../scan/hosting/hosting-write.repository';
import { computeActivityTotals, dropActivityTotals } from '../scan/rewards/reward-accounting.repository';
import type { VerdictRow } from '../scan/events/verdict-item';
import { snapshotsDue } from '../snapshots/snapshot-schedule';
import type { BatchCounts, BuiltBatch } from './batch-builder';
import { DerivedWriteRepository, encodeDerivedRows } from './derived-write.repository';
import { encodeHistoryRows, HistoryWriteRepository } from './history-write.repository';

export interface AppendResult extends BatchCounts {
  snapshotsRecorded: string[];
}

/**
 * Encodes the rows a built batch loads by COPY now (`BuiltBatch.encoded`), so that its write only
 * sends them: a pipeline does it while the previous batch is written, and the server, once it
 * takes this batch, is not kept waiting on the encoding.
 */
export function encodeBuiltBatch(b: BuiltBatch): void {
  if (b.result.appended === 0) return;
  b.encoded = { history: encodeHistoryRows(b.history), derived: encodeDerivedRows(b.derived) };
}

/**
 * Writes a built batch in the transaction `connection` is in, the writer lock held already (by
 * that transaction, or by a pipeline's session). The facts the last derived rows depend on are
 * read first, from the committed state the batch goes on top of; then everything is written,
 * ending with the activity totals of the rounds the batch closes.
 */
export async function writeBuiltBatch(
  connection: DbConnection,
  b: BuiltBatch,
  snapshotIntervalHours: number,
): Promise<AppendResult> {
  const verdicts = new VerdictWriteRepository(connection);
  const hosting = new HostingWriteRepository(connection);
  if (b.result.appended === 0) {
    await verdicts.write(b.verdicts, { heldMigrationsOnly: b.verdictsCopied === true });
    await hosting.write(b.hosting ?? []);
    await computeActivityTotals(connection, await dropActivityTotals(connection, activityRounds(b.verdicts)));
    return { ...b.result, snapshotsRecorded: [] };
  }
  const history = new HistoryWriteRepository(connection);
  const derived = new DerivedWriteRepository(connection);

  const snapshotFacts = await derived.snapshotFacts(b.migrations);

  const snapshots = snapshotsDue(
    b.migrations,
    snapshotFacts,
    b.history.updates,
    b.lastRecordTimes,
    snapshotIntervalHours,
  );
  const { openedRounds, ...derivedRows } = b.derived;
  await history.recordHeldMigrations(b.migrationStarts, b.migrationFromStart, {
    verdictsHeld: b.verdictsHeld,
    hostingHeld: b.hostingHeld ?? true,
  });
  await history.write(b.history, b.migrations, b.encoded?.history);
  const reopened = await derived.write(
    { ...derivedRows, miningRounds: openedRounds, snapshots },
    b.encoded?.derived,
  );
  // After the updates: a verdict on one of them is checked against it.
  await verdicts.write(b.verdicts, { heldMigrationsOnly: b.verdictsCopied === true });
  await hosting.write(b.hosting ?? []);
  // The rounds this batch closes have their final activity records now (docs/reward-accounting.md);
  // a round totalled already whose activity or opening comes now (an earlier migration written
  // after a later one) is totalled again.
  const stale = await dropActivityTotals(connection, [
    ...new Set([...reopened, ...activityRounds(b.verdicts)]),
  ]);
  await computeActivityTotals(connection, [
    ...new Set([...b.derived.closedRounds.map((r) => r.round), ...reopened, ...stale]),
  ]);
  if (b.lastOffset !== null) await history.notifyAppended(b.lastOffset.toString());
  return { ...b.result, snapshotsRecorded: snapshots.flatMap((s) => s.times) };
}

/** The rounds the batch's verdicts bring app activity records of. */
function activityRounds(rows: readonly VerdictRow[]): string[] {
  const rounds = new Set<string>();
  for (const row of rows) for (const a of row.activity) rounds.add(String(a.round));
  return [...rounds];
}
