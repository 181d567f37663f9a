import { LedgerWriter, type AppendResult } from '../history/ledger-writer';

export interface IngestProgress {
  /** Updates read from the source. */
  read: number;
  appended: number;
  /** Updates already stored (skipped on resume). */
  skipped: number;
  contractsCreated: number;
  snapshotsRecorded: number;
}

export interface IngestOptions {
  batchSize?: number;
  onProgress?: (progress: IngestProgress) => void;
}

/**
 * Feeds a stream of history updates through the one write path in batches. Resumable: the
 * writer skips updates already stored with identical content (and rejects different ones).
 */
export async function ingestUpdates(
  writer: LedgerWriter,
  source: AsyncIterable<unknown> | Iterable<unknown>,
  options: IngestOptions = {},
): Promise<IngestProgress> {
  const batchSize = options.batchSize ?? 2000;
  const progress: IngestProgress = { read: 0, appended: 0, skipped: 0, contractsCreated: 0, snapshotsRecorded: 0 };
  let batch: unknown[] = [];
  // While the database writes one batch, the next one is read and prepared (ids, hashes).
  let pending: Promise<void> | undefined;
  const account = (result: AppendResult) => {
    progress.appended += result.appended;
    progress.skipped += result.skipped;
    progress.contractsCreated += result.contractsCreated;
    progress.snapshotsRecorded += result.snapshotsRecorded.length;
    options.onProgress?.(progress);
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const prepared = writer.prepare(batch);
    batch = [];
    if (pending) await pending;
    pending = writer.appendPrepared(prepared).then(account);
    // Observed when awaited; this only keeps an early failure from counting as unhandled.
    pending.catch(() => undefined);
  };
  for await (const update of source) {
    progress.read++;
    batch.push(update);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (pending) await pending;
  options.onProgress?.(progress);
  return progress;
}
